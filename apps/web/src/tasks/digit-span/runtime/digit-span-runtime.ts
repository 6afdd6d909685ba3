import {
  createDigitSpanEngine,
  type DigitSpanConfig,
  DigitSpanConfigSchema,
  type DigitSpanEffect,
  type DigitSpanEvent,
  type DigitSpanKey,
  type DigitSpanPlan,
  type DigitSpanPosition,
  type DigitSpanPracticeSummary,
  type DigitSpanShown,
  type DigitSpanState,
  type DigitSpanTrial,
  digitSpanNextDueMs,
  digitSpanPositionKey,
  planDigitSpan,
  stepDigitSpan,
} from '@cogni/domain/tasks/digit-span';
import { AttentionRecorder, isPageAttended } from '../../../lib/task-runtime/attention';
import {
  DueTimer,
  EngineLoop,
  type TaskRuntimeOptions,
} from '../../../lib/task-runtime/engine-loop';
import { FrameScheduler } from '../../../lib/task-runtime/frame-scheduler';
import type { Onset } from '../../../lib/task-runtime/onset';
import { ResponseInput } from '../../../lib/task-runtime/response-input';
import { SnapshotStore } from '../../../lib/task-runtime/snapshot-store';
import { type Presentation, TaskStage } from '../../../lib/task-runtime/stage';
import { StageRuntime } from '../../../lib/task-runtime/stage-runtime';

/** What the React chrome shows; the stage itself is drawn by the runtime, not by React. */
export type DigitSpanSnapshot = {
  /**
   * 'intro': a part's intro waits for the participant; 'presenting': a list is being shown;
   * 'answering': the keypad takes the answer; 'feedback': the answer's feedback waits for the
   * participant; 'finished': every list is recorded.
   */
  kind: 'intro' | 'presenting' | 'answering' | 'feedback' | 'finished';
  /** The list on screen, or the first list of the part whose intro is shown. */
  position: DigitSpanPosition | null;
  /** Digits in the list on screen. */
  length: number | null;
  /** The intro's details: a resumed part, and how the practice before a test went. */
  resumed: boolean;
  practice: DigitSpanPracticeSummary | null;
  /** The answer so far, and whether an empty submit waits for a second one. */
  entered: readonly number[];
  confirmEmpty: boolean;
  /** The list the feedback is about, and what follows it. */
  feedback: { trial: DigitSpanTrial; next: DigitSpanPosition | null } | null;
  /** Set when a trial could not be written to the durable outbox. */
  saveError: string | null;
};

/** From a start button to the list's 'Ready' cue, ms: the button's overlay is gone by then. */
export const START_DELAY_MS = 300;

/**
 * The answer key a keyboard event stands for: the digits 1-9 of the top row and of the keypad
 * (by physical key, or by character on other layouts), Backspace, and Enter (either). Other keys,
 * 0 included (lists have no 0), are not the task's.
 */
export function readDigitSpanKey(event: Pick<KeyboardEvent, 'code' | 'key'>): DigitSpanKey | null {
  const physical = /^(?:Digit|Numpad)([1-9])$/.exec(event.code);
  if (physical) return physical[1] as DigitSpanKey;
  if (/^[1-9]$/.test(event.key)) return event.key as DigitSpanKey;
  if (event.key === 'Backspace') return 'backspace';
  if (event.key === 'Enter' || event.code === 'NumpadEnter') return 'submit';
  return null;
}

/** The element of something the stage shows: a class, the list's position, a text. */
function stageElement(className: string, position: DigitSpanPosition, text: string): HTMLElement {
  const element = document.createElement('div');
  element.className = className;
  element.dataset.position = digitSpanPositionKey(position);
  element.textContent = text;
  return element;
}

/** The answer's digits as the stage shows them, spaced; a dash while there is none. */
export function formatEntry(entered: readonly number[]): string {
  return entered.length === 0 ? '–' : entered.join(' ');
}

/**
 * Runs Digit Span in the page. The engine (the domain's pure state machine) decides what is
 * shown when; this class holds its state outside React, draws into the stage at the engine's
 * due times through a FrameScheduler (the digits of a list on an absolute time line from the
 * first digit's presented onset), and feeds the engine what happened: presentation times
 * (Element Timing: the digits, the blanks after them, the keypad), answer keys with their events'
 * own timestamps, lost focus, and a TICK at the end of the answer (its time limit).
 */
export class DigitSpanRuntime extends StageRuntime<DigitSpanSnapshot> {
  /** The answer keys and, in touch mode, the on-screen keypad (attached by the page). */
  readonly input: ResponseInput;
  private readonly loop: EngineLoop<DigitSpanState, DigitSpanEvent, DigitSpanEffect>;
  private readonly config: DigitSpanConfig;
  private readonly plan: DigitSpanPlan;
  protected readonly stage: TaskStage;
  private readonly scheduler: FrameScheduler;
  private readonly initialEffects: DigitSpanEffect[];
  protected readonly store: SnapshotStore<DigitSpanSnapshot>;
  protected readonly attention: AttentionRecorder;
  /** The TICK at the end of the answer (digitSpanNextDueMs). */
  private readonly tick = new DueTimer();
  private isDisposed = false;

