import type { SoaEffect, SoaEvent, SoaState, TrialEnvelope, TrialPosition } from '@cogni/domain';
import { AttentionRecorder, isPageAttended } from './attention';
import { DueTimer, EngineLoop, type TaskRuntimeOptions } from './engine-loop';
import { FrameScheduler } from './frame-scheduler';
import type { Onset } from './onset';
import { type ResponseEvent, ResponseInput } from './response-input';
import { SnapshotStore } from './snapshot-store';
import { TaskStage } from './stage';
import { StageRuntime } from './stage-runtime';

/** The pause between pressing a start button and the block's first stimulus, ms. */
export const GET_READY_MS = 1000;

/** What the React chrome shows; the stage itself is drawn by the runtime, not by React. */
export type SoaSnapshot<Position, RoundResult> = {
  /**
   * 'between': a block's intro waits for the participant; 'get-ready': its first trial follows
   * in a moment; 'running': trials are on; 'finished': every trial is recorded.
   */
  kind: 'between' | 'get-ready' | 'running' | 'finished';
  /** The trial on screen (running), or the block's first trial to come. */
  position: Position | null;
  /** Trials in the block of `position`. */
  blockTrialCount: number | null;
  /** The practice round finished last (shown between blocks), if one was. */
  roundResult: RoundResult | null;
  /** Whether the block to come was begun before (a resumed run). */
  resumed: boolean;
  /**
   * On resume: how many of the block's stimuli before `position` are shown again first, as
   * unrecorded reminders (0 for none).
   */
  reminders: number;
  /** The stimulus on screen is such a reminder. */
  isReminder: boolean;
  /** Set when a trial could not be written to the durable outbox. */
  saveError: string | null;
};

type Step<Position, Planned, Answer, Trial, Feedback, RoundResult> = {
  state: SoaState<Position, Planned, Answer>;
  effects: SoaEffect<Position, Planned, Trial, Feedback, RoundResult>[];
};

/** What a fixed-SOA runtime is made with: the run, where to draw, where trials go. */
export type SoaRuntimeOptions = TaskRuntimeOptions;

/** What a task gives the shared runtime: its engine, its drawing, its keys. */
export type SoaTask<Position, Planned, Answer, Trial, Feedback, RoundResult> = {
  /** The engine's first step (createGoNoGoEngine, createNBackEngine). */
  first: Step<Position, Planned, Answer, Trial, Feedback, RoundResult>;
  step(
    state: SoaState<Position, Planned, Answer>,
    event: SoaEvent<Answer>,
  ): Step<Position, Planned, Answer, Trial, Feedback, RoundResult>;
  nextDueMs(state: SoaState<Position, Planned, Answer>): number | null;
  blockTrialCount(position: Position): number;
  /** The keyboard mapping: the response a key stands for, or null for other keys. */
  keyToResponse(event: Pick<KeyboardEvent, 'code' | 'key'>): string | null;
  /**
   * The PRESS event of a response (a mapped key or a button); `state` is the engine's as the
   * response arrives, before the press is stepped.
   */
  pressOf(response: ResponseEvent, state: SoaState<Position, Planned, Answer>): SoaEvent<Answer>;
  /** The stimulus element of a planned trial, and its Element Timing name. */
  createStimulus(trial: Planned): HTMLElement;
  stimulusName: string;
  /** The element of practice feedback; null for a blank of the feedback's duration. */
  createFeedback(kind: Feedback): HTMLElement | null;
  /**
   * What replaces the stimulus at its offset (SART's mask), drawn with the engine's state then,
   * and its Element Timing name; by default a blank. Its presentation is reported as the
   * stimulus's offset either way.
   */
  createOffset?(trial: Planned, state: SoaState<Position, Planned, Answer>): HTMLElement;
  offsetName?: string;
};

/** A stimulus on its way to the stage: drawn in its frame, then presented. */
type StimulusJob = {
  key: string;
  cancel: () => void;
  presented: Onset | null;
  /** ONSET was sent to the engine. */
  isDelivered: boolean;
};

