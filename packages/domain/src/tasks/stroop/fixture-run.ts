import { type Config, PHASES, type Phase } from './config';
import { planRun } from './plan';
import { getMinimumTrialDurationMs } from './plausibility';
import { type PlannedTrial, RESPONSE_KEYS, type ResponseKey } from './stimuli';
import type { TrialInput } from './trial';

/** The page's time origin of fixture runs, in ms since the epoch (late 2026). */
export const FIXTURE_TIME_ORIGIN_MS = 1_795_000_000_000;

/**
 * The trial input a browser would send for a planned trial, answered with `response` after `rt`
 * ms. Its times move on 5 s per trial in run order (sample, practice, test), as a page's do.
 */
export function answerTrial(
  planned: PlannedTrial,
  response: ResponseKey,
  reactionTime: number,
): TrialInput {
  const position = PHASES.indexOf(planned.phase) * 1000 + planned.trialNumber;
  const cueOnsetMs = 10_000 + position * 5000;
  const stimulusOnsetMs = cueOnsetMs + 1400.2;
  const start = new Date(FIXTURE_TIME_ORIGIN_MS + cueOnsetMs);
  return {
    phase: planned.phase,
    trialNumber: planned.trialNumber,
    cueWord: planned.cueWord,
    stimulusWord: planned.stimulusWord,
    stimulusColor: planned.stimulusColor,
    response,
    reactionTime,
    isCorrect: response === planned.correctKey,
    isSwitch: planned.isSwitch,
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + 1400 + reactionTime).toISOString(),
    timing: {
      cueOnsetMs,
      stimulusOnsetMs,
      responseTimestampMs: stimulusOnsetMs + reactionTime,
      onsetMethod: 'element-timing',
      wasInterrupted: false,
    },
  };
}

/** A key that answers the planned trial wrongly. */
export function wrongKey(planned: PlannedTrial): ResponseKey {
  return RESPONSE_KEYS.find((key) => key !== planned.correctKey) ?? 'R';
}

/**
 * The fixture run of the API tests, every trial of it: sample and practice all correct at 700 ms;
 * test trials wrong when trialNumber % 12 === 5 (12 errors, all Color-cue repeats), with RT
 * 600.25 ms on Color-cue and 450.25 ms on Word-cue trials.
 */
export function fixtureRun(seed: string, config: Config): TrialInput[] {
  const plans = planRun(seed, config);
  return [
    ...[...plans.sample, ...plans.practice].map((t) => answerTrial(t, t.correctKey, 700)),
    ...plans.test.map((t) =>
      answerTrial(
        t,
        t.trialNumber % 12 === 5 ? wrongKey(t) : t.correctKey,
        t.cueWord === 'Color' ? 600.25 : 450.25,
      ),
    ),
  ];
}

/** The least time a Stroop trial of `phase` takes a person (its cue, and feedback if any). */
export function minimumMs(config: Config, phase: Phase): number {
  return getMinimumTrialDurationMs(config, phase);
}
