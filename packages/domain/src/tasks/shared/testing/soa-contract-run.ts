import type { SavedTrial } from '../../contract';
import type { EngineEffect, EngineEvent, RunEngine } from '../../engine';
import type { InputModality, TrialPosition } from '../envelope';
import type { SoaEvent, SoaPress } from '../soa-engine';
import { type SoaTaskState, soaSceneKey } from '../soa-task-engine';

import { CONTRACT_RUN_TIME_ORIGIN_MS } from './contract-run';

export { CONTRACT_RUN_TIME_ORIGIN_MS };

/**
 * A fixed-SOA task's contract engine (soaEngine) driven by hand in its tests, keeping every
 * effect: events sent one at a time, digits presented on time, and the events of a virtual
 * session of the task's own engine said again in the contract's words.
 */
export function soaContractRun<
  Position extends TrialPosition,
  Planned extends Position,
  Answer,
  RoundResult,
  Offset,
  Input,
  Scene,
  Prompt,
  Trial,
>(
  engine: RunEngine<
    SoaTaskState<Position, Planned, Answer, RoundResult, Offset>,
    Input,
    Scene,
    Prompt,
    Trial
  >,
  options: { saved?: readonly SavedTrial[]; inputModality?: InputModality } = {},
) {
  type State = SoaTaskState<Position, Planned, Answer, RoundResult, Offset>;
  type Effect = EngineEffect<Scene, Prompt, Trial>;
  const first = engine.start({
    saved: options.saved ?? [],
    timeOriginMs: CONTRACT_RUN_TIME_ORIGIN_MS,
    inputModality: options.inputModality ?? 'keyboard',
    openPosition: null,
  });
  let state: State = first.state;
  const effects: Effect[] = [...first.effects];

  const send = (event: EngineEvent<Input>): Effect[] => {
    const step = engine.step(state, event);
    state = step.state;
    effects.push(...step.effects);
    return step.effects;
  };

  /** Presents the stimulus the engine waits for at its due time, with what the page measured. */
  const presentOnTime = (measured?: Readonly<Record<string, number>>) => {
    const { soa } = state;
    if (soa.kind !== 'trial' || soa.trial.onset) return;
    send({
      type: 'ONSET',
      key: soaSceneKey(soa.trial.planned),
      atMs: soa.trial.dueAtMs,
      method: 'element-timing',
      ...(measured ? { measured } : {}),
    });
  };

  /**
   * Sends the events of a virtual session of the task's own engine in the contract's words: an
   * ONSET for the trial on, keyed by it (with what `measuredOf` says the page measured), an
   * OFFSET as the ONSET of its offset scene, a PRESS as the INPUT `inputOf` gives.
   */
  const replay = (
    events: readonly SoaEvent<Answer>[],
    inputOf: (press: SoaPress<Answer>) => Input,
    measuredOf?: (trial: Planned) => Readonly<Record<string, number>>,
  ) => {
    for (const event of events) {
      const { soa } = state;
      const current = soa.kind === 'trial' ? soa.trial.planned : null;
      switch (event.type) {
        case 'ONSET':
          if (!current) throw new Error('ONSET with no trial on');
          send({
            type: 'ONSET',
            key: soaSceneKey(current),
            atMs: event.atMs,
            method: event.method,
            ...(measuredOf ? { measured: measuredOf(current) } : {}),
          });
          break;
        case 'OFFSET':
          if (!current) throw new Error('OFFSET with no trial on');
          send({
            type: 'ONSET',
            key: `${soaSceneKey(current)}:offset`,
            atMs: event.atMs,
            method: 'element-timing',
          });
          break;
        case 'PRESS': {
          const { type: _type, ...press } = event;
          send({
            type: 'INPUT',
            atMs: event.atMs,
            modality: event.modality,
            input: inputOf(press as SoaPress<Answer>),
          });
          break;
        }
        default:
          send(event);
      }
    }
  };

  return {
    engine,
    get state(): State {
      return state;
    },
    effects,
    send,
    presentOnTime,
    replay,
    records: (): Trial[] => effects.flatMap((e) => (e.type === 'RECORD' ? [e.trial] : [])),
  };
}
