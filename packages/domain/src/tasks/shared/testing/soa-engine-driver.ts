import type { InputModality } from '../envelope';
import type { SoaEvent } from '../soa-engine';

type Step<State, Effect> = { state: State; effects: Effect[] };

/** What a fixed-SOA task's engine offers: its first step, a step per event and the next due time. */
export type SoaEngineUnderTest<State, Effect> = {
  start: () => Step<State, Effect>;
  step: (state: State, event: SoaEvent<unknown>) => Step<State, Effect>;
  nextDueMs: (state: State) => number | null;
};

/**
 * Drives a fixed-SOA engine (shared/soa-engine.ts) by hand in a task's engine tests, and keeps
 * every effect it returns.
 */
export class SoaEngineDriver<
  State extends { kind: string; trial?: { dueAtMs: number } },
  Effect extends { type: string },
  Trial,
> {
  state: State;
  readonly effects: Effect[] = [];

  constructor(private readonly engine: SoaEngineUnderTest<State, Effect>) {
    const step = engine.start();
    this.state = step.state;
    this.effects.push(...step.effects);
  }

  send(event: SoaEvent<unknown>): Effect[] {
    const step = this.engine.step(this.state, event);
    this.state = step.state;
    this.effects.push(...step.effects);
    return step.effects;
  }

  /** The trials recorded so far (RECORD_TRIAL effects). */
  get records(): Trial[] {
    return this.effects.flatMap((e) =>
      e.type === 'RECORD_TRIAL' ? [(e as unknown as { trial: Trial }).trial] : [],
    );
  }

  /** The SHOW_STIMULUS effects so far. */
  get shown(): Extract<Effect, { type: 'SHOW_STIMULUS' }>[] {
    return this.effects.flatMap((e) =>
      e.type === 'SHOW_STIMULUS' ? [e as Extract<Effect, { type: 'SHOW_STIMULUS' }>] : [],
    );
  }

  /** The due time the engine asks a TICK for. */
  get due(): number {
    const due = this.engine.nextDueMs(this.state);
    if (due === null) throw new Error(`nothing due in ${this.state.kind}`);
    return due;
  }

  /** Presents the current trial's stimulus `lateMs` after its due time. */
  onset(lateMs = 0): number {
    if (this.state.kind !== 'trial' || !this.state.trial)
      throw new Error(`no trial in ${this.state.kind}`);
    const atMs = this.state.trial.dueAtMs + lateMs;
    this.send({ type: 'ONSET', atMs, method: 'element-timing' });
    return atMs;
  }

  press(atMs: number, modality: InputModality = 'keyboard') {
    return this.send({ type: 'PRESS', atMs, modality });
  }

  tick(atMs = this.due) {
    return this.send({ type: 'TICK', atMs });
  }
}
