import type { InputModality } from '@cogni/domain';

/** One response: what was answered, when (the event's own timestamp) and with what. */
export type ResponseEvent<Response = string> = {
  /** The task's response: a key's mapped name or an on-screen button's. */
  response: Response;
  /** The event's timeStamp, on the page's performance.now() time line. */
  atMs: number;
  modality: InputModality;
};

export type ResponseInputOptions<KeyResponse = string, ButtonResponse = KeyResponse> = {
  /** The task's keyboard mapping: the response a key stands for, or null for other keys. */
  keyToResponse: (event: Pick<KeyboardEvent, 'code' | 'key'>) => KeyResponse | null;
  /** Called for every fresh press of a mapped key and every press of a response button. */
  onResponse: (event: ResponseEvent<KeyResponse | ButtonResponse>) => void;
  /**
   * Whether mapped keys should not do what they would do on the page (Space scrolling, arrows):
   * true while a trial is on. Checked at each key event.
   */
  isCapturing: () => boolean;
  /**
   * Whether a press of a pointer that is not the primary one counts (a second finger while
   * another rests on the screen). Off by default: a task with several buttons takes one touch at
   * a time. A task whose whole stage is one button turns it on, so a resting finger (the
   * primary pointer) never blocks every later tap.
   */
  acceptsSecondaryPointers?: boolean;
};

/** What on-screen response buttons need of a task's input: to attach and detach them. */
export type ResponseButtons = {
  attachButton(element: HTMLElement, response: string): void;
  detachButton(element: HTMLElement): void;
};

/** The modality of a pointer event: a finger or a pen is touch, a mouse is a mouse. */
export function modalityOfPointer(pointerType: string): InputModality {
  return pointerType === 'mouse' ? 'mouse' : 'touch';
}

/**
 * A task's responses from the keyboard and from on-screen buttons, with the event's own
 * timestamp read first thing in the listener (the handler may run late; the timestamp does not).
 *
 * Keyboard: only a fresh press counts. An auto-repeat is ignored, and a key counts again only
 * after its keyup, so a key held down (or one whose keyup the page never saw, after a blur) never
 * answers a later trial. Buttons respond on pointerdown, never click: click fires on release and
 * would add the press's duration to the reaction time.
 */
export class ResponseInput<KeyResponse = string, ButtonResponse = KeyResponse> {
  private readonly held = new Set<string>();
  private readonly buttons = new Map<HTMLElement, (event: PointerEvent) => void>();
  private isDisposed = false;

  constructor(private readonly options: ResponseInputOptions<KeyResponse, ButtonResponse>) {
    window.addEventListener('keydown', this.onKeyDown, true);
    window.addEventListener('keyup', this.onKeyUp, true);
    window.addEventListener('blur', this.onBlur);
  }

  /** Makes `element` answer `response` on pointerdown, until dispose or detachButton. */
  attachButton(element: HTMLElement, response: ButtonResponse): void {
    this.detachButton(element);
    const listener = (event: PointerEvent) => {
      const atMs = event.timeStamp;
      if (event.button > 0) return;
      if (!event.isPrimary && !this.options.acceptsSecondaryPointers) return;
      // No focus move, text selection or emulated mouse events from the touch.
      event.preventDefault();
      this.options.onResponse({ response, atMs, modality: modalityOfPointer(event.pointerType) });
    };
    element.addEventListener('pointerdown', listener);
    this.buttons.set(element, listener);
  }

  detachButton(element: HTMLElement): void {
    const listener = this.buttons.get(element);
    if (listener) element.removeEventListener('pointerdown', listener);
    this.buttons.delete(element);
  }

  dispose(): void {
    this.isDisposed = true;
    window.removeEventListener('keydown', this.onKeyDown, true);
    window.removeEventListener('keyup', this.onKeyUp, true);
    window.removeEventListener('blur', this.onBlur);
    for (const element of [...this.buttons.keys()]) this.detachButton(element);
  }

  private readonly onKeyDown = (event: KeyboardEvent): void => {
    const atMs = event.timeStamp;
    if (this.isDisposed || event.ctrlKey || event.metaKey || event.altKey) return;
    const response = this.options.keyToResponse(event);
    if (response === null) return;
    if (this.options.isCapturing()) event.preventDefault();
    const isFresh = !event.repeat && !this.held.has(event.code || event.key);
    this.held.add(event.code || event.key);
    if (isFresh) this.options.onResponse({ response, atMs, modality: 'keyboard' });
  };

  private readonly onKeyUp = (event: KeyboardEvent): void => {
    this.held.delete(event.code || event.key);
  };

  /** A key released while the page had no focus sends no keyup here: forget every held key. */
  private readonly onBlur = (): void => {
    this.held.clear();
  };
}
