import type { z } from 'zod';
import { englishText } from '../../texts';
import { defineSettings } from '../shared/settings';

/** Trials per phase of the Stroop test (docs/product.md#the-stroop-test). */
export const TRIAL_COUNTS = { sample: 8, practice: 16, test: 144 } as const;
/** A rest break follows every this many test trials, except the last. */
export const REST_BREAK_EVERY = 40;

/** Every setting of the Stroop test, with its default, unit and bounds (docs/scoring/stroop.md#procedure). */
export const SETTINGS = defineSettings({
  sampleTrials: {
    kind: 'number',
    default: TRIAL_COUNTS.sample,
    min: 1,
    max: 1000,
    integer: true,
    unit: 'trials',
    label: englishText(
      /*i18n*/ { id: 'tasks.stroopTest.sampleTrialsLabel', message: 'Sample trials' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.stroopTest.sampleTrialsDescription',
        message: 'Trials in the sample phase, with feedback after each.',
      },
    ),
  },
  practiceTrials: {
    kind: 'number',
    default: TRIAL_COUNTS.practice,
    min: 1,
    max: 1000,
    integer: true,
    unit: 'trials',
    label: englishText(
      /*i18n*/ { id: 'tasks.stroopTest.practiceTrialsLabel', message: 'Practice trials' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.stroopTest.practiceTrialsDescription',
        message: 'Trials in the practice phase, with feedback after each.',
      },
    ),
  },
  testTrials: {
    kind: 'number',
    default: TRIAL_COUNTS.test,
    min: 1,
    max: 1000,
    integer: true,
    unit: 'trials',
    label: englishText(/*i18n*/ { id: 'tasks.stroopTest.testTrialsLabel', message: 'Test trials' }),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.stroopTest.testTrialsDescription',
        message: 'Trials in the test phase, without feedback; these are scored.',
      },
    ),
  },
  cueDurationMs: {
    kind: 'number',
    default: 1400,
    min: 0,
    max: 10_000,
    unit: 'ms',
    label: englishText(
      /*i18n*/ { id: 'tasks.stroopTest.cueDurationMsLabel', message: 'Cue duration' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.stroopTest.cueDurationMsDescription',
        message: 'How long the cue word is shown before the stimulus.',
      },
    ),
  },
  feedbackDurationMs: {
    kind: 'number',
    default: 1399,
    min: 0,
    max: 10_000,
    unit: 'ms',
    label: englishText(
      /*i18n*/ { id: 'tasks.stroopTest.feedbackDurationMsLabel', message: 'Feedback duration' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.stroopTest.feedbackDurationMsDescription',
        message: "How long 'Correct' or 'Wrong' is shown after a sample or practice trial.",
      },
    ),
  },
  restBreakEveryTrials: {
    kind: 'number',
    default: REST_BREAK_EVERY,
    min: 1,
    max: 1000,
    integer: true,
    unit: 'trials',
    label: englishText(
      /*i18n*/ { id: 'tasks.stroopTest.restBreakEveryTrialsLabel', message: 'Rest break every' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.stroopTest.restBreakEveryTrialsDescription',
        message: 'A rest break follows every this many test trials, except after the last.',
      },
    ),
  },
});
export const ConfigSchema = SETTINGS.schema;
export type Config = z.infer<typeof ConfigSchema>;

/** The configuration the product uses. */
export const DEFAULT_CONFIG: Config = SETTINGS.defaults;

export const PHASES = ['sample', 'practice', 'test'] as const;
export type Phase = (typeof PHASES)[number];

export function getPhaseTrialCount(config: Config, phase: Phase): number {
  if (phase === 'sample') return config.sampleTrials;
  if (phase === 'practice') return config.practiceTrials;
  return config.testTrials;
}

/** Sample and practice trials get feedback; test trials do not. */
export function hasFeedback(phase: Phase): boolean {
  return phase !== 'test';
}

/** Is there a rest break right after this test trial? After 40, 80, 120 of 144 by default. */
export function isRestBreakAfter(config: Config, phase: Phase, trialNumber: number): boolean {
  const completed = trialNumber + 1;
  return (
    phase === 'test' &&
    completed < config.testTrials &&
    completed % config.restBreakEveryTrials === 0
  );
}
