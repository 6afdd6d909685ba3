import type { InputModality } from '../../shared/envelope';
import type { Config } from '../config';
import { createEngine, nextDueMs, type State, type StepEvent, step } from '../engine';
import { type Position, plan } from '../plan';
import type { Peg } from '../puzzle';
import { runOrder } from '../run-order';
import type { Trial } from '../trial';

/** One step of a scripted problem: a peg chosen (or Esc) this many ms after the onset. */
export type ScriptedInput = { peg: Peg | 'cancel'; atMs: number; modality?: InputModality };

/**
 * The trial the engine records for the problem at `position` when the participant does
 * `script` (then nothing until the time runs out, if the script does not end it): for tests
 * that need a problem played a known way. The onset is at page time 10 000 ms.
 */
export function playScriptedProblem(
  config: Config,
  position: Position,
  script: readonly ScriptedInput[],
  options: { interrupted?: boolean; seed?: string } = {},
): Trial {
  const planned = plan(options.seed ?? 'scripted', config);
  const order = runOrder(config);
  const before = order.slice(
    0,
    order.findIndex((p) => p.phase === position.phase && p.trialNumber === position.trialNumber),
  );
  const saved = before.map((p) => ({ ...p, isCorrect: true }));
  let state: State = createEngine({
    config,
    saved,
    timeOriginMs: 1_795_000_000_000,
  }).state;
  let trial: Trial | null = null;
  const send = (event: StepEvent) => {
    const outcome = step(config, planned, state, event);
    state = outcome.state;
    for (const effect of outcome.effects) if (effect.type === 'RECORD_TRIAL') trial = effect.trial;
  };
  const onsetMs = 10_000;
  send({ type: 'START', atMs: onsetMs - 300 });
  send({ type: 'ONSET', atMs: onsetMs, method: 'element-timing' });
  if (options.interrupted) send({ type: 'INTERRUPTED', atMs: onsetMs + 1 });
  for (const step of script) {
    const due = nextDueMs(config, state);
    if (due !== null && onsetMs + step.atMs >= due) send({ type: 'TICK', atMs: due });
    send({
      type: 'INPUT',
      input: step.peg === 'cancel' ? { kind: 'cancel' } : { kind: 'peg', peg: step.peg },
      atMs: onsetMs + step.atMs,
      modality: step.modality ?? 'mouse',
    });
  }
  while (trial === null) {
    const due = nextDueMs(config, state);
    if (due === null) throw new Error('the engine has no problem on screen');
    send({ type: 'TICK', atMs: due });
  }
  return trial;
}

/** A script of whole moves: each [from, to] lifted at its time and dropped `liftMs` later. */
export function scriptMoves(
  moves: readonly [Peg, Peg][],
  firstMs: number,
  everyMs: number,
  liftMs = 300,
): ScriptedInput[] {
  return moves.flatMap(([from, to], i) => [
    { peg: from, atMs: firstMs + i * everyMs },
    { peg: to, atMs: firstMs + i * everyMs + liftMs },
  ]);
}
