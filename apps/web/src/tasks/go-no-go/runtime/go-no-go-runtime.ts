import {
  createGoNoGoEngine,
  type GoNoGoConfig,
  GoNoGoConfigSchema,
  type GoNoGoEffect,
  type GoNoGoEvent,
  type GoNoGoFeedbackKind,
  type GoNoGoPlan,
  type GoNoGoPosition,
  type GoNoGoState,
  getGoNoGoBlockTrialCount,
  goNoGoNextDueMs,
  type InputModality,
  type PlannedGoNoGoTrial,
  planGoNoGo,
  type Run,
  type SavedTrial,
  stepGoNoGo,
} from '@cogni/domain';
import {
  type AttentionEvent,
  AttentionRecorder,
  isPageAttended,
} from '../../../lib/task-runtime/attention';
import { FrameScheduler } from '../../../lib/task-runtime/frame-scheduler';
import type { Onset } from '../../../lib/task-runtime/onset';
import { ResponseInput } from '../../../lib/task-runtime/response-input';
import { SnapshotStore } from '../../../lib/task-runtime/snapshot-store';
import { TaskStage } from '../../../lib/task-runtime/stage';
import type { TrialSink } from '../../../lib/task-runtime/trial-queue';

/** A finished practice round, as the engine reported it. */
export type PracticeRoundResult = {
  round: number;
  correct: number;
  total: number;
  criterionMet: boolean;
};

/** What the React chrome shows; the stage itself is drawn by the runtime, not by React. */
export type GoNoGoSnapshot = {
  /**
   * 'between': a block's intro waits for the participant; 'get-ready': its first trial follows
   * in a moment; 'running': trials are on; 'finished': every trial is recorded.
   */
  kind: 'between' | 'get-ready' | 'running' | 'finished';
  /** The trial on screen (running), or the block's first trial to come. */
  position: GoNoGoPosition | null;
  /** Trials in the block of `position`. */
  blockTrialCount: number | null;
  /** The practice round finished last (shown between blocks), if one was. */
  roundResult: PracticeRoundResult | null;
  /** Whether the block to come was begun before (a resumed run). */
  resumed: boolean;
  /** Set when a trial could not be written to the durable outbox. */
  saveError: string | null;
};

/** The pause between pressing a start button and the block's first stimulus, ms. */
export const GET_READY_MS = 1000;

/** Space (by physical key, or by character on other layouts): the one response key. */
export function readSpaceKey(event: Pick<KeyboardEvent, 'code' | 'key'>): string | null {
  return event.code === 'Space' || event.key === ' ' ? 'space' : null;
}

const keyOf = (position: GoNoGoPosition) =>
  `${position.phase}:${position.block}:${position.trialNumber}`;

const FEEDBACK_TEXT: Record<GoNoGoFeedbackKind, string> = {
  correct: 'Correct',
  incorrect: 'Incorrect',
  'too-slow': 'Too slow',
};

/** The stimulus element: a square drawn in CSS (solid or outlined), or the letter P or R. */
export function createStimulusElement(trial: PlannedGoNoGoTrial): HTMLElement {
  const element = document.createElement('div');
  element.dataset.position = keyOf(trial);
  element.dataset.stimulus = trial.stimulusId;
  if (trial.stimulusId === 'P' || trial.stimulusId === 'R') {
    element.className = 'gng-stimulus gng-stimulus--letter';
    element.textContent = trial.stimulusId;
  } else {
    element.className = `gng-stimulus gng-stimulus--${trial.stimulusId}`;
  }
  return element;
}

/** A stimulus on its way to the stage: drawn in its frame, then presented. */
type StimulusJob = {
  key: string;
  cancel: () => void;
  presented: Onset | null;
  /** ONSET was sent to the engine. */
  isDelivered: boolean;
};

/**
 * Runs Go/No-Go in the page. The engine (the domain's pure state machine) decides what is shown
 * when; this class holds its state outside React (timing.md rule 7), draws into the stage at
 * the engine's due times through a FrameScheduler (an absolute time line: onset k is due at the
 * block's first presented onset plus k periods, never "the last one plus a SOA"), and feeds the
 * engine what happened: presentation times (Element Timing), presses with their events' own
 * timestamps, lost focus, and TICKs when trials are due to end.
 *
 * A stimulus must be inserted a little before its due time to be presented at it, but the
 * engine names the next stimulus only when the trial before has ended (the TICK at that very
 * time). The engine is pure, so the runtime asks it ahead: as soon as a trial's end is known it
 * steps a copy of the state with that TICK, and draws the stimulus the copy would show in the
 * frame nearest its due time. The real TICK is sent when the clock reaches the due time, so
 * every press until then still counts for the trial it belongs to; the stimulus it shows is
 * the one already drawn.
 */
