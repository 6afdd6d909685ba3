import type { InputModality, SavedTrial } from '@cogni/domain';
import {
  createPvtEngine,
  type PvtConfig,
  PvtConfigSchema,
  type PvtEffect,
  type PvtEvent,
  type PvtPlan,
  type PvtPosition,
  type PvtState,
  planPvt,
  pvtNextDueMs,
  stepPvt,
} from '@cogni/domain/tasks/pvt';
import { AttentionRecorder, isPageAttended } from '../../../lib/task-runtime/attention';
import {
  DueTimer,
  EngineLoop,
  type TaskRuntimeOptions,
} from '../../../lib/task-runtime/engine-loop';
import { FrameScheduler } from '../../../lib/task-runtime/frame-scheduler';
import { ResponseInput } from '../../../lib/task-runtime/response-input';
import { isShallowEqual, SnapshotStore } from '../../../lib/task-runtime/snapshot-store';
import { TaskStage } from '../../../lib/task-runtime/stage';
import { StageRuntime } from '../../../lib/task-runtime/stage-runtime';
import { ScreenWakeLock } from './wake-lock';

const TOO_SOON = 'Too soon!';
const RESPOND_FASTER = 'Please respond faster';

const preventDefault = (event: Event) => event.preventDefault();

/** The Element Timing name of the counter: each one is `pvt-counter-<n>`. */
export const PVT_COUNTER_NAME = 'pvt-counter';

/** What the React chrome shows; the stage itself is drawn by the runtime, not by React. */
export type PvtSnapshot = {
  /**
   * 'intro': a resumed run's intro waits for the participant; 'running': trials are on (a
   * foreperiod, the counter, feedback); 'finished': every trial is recorded.
   */
  kind: 'intro' | 'running' | 'finished';
  /** The trial on screen, or the first of the phase whose intro is shown. */
  position: PvtPosition | null;
  /** The run was resumed after a reload. */
  resumed: boolean;
  /**
   * The test's time left at a resumed run's intro, ms; null otherwise (while the test runs the
   * page shows no clock, which would invite a final spurt).
   */
  remainingMs: number | null;
  /** The first habituation trial: the page reminds what to do. */
  showsReminder: boolean;
  /**
   * What a screen reader is told of the stage's messages ('Too soon!', 'Please respond faster'),
   * through a live region that stays on the page; empty otherwise.
   */
  announcement: string;
  /** Set when a trial could not be written to the durable outbox. */
  saveError: string | null;
};

/**
 * What a PVT runtime is made with: the run, where to draw, where trials go. Without `saved` the
 * run starts at its beginning (a new run, or the timing benchmark's); without `inputModality`,
 * a trial that timed out before any press records the keyboard's.
 */
export type PvtRuntimeOptions = Omit<TaskRuntimeOptions, 'saved' | 'inputModality'> & {
  saved?: readonly SavedTrial[];
  inputModality?: InputModality;
};

/** Space (by physical key, or by character on other layouts): the one response key. */
export function readPvtKey(event: Pick<KeyboardEvent, 'code' | 'key'>): string | null {
  return event.code === 'Space' || event.key === ' ' ? 'space' : null;
}

/** The counter's text for `ms` milliseconds: whole ms, at least three digits ("000", "087"). */
export function formatCounter(ms: number): string {
  return String(Math.max(0, Math.floor(ms))).padStart(3, '0');
}

/** A counter on the stage, counting up every frame until it is stopped. */
type RunningCounter = {
  draw: number;
  /** The counter's own text node: what every frame rewrites. */
  text: Text;
  /** Its presented onset once known; until then the first frame after its insertion stands in. */
  fromMs: number | null;
  firstFrameMs: number | null;
  frame: number | null;
};

/**
 * Runs the PVT in the page. The engine (the domain's pure state machine) decides what is shown
 * when; this class holds its state outside React, draws into the stage (the counter in the frame
 * nearest its due time, through a FrameScheduler, then its digits every frame; the frozen
 * reaction time; 'Too soon!'), and feeds the engine what happened: the counter put on the stage
 * and its presentation time (Element Timing of the counter element), presses with their events'
 * own timestamps (Space, or a touch or the mouse's left button on the stage), lost focus, and
 * TICKs when the feedback or the timeout is due.
 *
 * The digits are the counter element's own text node, rewritten every frame: Element Timing
 * reports an element's first paint once, so the onset is the first presented frame and later
 * digits leave it alone; and the reaction time is the press's timestamp minus that onset, never
 * what the digits show.
 *
 * Constructible outside React: `new PvtRuntime({ run, stage, sink })`, then `start()` and
 * `begin()` (habituation is the run's `habituationTrials` setting).
 */
