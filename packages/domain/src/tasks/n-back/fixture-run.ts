import { blockNumber, type Config, getLevels } from './config';
import { plan } from './plan';
import type { Answer, Trial } from './trial';
import { runVirtualSession } from './virtual-runtime';

/** The page's time origin of fixture runs, in ms since the epoch (late 2026). */
export const FIXTURE_TIME_ORIGIN_MS = 1_795_000_000_000;

/** The fixed participant's RTs, in ms. */
export const FIXTURE_RT_MS = { filler: 500.25, answer: 600.25 } as const;

/**
 * The fixture run of the API tests, every trial of it, as a browser sends it (played through
 * the engine, onsets exactly on time, keys F and J by the plan's mapping):
 * - fillers: "no match" at 500.25 ms;
 * - the first level's practice round 0: the first three scored trials answered wrongly, the
 *   rest correctly: 7 of 10 correct with the defaults, under the 80 % criterion, so round 1
 *   follows; every later practice round is answered correctly;
 * - test: correct answers at 600.25 ms + 25 ms x (trialNumber % 4), except a wrong answer when
 *   trialNumber % 7 === 3 and no answer when trialNumber % 11 === 5; a trial with
 *   trialNumber % 13 === 6 gets a second press 200 ms after the first.
 */
export function fixtureRun(seed: string, config: Config): Trial[] {
  const planned = plan(seed, config);
  const firstPracticeBlock = blockNumber(getLevels(config)[0] ?? 1, 0);
  return runVirtualSession({
    config,
    plan: planned,
    timeOriginMs: FIXTURE_TIME_ORIGIN_MS,
    startMs: 1000,
    introMs: 3000,
    behave(trial) {
      if (trial.isTarget === null) {
        return {
          presses: [{ afterOnsetMs: FIXTURE_RT_MS.filler, answer: 'no-match' }],
          onsetLateMs: 0,
        };
      }
      const right: Answer = trial.isTarget ? 'match' : 'no-match';
      const wrong: Answer = trial.isTarget ? 'no-match' : 'match';
      const scoredIndex = trial.trialNumber - trial.level;
      if (trial.phase === 'practice') {
        const isWrong = trial.block === firstPracticeBlock && scoredIndex < 3;
        const answer = isWrong ? wrong : right;
        return {
          presses: [{ afterOnsetMs: FIXTURE_RT_MS.answer, answer }],
          onsetLateMs: 0,
        };
      }
      if (trial.trialNumber % 11 === 5) return { presses: [], onsetLateMs: 0 };
      const rt = FIXTURE_RT_MS.answer + 25 * (trial.trialNumber % 4);
      const answer = trial.trialNumber % 7 === 3 ? wrong : right;
      const presses = [{ afterOnsetMs: rt, answer }];
      if (trial.trialNumber % 13 === 6) presses.push({ afterOnsetMs: rt + 200, answer });
      return { presses, onsetLateMs: 0 };
    },
  }).trials;
}