export class GoNoGoRuntime {
  /** The Space key and, in touch mode, the on-screen button (attached by the page). */
  readonly input: ResponseInput;
  private state: GoNoGoState;
  private readonly config: GoNoGoConfig;
  private readonly plan: GoNoGoPlan;
  private readonly stage: TaskStage;
  private readonly scheduler: FrameScheduler;
  private readonly initialEffects: GoNoGoEffect[];
  private readonly store: SnapshotStore<GoNoGoSnapshot>;
  private readonly attention: AttentionRecorder;
  private readonly queue: GoNoGoEvent[] = [];
  private isStepping = false;
  private isDisposed = false;

  private stimulus: StimulusJob | null = null;
  /** The trial whose stimulus is on the stage now, if any. */
  private shownKey: string | null = null;
  private cancelHide: (() => void) | null = null;
  private cancelFeedback: (() => void) | null = null;
  /** The TICK armed, and its due time. */
  private tickDueMs: number | null = null;
  private tickTimer: ReturnType<typeof setTimeout> | undefined;
  private getReadyTimer: ReturnType<typeof setTimeout> | undefined;

  private roundResult: PracticeRoundResult | null = null;
  private intro: { position: GoNoGoPosition; resumed: boolean } | null = null;
  private saveError: string | null = null;

  constructor(
    private readonly options: {
      run: Run;
      stage: HTMLElement;
      sink: TrialSink;
      /** The run's trials saved on the server or queued in this browser: it resumes after them. */
      saved: readonly SavedTrial[];
      /** The response mode's modality, recorded on trials without a press. */
      inputModality: InputModality;
      /** The frame interval measured before the run, if any. */
      frameIntervalMs?: number | null;
    },
  ) {
    this.config = GoNoGoConfigSchema.parse(options.run.config);
    this.plan = planGoNoGo(options.run.seed, this.config);
    this.stage = new TaskStage(options.stage);
    this.scheduler = new FrameScheduler({ frameIntervalMs: options.frameIntervalMs });
    const first = createGoNoGoEngine({
      config: this.config,
      saved: options.saved,
      timeOriginMs: performance.timeOrigin,
      inputModality: options.inputModality,
    });
    this.state = first.state;
    this.initialEffects = first.effects;
    this.store = new SnapshotStore(this.makeSnapshot(), isSameSnapshot);
    this.input = new ResponseInput({
      keyToResponse: readSpaceKey,
      onResponse: ({ atMs, modality }) => this.run({ type: 'PRESS', atMs, modality }),
      // Space must not scroll the page while a block runs; between blocks it presses buttons.
      isCapturing: () => this.isBlockOn(),
    });
    this.attention = new AttentionRecorder((atMs) => this.run({ type: 'INTERRUPTED', atMs }));
  }

  get subscribe() {
    return this.store.subscribe;
  }

  get getSnapshot() {
    return this.store.getSnapshot;
  }