export class PvtRuntime extends StageRuntime<PvtSnapshot> {
  /** Space; the stage itself answers touches and the mouse's left button. */
  readonly input: ResponseInput;
  private readonly loop: EngineLoop<PvtState, PvtEvent, PvtEffect>;
  private readonly config: PvtConfig;
  private readonly plan: PvtPlan;
  protected readonly stage: TaskStage;
  private readonly scheduler: FrameScheduler;
  private readonly initialEffects: PvtEffect[];
  protected readonly store: SnapshotStore<PvtSnapshot>;
  protected readonly attention: AttentionRecorder;
  /** The TICK the engine asks for (pvtNextDueMs). */
  private readonly tick = new DueTimer();
  private readonly wakeLock = new ScreenWakeLock();
  private isDisposed = false;

  private counter: RunningCounter | null = null;
  private cancelCounter: (() => void) | null = null;
  private cancelClear: (() => void) | null = null;
  private intro: { resumed: boolean; remainingMs: number | null } | null = null;
  private saveError: string | null = null;

  constructor(private readonly options: PvtRuntimeOptions) {
    super();
    this.config = PvtConfigSchema.parse(options.run.config);
    this.plan = planPvt(options.run.seed, this.config);
    this.stage = new TaskStage(options.stage);
    this.scheduler = new FrameScheduler({ frameIntervalMs: options.frameIntervalMs });
    const first = createPvtEngine({
      config: this.config,
      saved: options.saved,
      timeOriginMs: performance.timeOrigin,
      inputModality: options.inputModality,
    });
    this.loop = new EngineLoop(first.state, {
      step: (state, event) => stepPvt(this.config, this.plan, state, event),
      perform: (effect) => this.perform(effect),
      settle: () =>
        this.tick.aim(pvtNextDueMs(this.config, this.state), (atMs) =>
          this.run({ type: 'TICK', atMs }),
        ),
      idle: () => this.publish(),
    });
    this.initialEffects = first.effects;
    this.store = new SnapshotStore(this.makeSnapshot(), isShallowEqual);
    this.input = new ResponseInput({
      keyToResponse: readPvtKey,
      onResponse: ({ atMs, modality }) => this.run({ type: 'PRESS', atMs, modality }),
      // Space must not scroll the page while trials are on; before and after, it is the page's.
      isCapturing: () => this.state.kind === 'trial',
      // A finger resting on the screen is the primary pointer: the tap of another must count.
      acceptsSecondaryPointers: true,
    });
    this.input.attachButton(options.stage, 'tap');
    // A long touch on the stage must not open a menu or select anything.
    options.stage.addEventListener('contextmenu', preventDefault);
    this.attention = new AttentionRecorder((atMs) => this.run({ type: 'INTERRUPTED', atMs }));
  }

  private get state(): PvtState {
    return this.loop.state;
  }

  /** Takes the engine's first step: the intro of the phase where the run starts, or the end. */
  start(): void {
    for (const effect of this.initialEffects.splice(0)) this.perform(effect);
    this.publish();
  }

  /** The participant is ready: the first foreperiod starts now. */
  begin(): void {
    if (this.isDisposed || this.state.kind !== 'waiting') return;
    this.intro = null;
    this.wakeLock.acquire();
    this.run({ type: 'START', atMs: performance.now() });
  }

  dispose(): void {
    this.isDisposed = true;
    this.loop.stop();
    this.scheduler.cancelAll();
    this.tick.cancel();
    this.stopCounter();
    this.wakeLock.release();
    this.options.stage.removeEventListener('contextmenu', preventDefault);
    this.disposeParts();
  }

  /** Steps the engine with `event` and whatever follows from it (EngineLoop). */
  private run(event: PvtEvent): void {
    this.loop.push(event);
  }

  private perform(effect: PvtEffect): void {
    switch (effect.type) {
      case 'SHOW_INTRO':
        this.intro = { resumed: effect.resumed, remainingMs: effect.remainingMs };
        this.clearNow();
        return;
      case 'SHOW_COUNTER':
        this.scheduleCounter(effect.position, effect.draw, effect.dueAtMs);
        return;
      case 'FREEZE_COUNTER': {
        const { counter } = this;
        this.stopCounter();
        if (counter) counter.text.data = formatCounter(effect.rtMs);
        return;
      }
      case 'SHOW_TOO_SOON':
        this.showMessage('pvt-too-soon', TOO_SOON, null);
        return;
      case 'SHOW_TIMEOUT':
        this.showMessage('pvt-timeout', RESPOND_FASTER, this.continueHint());
        return;
      case 'CLEAR': {
        this.cancelClear?.();
        this.cancelClear = this.scheduler.at(effect.dueAtMs, () => {
          this.cancelClear = null;
          this.stage.clear();
          return null;
        });
        return;
      }
      case 'RECORD_TRIAL':
        this.options.sink.enqueue(this.options.run.id, effect.trial).catch((error: unknown) => {
          this.saveError = (error as Error).message || 'This trial could not be stored';
          this.publish();
        });
        return;
      case 'FINISHED':
        this.intro = null;
        this.wakeLock.release();
        this.clearNow();
        return;
    }
  }

