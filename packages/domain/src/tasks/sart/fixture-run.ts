import { type Config, getSoaMs, getTrialPeriodMs, type Phase } from './config';
import { plan } from './plan';
import type { Trial } from './trial';
import { runVirtualSession } from './virtual-runtime';

/** The page's time origin of fixture runs, in ms since the epoch (late 2026). */
export const FIXTURE_TIME_ORIGIN_MS = 1_795_000_000_000;

/** The fixed participant's RTs, in ms. */
export const FIXTURE_RT_MS = {
  practice: 400.25,
  go: 380.25,
  duringDigit: 230.75,
  anticipation: 60.5,
  commission: 330.5,
} as const;

/** The presses (ms after the onset) of the fixed participant on a test trial. */
function testPresses(trialNumber: number, isNogo: boolean): number[] {
  if (isNogo) return trialNumber % 2 === 0 ? [FIXTURE_RT_MS.commission] : [];
  if (trialNumber % 50 === 17) return [];
  if (trialNumber % 70 === 9) return [FIXTURE_RT_MS.anticipation];
  if (trialNumber % 7 === 2) return [FIXTURE_RT_MS.duringDigit];
  const rt = FIXTURE_RT_MS.go + 20 * (trialNumber % 5);
  return trialNumber % 40 === 3 ? [rt, rt + 250] : [rt];
}

/**
 * The fixture run of the API tests, every trial of it, as a browser sends it (played through
 * the engine, onsets exactly on time):
 * - practice: a press at 400.25 ms for every digit, except none for the first go digit (an
 *   omission), so the first no-go digit is a commission and the others too;
 * - test: no-go digits on even trial numbers are commissions at 330.5 ms, on odd ones withheld;
 *   go digits are omissions when trialNumber % 50 === 17, anticipations at 60.5 ms when
 *   trialNumber % 70 === 9, pressed during the digit at 230.75 ms when trialNumber % 7 === 2,
 *   and otherwise pressed during the mask at 380.25 ms + 20 ms x (trialNumber % 5), twice (the
 *   second 250 ms later) when trialNumber % 40 === 3.
 */
export function fixtureRun(seed: string, config: Config): Trial[] {
  const planned = plan(seed, config);
  let practiceGoSeen = false;
  const soaMs = getSoaMs(config);
  return runVirtualSession({
    config,
    plan: planned,
    timeOriginMs: FIXTURE_TIME_ORIGIN_MS,
    startMs: 1000,
    introMs: 3000,
    behave(trial) {
      let presses: number[];
      if (trial.phase === 'practice') {
        const isFirstGo = !trial.isNogo && !practiceGoSeen;
        if (!trial.isNogo) practiceGoSeen = true;
        presses = isFirstGo ? [] : [FIXTURE_RT_MS.practice];
      } else {
        presses = testPresses(trial.trialNumber, trial.isNogo);
      }
      return { pressesAfterOnsetMs: presses.filter((ms) => ms < soaMs), onsetLateMs: 0 };
    },
  }).trials;
}

/** The least time a SART trial of `phase` takes a person: its SOA, and feedback in practice. */
export function minimumMs(config: Config, phase: Phase): number {
  return getTrialPeriodMs(config, phase);
}
