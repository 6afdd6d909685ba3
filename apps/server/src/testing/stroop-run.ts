import {
  DEFAULT_STROOP_CONFIG,
  PHASES,
  type PlannedTrial,
  planRun,
  RESPONSE_KEYS,
  type ResponseKey,
  type StroopConfig,
  type TrialInput,
} from '@cogni/domain';
import type { FinishedRunInput } from '../services/results/insert-finished-run';

export const DEVICE_INFO = {
  type: 'desktop',
  userAgent: 'test-agent',
  screenWidth: 1280,
  screenHeight: 800,
} as const;

export const MEASUREMENT = {
  crossOriginIsolated: true,
  hasElementTiming: true,
  frameIntervalMs: 16.7,
  inputType: 'keyboard',
  timeOriginMs: 1_795_000_000_000,
};

export const START_RUN = {
  testType: 'stroopTest',
  deviceInfo: DEVICE_INFO,
  measurement: MEASUREMENT,
};

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
  const start = new Date(MEASUREMENT.timeOriginMs + cueOnsetMs);
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

export function wrongKey(planned: PlannedTrial): ResponseKey {
  return RESPONSE_KEYS.find((key) => key !== planned.correctKey) ?? 'R';
}

/**
 * The fixture run of the API tests, every trial of it: sample and practice all correct at 700 ms;
 * test trials wrong when trialNumber % 12 === 5 (12 errors, all Color-cue repeats), with RT
 * 600.25 ms on Color-cue and 450.25 ms on Word-cue trials.
 */
export function fixtureRun(seed: string, config: StroopConfig): TrialInput[] {
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

/**
 * A finished fixture run written straight to the database (no HTTP), starting at `startTime`:
 * for tests and benchmarks that need many results.
 */
export function fixtureFinishedRun(
  userId: string,
  startTime: Date,
  options: { seed?: string; isMock?: boolean } = {},
): FinishedRunInput {
  const seed = options.seed ?? `fixture-${startTime.getTime()}`;
  return {
    userId,
    seed,
    config: DEFAULT_STROOP_CONFIG,
    startTime,
    endTime: new Date(startTime.getTime() + 12 * 60_000),
    deviceInfo: DEVICE_INFO,
    measurement: MEASUREMENT,
    isMock: options.isMock ?? false,
    trials: fixtureRun(seed, DEFAULT_STROOP_CONFIG).map((trial) => ({
      ...trial,
      isCongruent: null,
    })),
  };
}