  /** The answer element on the stage, whose entry line the runtime updates. */
  private answerElement: HTMLElement | null = null;
  private startTimer: ReturnType<typeof setTimeout> | undefined;
  private intro: { resumed: boolean; practice: DigitSpanPracticeSummary | null } | null = null;
  private feedback: DigitSpanSnapshot['feedback'] = null;
  private padShown = false;
  private saveError: string | null = null;

  constructor(private readonly options: TaskRuntimeOptions) {
    super();
    this.config = DigitSpanConfigSchema.parse(options.run.config);
    this.plan = planDigitSpan(options.run.seed, this.config);
    this.stage = new TaskStage(options.stage);
    this.scheduler = new FrameScheduler({ frameIntervalMs: options.frameIntervalMs });
    const first = createDigitSpanEngine({
      config: this.config,
      saved: options.saved,
      timeOriginMs: performance.timeOrigin,
      inputModality: options.inputModality,
    });
    this.loop = new EngineLoop(first.state, {
      step: (state, event) => stepDigitSpan(this.config, this.plan, state, event),
      perform: (effect) => this.perform(effect),
      settle: () =>
        this.tick.aim(digitSpanNextDueMs(this.config, this.state), (atMs) =>
          this.run({ type: 'TICK', atMs }),
        ),
      idle: () => this.publish(),
    });
    this.initialEffects = first.effects;
    this.store = new SnapshotStore(this.makeSnapshot(), isSameSnapshot);
    this.input = new ResponseInput({
      keyToResponse: readDigitSpanKey,
      onResponse: ({ response, atMs, modality }) =>
        this.run({ type: 'KEY', key: response as DigitSpanKey, atMs, modality }),
      // While a list is on, Backspace must not leave the page and Enter must not press a button.
      isCapturing: () => this.state.kind === 'trial',
    });
    this.attention = new AttentionRecorder((atMs) => this.run({ type: 'INTERRUPTED', atMs }));
    window.addEventListener('paste', this.onPaste, true);
  }

  private get state(): DigitSpanState {
    return this.loop.state;
  }

  /** Takes the engine's first step: the intro of the part where the run starts, or the end. */
  start(): void {
    for (const effect of this.initialEffects.splice(0)) this.perform(effect);
    this.publish();
  }

  /** The participant pressed an intro's or feedback's button: the next list follows shortly. */
  proceed(): void {
    const { kind } = this.state;
    if (this.isDisposed || (kind !== 'waiting' && kind !== 'feedback')) return;
    if (this.startTimer !== undefined) return;
    this.intro = null;
    this.feedback = null;
    this.startTimer = setTimeout(() => {
      this.startTimer = undefined;
      this.run({ type: 'START', atMs: performance.now() });
    }, START_DELAY_MS);
    this.publish();
  }

  dispose(): void {
    this.isDisposed = true;
    this.loop.stop();
    this.scheduler.cancelAll();
    this.tick.cancel();
    clearTimeout(this.startTimer);
    window.removeEventListener('paste', this.onPaste, true);
    this.disposeParts();
  }

  /** Pasted text is never an answer: the answer is typed. */
  private readonly onPaste = (event: ClipboardEvent): void => {
    if (this.state.kind === 'trial') event.preventDefault();
  };

  /** Steps the engine with `event` and whatever follows from it (EngineLoop). */
  private run(event: DigitSpanEvent): void {
    this.loop.push(event);
  }

  private perform(effect: DigitSpanEffect): void {
    switch (effect.type) {
      case 'SHOW_BLOCK_INTRO':
        this.intro = { resumed: effect.resumed, practice: effect.practice };
        this.clearStage();
        return;
      case 'SHOW_READY': {
        const { trial } = effect;
        this.padShown = false;
        this.answerElement = null;
        this.present(effect.dueAtMs, { kind: 'ready' }, () =>
          stageElement('ds-ready', trial, 'Ready'),
        );
        return;
      }
      case 'SHOW_BLANK':
        this.scheduler.at(effect.dueAtMs, () => this.stage.blank().onset);
        return;
      case 'HIDE_DIGIT': {
        // The blank's presentation is the digit's offset: the record has its exposure.
        const shown: DigitSpanShown = { kind: 'blank', index: effect.index };
        this.scheduler.at(effect.dueAtMs, () => this.reportOnset(shown, this.stage.blank()));
        return;
      }
      case 'SHOW_DIGIT': {
        const position = this.currentPosition();
        if (!position) return;
        const { index, digit } = effect;
        this.present(effect.dueAtMs, { kind: 'digit', index }, () => {
          const element = stageElement('ds-digit', position, String(digit));
          element.dataset.index = String(index);
          return element;
        });
        return;
      }
      case 'SHOW_PAD': {
        const position = this.currentPosition();
        if (!position) return;
        this.present(effect.dueAtMs, { kind: 'pad' }, () => {
          this.padShown = true;
          this.answerElement = this.createAnswerElement(position);
          this.publish();
          return this.answerElement;
        });
        return;
      }
      case 'UPDATE_ENTRY': {
        const entry = this.answerElement?.querySelector('.ds-entry');
        if (entry) {
          entry.textContent = formatEntry(effect.entered);
          entry.classList.toggle('ds-entry--empty', effect.entered.length === 0);
        }
        const note = this.answerElement?.querySelector('.ds-answer__note');
        if (note) note.textContent = effect.confirmEmpty ? 'Nothing entered yet.' : '';
        return;
      }
      case 'RECORD_TRIAL':
        this.options.sink.enqueue(this.options.run.id, effect.trial).catch((error: unknown) => {
          this.saveError = (error as Error).message || 'This answer could not be stored';
          this.publish();
        });
        return;
      case 'SHOW_FEEDBACK':
        this.feedback = { trial: effect.trial, next: effect.next };
        this.clearStage();
        return;
      case 'FINISHED':
        this.intro = null;
        this.clearStage();
        return;
    }
  }