  /** Draws the counter of `draw` in the frame nearest `dueAtMs`, then counts up every frame. */
  private scheduleCounter(position: PvtPosition, draw: number, dueAtMs: number): void {
    this.cancelCounter?.();
    this.cancelCounter = this.scheduler.at(dueAtMs, () => {
      this.cancelCounter = null;
      this.cancelClear?.();
      this.cancelClear = null;
      const element = document.createElement('div');
      element.className = 'pvt-counter';
      element.dataset.position = `${position.phase}:${position.block}:${position.trialNumber}`;
      element.dataset.draw = String(draw);
      element.setAttribute('aria-hidden', 'true');
      const text = document.createTextNode(formatCounter(0));
      element.append(text);
      const shown = this.stage.show(element, PVT_COUNTER_NAME);
      const counter: RunningCounter = { draw, text, fromMs: null, firstFrameMs: null, frame: null };
      this.stopCounter();
      this.counter = counter;
      this.countUp(counter);
      this.run({ type: 'DRAWN', draw, atMs: shown.insertedMs });
      void shown.onset.then(({ timeMs, method }) => {
        if (this.counter === counter) counter.fromMs = timeMs;
        this.run({ type: 'ONSET', draw, atMs: timeMs, method });
        if (!isPageAttended()) this.run({ type: 'INTERRUPTED', atMs: performance.now() });
      });
      return shown.onset;
    });
  }

  /** Rewrites the counter's digits every frame: the ms since its onset (or its first frame). */
  private countUp(counter: RunningCounter): void {
    const frame = (frameMs: number) => {
      if (this.counter !== counter) return;
      counter.firstFrameMs ??= frameMs;
      counter.text.data = formatCounter(frameMs - (counter.fromMs ?? counter.firstFrameMs));
      counter.frame = requestAnimationFrame(frame);
    };
    counter.frame = requestAnimationFrame(frame);
  }

  /** Stops the counter's frames (its digits stay as they are). */
  private stopCounter(): void {
    if (this.counter?.frame != null) cancelAnimationFrame(this.counter.frame);
    this.counter = null;
  }

  /** How to go on after a timeout, by the run's input mode. */
  private continueHint(): string {
    return this.options.inputModality === 'touch'
      ? 'Tap the screen to continue'
      : 'Press Space to continue';
  }

  /**
   * Shows a message in place of whatever the stage shows (a counter due is called off). It is
   * plain text: screen readers hear it through the snapshot's announcement, whose live region
   * stays on the page (a status element inserted with its text is often not announced).
   */
  private showMessage(name: string, title: string, detail: string | null): void {
    this.cancelCounter?.();
    this.cancelCounter = null;
    this.cancelClear?.();
    this.cancelClear = null;
    this.stopCounter();
    const element = document.createElement('div');
    element.className = `pvt-message ${name}`;
    element.textContent = title;
    if (detail) {
      const line = document.createElement('span');
      line.className = 'pvt-message__detail';
      line.textContent = detail;
      element.append(line);
    }
    this.stage.show(element, name);
  }

  private clearNow(): void {
    this.scheduler.cancelAll();
    this.cancelCounter = null;
    this.cancelClear = null;
    this.stopCounter();
    this.stage.clear();
  }

  private makeSnapshot(): PvtSnapshot {
    const { state } = this;
    const base = {
      resumed: false,
      remainingMs: null,
      showsReminder: false,
      announcement: '',
      saveError: this.saveError,
    };
    if (state.kind === 'finished') return { ...base, kind: 'finished', position: null };
    if (state.kind === 'waiting') {
      return {
        ...base,
        kind: 'intro',
        position: state.next,
        resumed: this.intro?.resumed ?? state.resumed,
        remainingMs: this.intro?.remainingMs ?? null,
      };
    }
    const { trial } = state;
    const { position } = trial;
    return {
      ...base,
      kind: 'running',
      position,
      resumed: trial.resumed,
      showsReminder:
        position.phase === 'habituation' && position.trialNumber === 0 && !trial.resumed,
      announcement:
        trial.stage === 'too-soon'
          ? TOO_SOON
          : trial.stage === 'timed-out'
            ? `${RESPOND_FASTER}. ${this.continueHint()}.`
            : '',
    };
  }

  private publish(): void {
    const next = this.makeSnapshot();
    const previous = this.store.getSnapshot();
    // A new object only when something shown changed: positions compare by their numbers.
    const samePosition =
      next.position === previous.position ||
      (next.position !== null &&
        previous.position !== null &&
        next.position.phase === previous.position.phase &&
        next.position.trialNumber === previous.position.trialNumber);
    this.store.set(samePosition ? { ...next, position: previous.position } : next);
  }
}
