import {
  digitSpanTask,
  engine,
  type Input,
  type Position,
  type PracticeSummary,
  type Prompt,
  positionKey,
  type Scene,
  type Trial,
} from '@cogni/domain/tasks/digit-span';
import {
  createTaskHost,
  type TaskHostRunOptions,
  type TaskHostSnapshot,
  type TaskStageParts,
} from '../../../lib/task-runtime/task-host';

/**
 * The answer key a keyboard event stands for: the digits 1-9 of the top row and of the keypad
 * (by physical key, or by character on other layouts), Backspace, and Enter (either). Other keys,
 * 0 included (lists have no 0), are not the task's.
 */
export function readDigitSpanKey(event: Pick<KeyboardEvent, 'code' | 'key'>): Input | null {
  const physical = /^(?:Digit|Numpad)([1-9])$/.exec(event.code);
  if (physical) return physical[1] as Input;
  if (/^[1-9]$/.test(event.key)) return event.key as Input;
  if (event.key === 'Backspace') return 'backspace';
  if (event.key === 'Enter' || event.code === 'NumpadEnter') return 'submit';
  return null;
}

/** The answer's digits as the stage shows them, spaced; a dash while there is none. */
export function formatEntry(entered: readonly number[]): string {
  return entered.length === 0 ? '–' : entered.join(' ');
}

/**
 * The stage's own words in the reader's language: the cue before a list, the answer prompt in
 * each order, and the note an empty submit leaves. The runner hands them over when the run
 * starts, so drawing a scene looks them up and translates nothing. English by default (the
 * tests).
 */
export type DigitSpanStageTexts = {
  ready: string;
  sameOrder: string;
  reverseOrder: string;
  nothingEntered: string;
};

export const ENGLISH_STAGE_TEXTS: DigitSpanStageTexts = {
  ready: 'Ready',
  sameOrder: 'Enter the digits in the same order',
  reverseOrder: 'Enter the digits in reverse order',
  nothingEntered: 'Nothing entered yet.',
};

/** The element of something the stage shows: a class, the list's position, a text. */
function stageElement(className: string, position: Position, text: string): HTMLElement {
  const element = document.createElement('div');
  element.className = className;
  element.dataset.position = positionKey(position);
  element.textContent = text;
  return element;
}

type PadScene = Extract<Scene, { kind: 'pad' }>;

/** Shows the answer so far, and the note an empty submit leaves, on the answer element. */
function showEntry(element: HTMLElement, scene: PadScene, texts: DigitSpanStageTexts): void {
  const entry = element.querySelector('.ds-entry');
  if (entry) {
    entry.textContent = formatEntry(scene.entered);
    entry.classList.toggle('ds-entry--empty', scene.entered.length === 0);
  }
  const note = element.querySelector('.ds-answer__note');
  if (note) note.textContent = scene.confirmEmpty ? texts.nothingEntered : '';
}

/** The answer prompt: the digits typed so far, above the keypad or the keys. */
function createAnswerElement(scene: PadScene, texts: DigitSpanStageTexts): HTMLElement {
  const { position } = scene;
  const element = document.createElement('div');
  element.className = 'ds-answer';
  element.dataset.position = positionKey(position);
  // The prompt is the element's own text: Element Timing reports an element's presentation by
  // the text nodes it holds itself, so this is what times the keypad's onset.
  const prompt = document.createTextNode(
    position.block === 0 ? texts.sameOrder : texts.reverseOrder,
  );
  // What a screen reader hears of the answer is the running view's status region; the stage
  // shows it.
  const entry = document.createElement('p');
  entry.className = 'ds-entry';
  const note = document.createElement('p');
  note.className = 'ds-answer__note';
  element.append(prompt, entry, note);
  showEntry(element, scene, texts);
  return element;
}

