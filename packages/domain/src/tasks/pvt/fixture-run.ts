import { type Config, handoverLeadMs, resolveConfig } from './config';
import { plan } from './plan';
import type { Trial } from './trial';
import { runVirtualSession, SIMULATED_TIME_ORIGIN_MS } from './virtual-runtime';

/** The fixed participant's reaction times, ms. */
export const FIXTURE_RT_MS = { habituation: 320, test: 250.25, fastFalseStart: 60.5 } as const;

/** After a timeout, the fixed participant presses this long after it, ms. */
const CONTINUE_AFTER_MS = 1200;

/**
 * The fixture run of the API tests, every trial of it, as a browser sends it (played through
 * the engine, counters exactly on time):
 * - habituation: every counter answered at 320 ms;
 * - test trial k: answered at 250.25 ms + 10 ms x (k % 5), except a lapse at the lapse threshold
 *   + 120.5 ms when k % 17 === 5, a response under the false-start threshold (60.5 ms) at k = 7,
 *   a timeout (and a press 1.2 s after it) at k = 20; a false start 900 ms into the blank wait
 *   of the first foreperiod (or halfway, if shorter) when k % 23 === 11; a second press 300 ms
 *   after the response when k % 13 === 3.
 */
export function fixtureRun(seed: string, config: Config): Trial[] {
  const params = resolveConfig(config);
  return runVirtualSession({
    config,
    plan: plan(seed, config),
    timeOriginMs: SIMULATED_TIME_ORIGIN_MS,
    startMs: 1000,
    introMs: 3000,
    behave({ position, attempt, waitMs }) {
      const k = position.trialNumber;
      if (position.phase === 'habituation') return { rtMs: FIXTURE_RT_MS.habituation };
      if (k % 23 === 11 && attempt === 0) {
        return { falseStartAfterMs: Math.min(900, waitMs / 2), rtMs: null };
      }
      let rtMs: number | null = FIXTURE_RT_MS.test + 10 * (k % 5);
      if (k % 17 === 5) rtMs = params.lapseThresholdMs + 120.5;
      else if (k === 7 && FIXTURE_RT_MS.fastFalseStart < params.falseStartMs) {
        rtMs = FIXTURE_RT_MS.fastFalseStart;
      } else if (k === 20) rtMs = null;
      return {
        rtMs,
        extraPressesAfterMs: k % 13 === 3 ? [300] : [],
        continueAfterMs: CONTINUE_AFTER_MS,
      };
    },
  }).trials;
}

/**
 * The least time a trial takes a person: from its first foreperiod's start to its being sent,
 * at its feedback's end (less the hand-over lead, counted from the response; at the press after
 * its timeout, for a timeout). Counted from the response, the feedback is also the first part of
 * the next trial's interval, so a run paced by these sums is slower than a person by up to a
 * feedback a trial, never faster.
 */
export function fixtureMinimumMs(config: Config, trial: Trial): number {
  const params = resolveConfig(config);
  const sendingMs = params.feedbackMs - handoverLeadMs(params);
  const sentMs = trial.endElapsedMs + (trial.reactionTime === null ? 0 : sendingMs);
  return sentMs - trial.startElapsedMs;
}
