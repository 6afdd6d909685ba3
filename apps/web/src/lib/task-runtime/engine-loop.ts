import type { InputModality, Run, SavedTrial } from '@cogni/domain';
import type { TrialSink } from './trial-queue';

/** What a task's host is given by its running view. */
export type TaskRuntimeOptions = {
  run: Run;
  /** The element the host draws into. */
  stage: HTMLElement;
  sink: TrialSink;
  /** The run's trials saved on the server or queued in this browser: it resumes after them. */
  saved: readonly SavedTrial[];
  /** The response mode's modality, recorded on trials without a response. */
  inputModality: InputModality;
  /** The frame interval measured before the run, if any. */
  frameIntervalMs?: number | null;
};

/** One step of a pure engine: its next state and what the host must do. */
type Step<State, Effect> = { state: State; effects: readonly Effect[] };

/**
 * Steps a task's pure engine, (state, event) -> (state, effects), one event at a time: an event
 * raised while a step's effects are performed (a presentation reported, a key) waits its turn,
 * so effects always see the state they came from. After each step `settle` runs (it may push
 * more events), and once the queue is empty `idle` runs (to publish a snapshot).
 */
export class EngineLoop<State, Event, Effect> {
  private readonly queue: Event[] = [];
  private isStepping = false;
  private isStopped = false;

  constructor(
    private current: State,
    private readonly handlers: {
      step: (state: State, event: Event) => Step<State, Effect>;
      perform: (effect: Effect) => void;
      settle?: () => void;
      idle?: () => void;
    },
  ) {}

  /** The engine's state now. */
  get state(): State {
    return this.current;
  }

  /** Steps with `event` (if any) and whatever follows; while stepping, queues it. */
  push(event?: Event): void {
    if (this.isStopped) return;
    if (event !== undefined) this.queue.push(event);
    if (this.isStepping) return;
    this.isStepping = true;
    try {
      do {
        const next = this.queue.shift();
        if (next !== undefined) {
          const step = this.handlers.step(this.current, next);
          this.current = step.state;
          for (const effect of step.effects) this.handlers.perform(effect);
        }
        this.handlers.settle?.();
      } while (this.queue.length > 0);
    } finally {
      this.isStepping = false;
    }
    this.handlers.idle?.();
  }

  /** Takes no more events (the host is disposed). */
  stop(): void {
    this.isStopped = true;
    this.queue.length = 0;
  }
}

/**
 * One timer aimed at a due time on the page's clock (performance.now()): it fires once the
 * clock has reached it, aiming again if the timer fired early, never chained from the last.
 */
export class DueTimer {
  private dueMs: number | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;

  /**
   * Aims at `dueMs` (null: nothing), calling `onDue` with the clock's time then. The due time
   * already aimed at changes nothing; returns whether the aim changed.
   */
  aim(dueMs: number | null, onDue: (nowMs: number) => void): boolean {
    if (dueMs === this.dueMs) return false;
    clearTimeout(this.timer);
    this.dueMs = dueMs;
    if (dueMs === null) return true;
    const fire = () => {
      const nowMs = performance.now();
      if (nowMs < dueMs) {
        this.timer = setTimeout(fire, Math.ceil(dueMs - nowMs));
        return;
      }
      this.dueMs = null;
      onDue(nowMs);
    };
    this.timer = setTimeout(fire, Math.max(0, dueMs - performance.now()));
    return true;
  }

  cancel(): void {
    clearTimeout(this.timer);
    this.dueMs = null;
  }
}
