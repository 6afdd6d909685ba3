import type { Config, Phase } from './config';
import { plan } from './plan';
import { getMinimumTrialMs } from './plausibility';
import type { Trial } from './trial';
import { runVirtualSession } from './virtual-runtime';

/** The page's time origin of fixture runs, in ms since the epoch (late 2026). */
export const FIXTURE_TIME_ORIGIN_MS = 1_795_000_000_000;

/** The fixed participant's RTs, in ms. */
export const FIXTURE_RT_MS = { go: 400.25, commission: 350.5 } as const;

/**
 * The fixture run of the API tests, every trial of it, as a browser sends it (played through
 * the engine, onsets exactly on time):
 * - practice round 0: presses on every trial at 400.25 ms except the round's first go trial,
 *   so both no-go trials are commissions and one go trial is an omission: 7 of 10 correct,
 *   under the 80 % criterion (with the defaults), so round 1 follows;
 * - practice round 1 and later: every trial correct, go trials at 400.25 ms;
 * - test: go trials at 400.25 ms + 25 ms x (trialNumber % 4); a go trial is an omission when
 *   trialNumber % 40 === 13 (with a late press 10 ms after the window); a no-go trial is a
 *   commission at 350.5 ms when trialNumber % 5 === 0; a go trial with trialNumber % 50 === 7
 *   gets a second press 200 ms after the first.
 */
export function fixtureRun(seed: string, config: Config): Trial[] {
  const planned = plan(seed, config);
  const window = config.responseWindowMs;
  return runVirtualSession({
    config,
    plan: planned,
    timeOriginMs: FIXTURE_TIME_ORIGIN_MS,
    startMs: 1000,
    introMs: 3000,
    behave(trial) {
      const go = trial.stimulusType === 'go';
      let presses: number[];
      if (trial.phase === 'practice' && trial.block === 0) {
        const firstGo = planned.practice[0]?.indexOf(0) ?? 0;
        presses = trial.trialNumber === firstGo ? [] : [FIXTURE_RT_MS.go];
      } else if (trial.phase === 'practice') {
        presses = go ? [FIXTURE_RT_MS.go] : [];
      } else if (go && trial.trialNumber % 40 === 13) {
        presses = [window + 10].filter((ms) => ms < config.soaMs);
      } else if (go) {
        const rt = FIXTURE_RT_MS.go + 25 * (trial.trialNumber % 4);
        presses = trial.trialNumber % 50 === 7 ? [rt, rt + 200] : [rt];
      } else {
        presses = trial.trialNumber % 5 === 0 ? [FIXTURE_RT_MS.commission] : [];
      }
      return { pressesAfterOnsetMs: presses, onsetLateMs: 0 };
    },
  }).trials;
}

/** The least time a Go/No-Go trial of `phase` takes a person: its SOA, and feedback in practice. */
export function minimumMs(config: Config, phase: Phase): number {
  return getMinimumTrialMs(config, phase);
}
