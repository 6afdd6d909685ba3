import type { EngineEffect, EngineEvent, EngineStart, RunEngine } from '../../engine';

/** The time origin of the runs driven here (ms since the epoch). */
export const CONTRACT_RUN_TIME_ORIGIN_MS = 1_795_000_000_000;

/**
 * A task's contract engine for one run, driven by hand in its tests: events sent one at a time,
 * every effect kept, the trials it recorded read back.
 */
export function contractRun<State, Input, Scene, Prompt, Trial>(
  engine: RunEngine<State, Input, Scene, Prompt, Trial>,
  start: Partial<EngineStart> = {},
) {
  const first = engine.start({
    saved: [],
    timeOriginMs: CONTRACT_RUN_TIME_ORIGIN_MS,
    inputModality: 'keyboard',
    openPosition: null,
    ...start,
  });
  let state = first.state;
  const effects: EngineEffect<Scene, Prompt, Trial>[] = [...first.effects];
  return {
    engine,
    effects,
    get state() {
      return state;
    },
    send(event: EngineEvent<Input>): EngineEffect<Scene, Prompt, Trial>[] {
      const next = engine.step(state, event);
      state = next.state;
      effects.push(...next.effects);
      return next.effects;
    },
    /** Sends the events of the task's own engine, each in the contract's words as `translate` says. */
    replay<Own>(
      events: readonly Own[],
      translate: (event: Own, state: State) => EngineEvent<Input>,
    ) {
      for (const event of events) this.send(translate(event, state));
    },
    records: () => effects.flatMap((e) => (e.type === 'RECORD' ? [e.trial] : [])),
  };
}