  /** The answer prompt: the digits typed so far, above the keypad or the keys. */
  private createAnswerElement(position: DigitSpanPosition): HTMLElement {
    const element = document.createElement('div');
    element.className = 'ds-answer';
    element.dataset.position = digitSpanPositionKey(position);
    // The prompt is the element's own text: Element Timing reports an element's presentation
    // by the text nodes it holds itself, so this is what times the keypad's onset.
    const prompt = document.createTextNode(
      position.block === 0
        ? 'Enter the digits in the same order'
        : 'Enter the digits in reverse order',
    );
    // What a screen reader hears of the answer is the running view's status region; the stage
    // shows it.
    const entry = document.createElement('p');
    entry.className = 'ds-entry ds-entry--empty';
    entry.textContent = formatEntry([]);
    const note = document.createElement('p');
    note.className = 'ds-answer__note';
    element.append(prompt, entry, note);
    return element;
  }

  /** Draws `create()`'s element in the frame nearest `dueAtMs` and reports its onset. */
  private present(dueAtMs: number, shown: DigitSpanShown, create: () => HTMLElement): void {
    this.scheduler.at(dueAtMs, () =>
      this.reportOnset(shown, this.stage.show(create(), `ds-${shown.kind}`)),
    );
  }

  /** Tells the engine when `presentation` (what `shown` names) was presented. */
  private reportOnset(shown: DigitSpanShown, presentation: Presentation): Promise<Onset> {
    void presentation.onset.then(({ timeMs, method }) => {
      this.run({ type: 'ONSET', shown, atMs: timeMs, method });
      if (shown.kind === 'digit' && shown.index === 0 && !isPageAttended()) {
        this.run({ type: 'INTERRUPTED', atMs: performance.now() });
      }
    });
    return presentation.onset;
  }

  private currentPosition(): DigitSpanPosition | null {
    return this.state.kind === 'trial' ? this.state.trial.planned : null;
  }

  private clearStage(): void {
    this.scheduler.cancelAll();
    this.answerElement = null;
    this.padShown = false;
    this.stage.clear();
  }

  private makeSnapshot(): DigitSpanSnapshot {
    const { state } = this;
    const base = {
      resumed: this.intro?.resumed ?? false,
      practice: this.intro?.practice ?? null,
      feedback: this.feedback,
      saveError: this.saveError,
      entered: [] as readonly number[],
      confirmEmpty: false,
      length: null,
    };
    if (state.kind === 'trial') {
      const { planned } = state.trial;
      return {
        ...base,
        kind: this.padShown ? 'answering' : 'presenting',
        position: { phase: planned.phase, block: planned.block, trialNumber: planned.trialNumber },
        length: planned.length,
        entered: state.trial.entered,
        confirmEmpty: state.trial.confirmEmpty,
      };
    }
    if (state.kind === 'finished') return { ...base, kind: 'finished', position: null };
    if (this.startTimer !== undefined) {
      const next = state.kind === 'waiting' || state.kind === 'feedback' ? state.next : null;
      return { ...base, kind: 'presenting', position: next, feedback: null };
    }
    if (state.kind === 'feedback') return { ...base, kind: 'feedback', position: state.last };
    return { ...base, kind: 'intro', position: state.next };
  }

  private publish(): void {
    this.store.set(this.makeSnapshot());
  }
}

/** Snapshots that show the same: positions compare by key, the rest by identity. */
function isSameSnapshot(next: DigitSpanSnapshot, previous: DigitSpanSnapshot): boolean {
  return (
    next.kind === previous.kind &&
    next.length === previous.length &&
    next.resumed === previous.resumed &&
    next.practice === previous.practice &&
    next.entered === previous.entered &&
    next.confirmEmpty === previous.confirmEmpty &&
    next.feedback === previous.feedback &&
    next.saveError === previous.saveError &&
    (next.position === null
      ? previous.position === null
      : previous.position !== null &&
        digitSpanPositionKey(next.position) === digitSpanPositionKey(previous.position))
  );
}
