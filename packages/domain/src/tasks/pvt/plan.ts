import { createRng, type Rng } from '../shared/random';
import {
  type Config,
  findConfigProblems,
  foreperiodRange,
  minimumDrawSpacingMs,
  type Params,
  type Phase,
  resolveConfig,
} from './config';

/**
 * Draws planned beyond the most a phase can use by its clock: the restarts of the trial in
 * progress when the test's time runs out (it is completed, false starts and all), and of the
 * habituation trials, which have no clock.
 */
export const SPARE_DRAWS = 20;

/**
 * A run's plan, as the server keeps it to check each save: every interval (foreperiod) the run
 * may draw, in ms, in the order they are drawn, one list per phase. Each foreperiod (a trial's first, and
 * each restart after a false start) takes the next draw. A phase that has used every draw (a
 * participant false-starting for minutes after the test's time is up) takes them again from the
 * first: draw i is `draws[i mod length]`, for the engine and the server alike.
 */
export type Plan = {
  readonly habituation: Uint16Array;
  readonly test: Uint16Array;
};

/** Where a trial sits in a PVT run. */
export type Position = { phase: Phase; block: number; trialNumber: number };

/** An interval drawn uniformly from [min, max] in whole ms (both ends included). */
export function drawForeperiod(rng: Rng, [min, max]: readonly [number, number]): number {
  return min + Math.floor(rng() * (max - min + 1));
}

/**
 * How many draws a phase is planned with: habituation trials plus spares; for the test, one for
 * every foreperiod that can start before the time is up (foreperiod starts are on average at
 * least minimumDrawSpacingMs apart, and one more can start then), plus spares. Counted from the
 * response, a false start at once after the intro's button starts a second foreperiod at once:
 * one draw more.
 */
export function plannedDraws(params: Params, phase: Phase): number {
  if (phase === 'habituation') return params.habituationTrials + SPARE_DRAWS;
  const atStart = params.intervalFrom === 'response' ? 2 : 1;
  return Math.ceil(params.durationMs / minimumDrawSpacingMs(params)) + atStart + SPARE_DRAWS;
}

/**
 * The whole run's plan from its seed, before it starts: each phase's foreperiods from a
 * generator of its own (the seed and the phase), so the habituation never shifts the test's.
 * Throws for a configuration findConfigProblems refuses (the settings schema refuses it first).
 */
export function plan(seed: string, config: Config): Plan {
  const problems = findConfigProblems(config);
  if (problems.length > 0) {
    throw new Error(`This PVT configuration cannot be run: ${problems.join('; ')}`);
  }
  const params = resolveConfig(config);
  const phase = (name: Phase) => {
    const rng = createRng(`${seed}:pvt:${name}`);
    const range = foreperiodRange(params, name);
    return Uint16Array.from({ length: plannedDraws(params, name) }, () =>
      drawForeperiod(rng, range),
    );
  };
  return { habituation: phase('habituation'), test: phase('test') };
}

/** Draw `index` of a phase (taken again from the first after the last), in ms. */
export function foreperiodAt(plan: Plan, phase: Phase, index: number): number {
  const draws = plan[phase];
  return draws[index % draws.length] as number;
}