  /** Blur, focus and visibility changes of the whole run, for the measurement record. */
  getAttentionEvents(): AttentionEvent[] {
    return this.attention.getEvents();
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
    this.scheduler.cancelAll();
    clearTimeout(this.tickTimer);
    clearTimeout(this.getReadyTimer);
    this.stage.dispose();
    this.input.dispose();
    this.attention.dispose();
    this.store.dispose();
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
   * time: events raised meanwhile (a presentation reported, a press) wait their turn.
   */
  private run(event?: GoNoGoEvent): void {
    if (this.isDisposed) return;
    if (event) this.queue.push(event);
    if (this.isStepping) return;
    this.isStepping = true;
    try {
      do {
        const next = this.queue.shift();
        if (next) {
          const step = stepGoNoGo(this.config, this.plan, this.state, next);
          this.state = step.state;
          for (const effect of step.effects) this.perform(effect);
        }
        this.arrange();
      } while (this.queue.length > 0);
    } finally {
      this.isStepping = false;
    }
    this.publish();
  }

  private perform(effect: GoNoGoEffect): void {
    switch (effect.type) {
      case 'SHOW_BLOCK_INTRO':
        this.intro = { position: effect.position, resumed: effect.resumed };
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
        const text = FEEDBACK_TEXT[effect.kind];
        this.cancelFeedback = this.scheduler.at(performance.now(), () => {
          this.cancelFeedback = null;
          const element = document.createElement('p');
          element.className = `task-feedback task-feedback--${effect.kind}`;
          element.textContent = text;
          this.shownKey = null;
          return this.stage.show(element, 'feedback').onset;
        });
        return;
      }
      case 'SHOW_PRACTICE_RESULT':
        this.roundResult = {
          round: effect.round,
          correct: effect.correct,
          total: effect.total,
          criterionMet: effect.criterionMet,
        };
        return;
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
      this.queue.push({ type: 'ONSET', atMs: job.presented.timeMs, method: job.presented.method });
      if (!isPageAttended()) {
        this.queue.push({ type: 'INTERRUPTED', atMs: performance.now() });
      }
    }

    const dueMs = goNoGoNextDueMs(this.config, state);
    if (dueMs === this.tickDueMs) return;
    clearTimeout(this.tickTimer);
    this.tickDueMs = dueMs;
    if (dueMs === null) return;
    this.armTick(dueMs);
    const ahead = stepGoNoGo(this.config, this.plan, state, { type: 'TICK', atMs: dueMs });
    for (const effect of ahead.effects) {
      if (effect.type === 'SHOW_STIMULUS') this.prepareStimulus(effect.trial, effect.dueAtMs);
    }
  }

  /** A TICK once the clock has reached `dueMs`: one timer aimed at that time, not a chain. */
  private armTick(dueMs: number): void {
    const fire = () => {
      const nowMs = performance.now();
      if (nowMs < dueMs) {
        this.tickTimer = setTimeout(fire, Math.ceil(dueMs - nowMs));
        return;
      }
      this.tickDueMs = null;
      this.run({ type: 'TICK', atMs: nowMs });
    };
    this.tickTimer = setTimeout(fire, Math.max(0, dueMs - performance.now()));
  }

  /** Draws `trial`'s stimulus in the frame nearest `dueAtMs`, unless it is on its way already. */
  private prepareStimulus(trial: PlannedGoNoGoTrial, dueAtMs: number): void {
    const key = keyOf(trial);
    if (this.stimulus?.key === key) return;
    this.stimulus?.cancel();
    const job: StimulusJob = { key, cancel: () => {}, presented: null, isDelivered: false };
    job.cancel = this.scheduler.at(dueAtMs, () => {
      this.cancelHide?.();
      this.cancelFeedback?.();
      const shown = this.stage.show(createStimulusElement(trial), 'stimulus');
      this.shownKey = key;
      void shown.onset.then((onset) => {
        job.presented = onset;
        if (this.stimulus === job) this.run();
      });
      return shown.onset;
    });
    this.stimulus = job;
  }

  /** Replaces the stimulus on screen with a blank at `dueAtMs`, and reports the blank's onset. */
  private scheduleHide(dueAtMs: number): void {
    if (this.state.kind !== 'trial') return;
    const key = keyOf(this.state.trial.planned);
    this.cancelHide?.();
    this.cancelHide = this.scheduler.at(dueAtMs, () => {
      this.cancelHide = null;
      if (this.shownKey !== key) return null;
      this.shownKey = null;
      const blank = this.stage.blank();
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

  private makeSnapshot(): GoNoGoSnapshot {
    const { state } = this;
    const kind: GoNoGoSnapshot['kind'] =
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
        ? { phase: position.phase, block: position.block, trialNumber: position.trialNumber }
        : null,
      blockTrialCount: position ? getGoNoGoBlockTrialCount(this.config, position.phase) : null,
      roundResult: this.roundResult,
      resumed: this.intro?.resumed ?? false,
      saveError: this.saveError,
    };
  }

  private publish(): void {
    this.store.set(this.makeSnapshot());
  }
}

/** Snapshots that show the same: positions compare by key, the rest by identity. */
function isSameSnapshot(next: GoNoGoSnapshot, previous: GoNoGoSnapshot): boolean {
  return (
    next.kind === previous.kind &&
    next.blockTrialCount === previous.blockTrialCount &&
    next.roundResult === previous.roundResult &&
    next.resumed === previous.resumed &&
    next.saveError === previous.saveError &&
    (next.position === null
      ? previous.position === null
      : previous.position !== null && keyOf(next.position) === keyOf(previous.position))
  );
}