const keyOf = (position: TrialPosition) =>
  `${position.phase}:${position.block}:${position.trialNumber}`;

/**
 * Runs a fixed-SOA task (the domain's shared engine: Go/No-Go, N-back) in the page. The engine
 * decides what is shown when; this class holds its state outside React, draws into the stage at
 * the engine's due times through a FrameScheduler (an absolute time line: onset k is due at the
 * block's first presented onset plus k periods, never "the last one plus a SOA"), and feeds the
 * engine what happened: presentation times (Element Timing) of each stimulus and of the blank
 * that replaces it, responses with their events' own timestamps, lost focus, and TICKs when
 * trials are due to end.
 *
 * A stimulus is inserted a little before its due time, but the engine names it only at the TICK
 * that ends the trial before. The engine is pure, so the runtime asks ahead: once a trial's end
 * is known it steps a copy of the state with that TICK and draws what the copy would show. The
 * real TICK is sent at the due time, so every press until then counts for its own trial.
 */
export class SoaRuntime<
  Position extends TrialPosition,
  Planned extends Position,
  Answer,
  Trial extends TrialEnvelope,
  Feedback,
  RoundResult,
> extends StageRuntime<SoaSnapshot<Position, RoundResult>> {
  /** The task's keys and, in touch mode, its on-screen buttons (attached by the page). */
  readonly input: ResponseInput;
  private readonly loop: EngineLoop<
    SoaState<Position, Planned, Answer>,
    SoaEvent<Answer>,
    SoaEffect<Position, Planned, Trial, Feedback, RoundResult>
  >;
  protected readonly stage: TaskStage;
  private readonly scheduler: FrameScheduler;
  private readonly initialEffects: SoaEffect<Position, Planned, Trial, Feedback, RoundResult>[];
  protected readonly store: SnapshotStore<SoaSnapshot<Position, RoundResult>>;
  protected readonly attention: AttentionRecorder;
  /** The TICK the engine asks for. */
  private readonly tick = new DueTimer();
  private isDisposed = false;

  private stimulus: StimulusJob | null = null;
  /** The trial whose stimulus is on the stage now, if any. */
  private shownKey: string | null = null;
  private cancelHide: (() => void) | null = null;
  private cancelFeedback: (() => void) | null = null;
  private getReadyTimer: ReturnType<typeof setTimeout> | undefined;

  private roundResult: RoundResult | null = null;
  private intro: { position: Position; resumed: boolean; reminders: number } | null = null;
  private saveError: string | null = null;

  constructor(
    private readonly options: SoaRuntimeOptions,
    private readonly task: SoaTask<Position, Planned, Answer, Trial, Feedback, RoundResult>,
  ) {
    super();
    this.stage = new TaskStage(options.stage);
    this.scheduler = new FrameScheduler({ frameIntervalMs: options.frameIntervalMs });
    this.loop = new EngineLoop(task.first.state, {
      step: task.step,
      perform: (effect) => this.perform(effect),
      settle: () => this.arrange(),
      idle: () => this.publish(),
    });
    this.initialEffects = [...task.first.effects];
    this.store = new SnapshotStore(this.makeSnapshot(), isSameSnapshot);
    this.input = new ResponseInput({
      keyToResponse: task.keyToResponse,
      onResponse: (response) => this.run(task.pressOf(response, this.state)),
      // The keys must not scroll or type while a block runs; between blocks they are the page's.
      isCapturing: () => this.isBlockOn(),
    });
    this.attention = new AttentionRecorder((atMs) => this.run({ type: 'INTERRUPTED', atMs }));
  }

  /** Takes the engine's first step: the intro of the block where the run starts, or the end. */
  start(): void {
    for (const effect of this.initialEffects.splice(0)) this.perform(effect);
    this.publish();
  }

  /** The participant is ready: the waiting block's first trial follows GET_READY_MS later. */
  begin(): void {
    if (this.isDisposed || this.state.kind !== 'waiting' || this.getReadyTimer !== undefined) {
      return;
    }
    this.getReadyTimer = setTimeout(() => {
      this.getReadyTimer = undefined;
      this.run({ type: 'START', atMs: performance.now() });
    }, GET_READY_MS);
    this.publish();
  }

  dispose(): void {
    this.isDisposed = true;
    this.loop.stop();
    this.scheduler.cancelAll();
    this.tick.cancel();
    clearTimeout(this.getReadyTimer);
    this.disposeParts();
  }

  /** The engine's state now. */
  private get state(): SoaState<Position, Planned, Answer> {
    return this.loop.state;
  }

  private isBlockOn(): boolean {
    return (
      this.state.kind === 'trial' ||
      this.state.kind === 'feedback' ||
      this.getReadyTimer !== undefined
    );
  }

  /**
   * Steps the engine with `event` (if any) and with whatever follows from it, one event at a
   * time (EngineLoop): events raised meanwhile (a presentation reported, a press) wait their turn.
   */
  private run(event?: SoaEvent<Answer>): void {
    this.loop.push(event);
  }

  private perform(effect: SoaEffect<Position, Planned, Trial, Feedback, RoundResult>): void {
    switch (effect.type) {
      case 'SHOW_BLOCK_INTRO':
        this.intro = {
          position: effect.position,
          resumed: effect.resumed,
          reminders: effect.reminders ?? 0,
        };
        this.clearStage();
        return;
      case 'SHOW_STIMULUS':
        // Usually drawn already, ahead of the TICK that named it (see arrange).
        this.intro = null;
        this.prepareStimulus(effect.trial, effect.dueAtMs);
        return;
      case 'HIDE_STIMULUS':
        this.scheduleHide(effect.dueAtMs);
        return;
      case 'RECORD_TRIAL':
        this.options.sink.enqueue(this.options.run.id, effect.trial).catch((error: unknown) => {
          this.saveError = (error as Error).message || 'This trial could not be stored';
          this.publish();
        });
        return;
      case 'SHOW_FEEDBACK': {
        this.cancelFeedback?.();
        const element = this.task.createFeedback(effect.kind);
        this.cancelFeedback = this.scheduler.at(performance.now(), () => {
          this.cancelFeedback = null;
          this.shownKey = null;
          return (element ? this.stage.show(element, 'feedback') : this.stage.blank('feedback'))
            .onset;
        });
        return;
      }
      case 'SHOW_PRACTICE_RESULT': {
        const { type: _type, ...result } = effect;
        this.roundResult = result as unknown as RoundResult;
        return;
      }
      case 'FINISHED':
        this.intro = null;
        this.clearStage();
        return;
    }
  }

  /**
   * After every step: tells the engine a presentation it is waiting for, arms the TICK the
   * engine asks for, and draws ahead the stimulus that TICK will show.
   */
  private arrange(): void {
    const { state } = this;
    const job = this.stimulus;
    if (
      state.kind === 'trial' &&
      !state.trial.onset &&
      job?.key === keyOf(state.trial.planned) &&
      job.presented &&
      !job.isDelivered
    ) {
      job.isDelivered = true;
      // Stepping (arrange runs in EngineLoop's settle): these wait their turn in the queue.
      this.loop.push({ type: 'ONSET', atMs: job.presented.timeMs, method: job.presented.method });
      if (!isPageAttended()) {
        this.loop.push({ type: 'INTERRUPTED', atMs: performance.now() });
      }
    }

    const dueMs = this.task.nextDueMs(state);
    const aimed = this.tick.aim(dueMs, (atMs) => this.run({ type: 'TICK', atMs }));
    if (!aimed || dueMs === null) return;
    const ahead = this.task.step(state, { type: 'TICK', atMs: dueMs });
    for (const effect of ahead.effects) {
      if (effect.type === 'SHOW_STIMULUS') this.prepareStimulus(effect.trial, effect.dueAtMs);
    }
  }

  /** Draws `trial`'s stimulus in the frame nearest `dueAtMs`, unless it is on its way already. */
  private prepareStimulus(trial: Planned, dueAtMs: number): void {
    const key = keyOf(trial);
    if (this.stimulus?.key === key) return;
    this.stimulus?.cancel();
    const job: StimulusJob = { key, cancel: () => {}, presented: null, isDelivered: false };
    job.cancel = this.scheduler.at(dueAtMs, () => {
      this.cancelHide?.();
      this.cancelFeedback?.();
      const shown = this.stage.show(this.task.createStimulus(trial), this.task.stimulusName);
      this.shownKey = key;
      void shown.onset.then((onset) => {
        job.presented = onset;
        if (this.stimulus === job) this.run();
      });
      return shown.onset;
    });
    this.stimulus = job;
  }

  /**
   * Replaces the stimulus on screen at `dueAtMs` with a blank, or with what the task draws in
   * its place (createOffset): that element has its own Element Timing identifier, and its
   * presentation is reported as the stimulus's offset.
   */
  private scheduleHide(dueAtMs: number): void {
    if (this.state.kind !== 'trial') return;
    const { planned } = this.state.trial;
    const key = keyOf(planned);
    this.cancelHide?.();
    this.cancelHide = this.scheduler.at(dueAtMs, () => {
      this.cancelHide = null;
      if (this.shownKey !== key) return null;
      this.shownKey = null;
      const offset = this.task.createOffset?.(planned, this.state);
      const blank = offset
        ? this.stage.show(offset, this.task.offsetName ?? 'offset')
        : this.stage.blank();
      void blank.onset.then(({ timeMs }) => {
        const { state } = this;
        if (state.kind === 'trial' && keyOf(state.trial.planned) === key) {
          this.run({ type: 'OFFSET', atMs: timeMs });
        }
      });
      return blank.onset;
    });
  }

  private clearStage(): void {
    this.scheduler.cancelAll();
    this.stimulus = null;
    this.cancelHide = null;
    this.cancelFeedback = null;
    this.shownKey = null;
    this.stage.clear();
  }

  private makeSnapshot(): SoaSnapshot<Position, RoundResult> {
    const { state } = this;
    const kind: SoaSnapshot<Position, RoundResult>['kind'] =
      state.kind === 'finished'
        ? 'finished'
        : state.kind === 'waiting'
          ? this.getReadyTimer !== undefined
            ? 'get-ready'
            : 'between'
          : 'running';
    const position =
      state.kind === 'trial'
        ? state.trial.planned
        : state.kind === 'feedback'
          ? state.last
          : state.kind === 'waiting'
            ? state.next
            : null;
    return {
      kind,
      position: position
        ? ({
            phase: position.phase,
            block: position.block,
            trialNumber: position.trialNumber,
          } as Position)
        : null,
      blockTrialCount: position ? this.task.blockTrialCount(position) : null,
      roundResult: this.roundResult,
      resumed: this.intro?.resumed ?? false,
      reminders: this.intro?.reminders ?? 0,
      isReminder: state.kind === 'trial' && state.trial.isReminder,
      saveError: this.saveError,
    };
  }

  private publish(): void {
    this.store.set(this.makeSnapshot());
  }
}

/** Snapshots that show the same: positions compare by key, the rest by identity. */
function isSameSnapshot<Position extends TrialPosition, RoundResult>(
  next: SoaSnapshot<Position, RoundResult>,
  previous: SoaSnapshot<Position, RoundResult>,
): boolean {
  return (
    next.kind === previous.kind &&
    next.blockTrialCount === previous.blockTrialCount &&
    next.roundResult === previous.roundResult &&
    next.resumed === previous.resumed &&
    next.reminders === previous.reminders &&
    next.isReminder === previous.isReminder &&
    next.saveError === previous.saveError &&
    (next.position === null
      ? previous.position === null
      : previous.position !== null && keyOf(next.position) === keyOf(previous.position))
  );
}
