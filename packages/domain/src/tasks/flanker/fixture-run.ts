import { type Config, type Phase, trialPeriodMs } from './config';
import { plan } from './plan';
import type { Trial } from './trial';
import { runVirtualSession } from './virtual-runtime';

/** The page's time origin of fixture runs, in ms since the epoch (late 2026). */
export const FIXTURE_TIME_ORIGIN_MS = 1_795_000_000_000;

/** The fixed participant's RTs, in ms. */
export const FIXTURE_RT_MS = { congruent: 450.25, incongruent: 510.5 } as const;

/**
 * The fixture run of the API tests, every trial of it, as a browser sends it (played through
 * the engine, onsets exactly on time):
 * - practice: trial 1 answered the wrong way, trial 2 not at all, the rest right;
 * - test: congruent trials at 450.25 ms + 20 ms x (trialNumber % 3), incongruent at 510.5 ms +
 *   the same; every 10th trial (trialNumber % 10 === 4) is answered the wrong way, trialNumber
 *   % 25 === 12 is not answered, and trialNumber % 30 === 7 has a second press 200 ms after the
 *   first.
 */
export function fixtureRun(seed: string, config: Config): Trial[] {
  return runVirtualSession({
    config,
    plan: plan(seed, config),
    timeOriginMs: FIXTURE_TIME_ORIGIN_MS,
    startMs: 1000,
    introMs: 3000,
    behave(trial) {
      const n = trial.trialNumber;
      const wrong = trial.targetDirection === 'left' ? 'right' : 'left';
      const isPractice = trial.phase === 'practice';
      if (isPractice ? n === 2 : n % 25 === 12) return { presses: [], onsetLateMs: 0 };
      const response = (isPractice ? n === 1 : n % 10 === 4) ? wrong : trial.targetDirection;
      const rt = FIXTURE_RT_MS[trial.congruency] + (isPractice ? 0 : 20 * (n % 3));
      const twice = !isPractice && n % 30 === 7;
      const presses = (twice ? [rt, rt + 200] : [rt]).map((afterOnsetMs) => ({
        afterOnsetMs,
        answer: { response },
      }));
      return { presses, onsetLateMs: 0 };
    },
  }).trials;
}

/** The least time a flanker trial of `phase` takes a person: its SOA, and feedback in practice. */
export function minimumMs(config: Config, phase: Phase): number {
  return trialPeriodMs(config, phase);
}