/**
 * What Digit Span draws on the task host's stage: 'Ready', the blank before the first digit,
 * each digit and the blank after it (its offset), and the answer prompt over the keypad, whose
 * entry line changes in place as the answer does. The digit keys, Backspace and Enter answer, and
 * so does the on-screen keypad.
 */
export function digitSpanStageParts(
  texts: DigitSpanStageTexts = ENGLISH_STAGE_TEXTS,
): TaskStageParts<Input, Scene> {
  return {
    keyToInput: readDigitSpanKey,
    draw(scene) {
      switch (scene.kind) {
        case 'ready':
          return {
            element: stageElement('ds-ready', scene.position, texts.ready),
            name: 'ds-ready',
          };
        case 'digit': {
          const element = stageElement('ds-digit', scene.position, String(scene.digit));
          element.dataset.index = String(scene.index);
          return { element, name: 'ds-digit' };
        }
        case 'blank':
        case 'digit-off':
          return { element: null, name: 'blank' };
        case 'pad':
          return { element: createAnswerElement(scene, texts), name: 'ds-pad' };
      }
    },
    redraw(element, scene) {
      if (scene.kind !== 'pad') return false;
      showEntry(element, scene, texts);
      return true;
    },
  };
}

/** The task host running a Digit Span run: its engine and its drawing, its words in `texts`. */
export const createDigitSpanHost = (
  options: TaskHostRunOptions,
  texts: DigitSpanStageTexts = ENGLISH_STAGE_TEXTS,
) => createTaskHost(digitSpanTask, engine, () => digitSpanStageParts(texts), options);

/** A Digit Span run's host, as the running view holds it. */
export type DigitSpanHost = ReturnType<typeof createDigitSpanHost>;

/** What the running view shows, read off the host's snapshot. */
export type DigitSpanView = {
  /**
   * 'intro': a part's intro waits for the participant; 'presenting': a list is being shown (or
   * is about to be); 'answering': the keypad takes the answer; 'feedback': the answer's feedback
   * waits for the participant; 'finished': every list is recorded.
   */
  kind: 'intro' | 'presenting' | 'answering' | 'feedback' | 'finished';
  /** The list on screen, the one the feedback is about, or the first of the part introduced. */
  position: Position | null;
  /** The intro's details: a resumed part, and how the practice before a test went. */
  resumed: boolean;
  practice: PracticeSummary | null;
  /** The answer so far, and whether an empty submit waits for a second one. */
  entered: readonly number[];
  confirmEmpty: boolean;
  /** The list the feedback is about, and what follows it. */
  feedback: { trial: Trial; next: Position | null } | null;
  saveError: string | null;
};

const NOTHING_ENTERED: readonly number[] = [];

/** The running view's reading of a Digit Span host's snapshot. */
export function digitSpanView(snapshot: TaskHostSnapshot<Prompt, Scene>): DigitSpanView {
  const { prompt, scene, saveError } = snapshot;
  const view: DigitSpanView = {
    kind: 'presenting',
    position: (snapshot.progress?.position as Position | undefined) ?? null,
    resumed: false,
    practice: null,
    entered: NOTHING_ENTERED,
    confirmEmpty: false,
    feedback: null,
    saveError,
  };
  switch (snapshot.phase) {
    case 'finished':
      return { ...view, kind: 'finished', position: null };
    case 'get-ready':
      return view;
    case 'prompt':
      if (prompt?.kind === 'intro') {
        const { position, resumed, practice } = prompt;
        return { ...view, kind: 'intro', position, resumed, practice };
      }
      if (prompt?.kind === 'feedback') {
        const { phase, block = 0, trialNumber } = prompt.trial;
        return {
          ...view,
          kind: 'feedback',
          position: { phase, block, trialNumber } as Position,
          feedback: prompt,
        };
      }
      return view;
    case 'running':
      if (scene?.kind !== 'pad') return view;
      return {
        ...view,
        kind: 'answering',
        entered: scene.entered,
        confirmEmpty: scene.confirmEmpty,
      };
  }
}
