import { z } from 'zod';
import { STROOP_REST_BREAK_EVERY, STROOP_TRIAL_COUNTS } from '../../constants';

/** Every setting of the Stroop test, with its default and unit (spec sections 4 and 9). */
export const StroopConfigSchema = z.strictObject({
  /** Trials in the sample phase (with feedback). */
  sampleTrials: z.number().int().min(1).max(1000).default(STROOP_TRIAL_COUNTS.sample),
  /** Trials in the practice phase (with feedback). */
  practiceTrials: z.number().int().min(1).max(1000).default(STROOP_TRIAL_COUNTS.practice),
  /** Trials in the test phase (no feedback; these are scored). */
  testTrials: z.number().int().min(1).max(1000).default(STROOP_TRIAL_COUNTS.test),
  /** How long the cue word is shown before the stimulus, in milliseconds. */
  cueDurationMs: z.number().min(0).max(10_000).default(1400),
  /** How long 'Correct' or 'Wrong' is shown after a sample or practice trial, in milliseconds. */
  feedbackDurationMs: z.number().min(0).max(10_000).default(1399),
  /** A rest break follows every this many test trials, except after the last. */
  restBreakEveryTrials: z.number().int().min(1).max(1000).default(STROOP_REST_BREAK_EVERY),
});
export type StroopConfig = z.infer<typeof StroopConfigSchema>;

/** The configuration the product uses. */
export const DEFAULT_STROOP_CONFIG: StroopConfig = StroopConfigSchema.parse({});

export const PHASES = ['sample', 'practice', 'test'] as const;
export type Phase = (typeof PHASES)[number];

export function getPhaseTrialCount(config: StroopConfig, phase: Phase): number {
  if (phase === 'sample') return config.sampleTrials;
  if (phase === 'practice') return config.practiceTrials;
  return config.testTrials;
}

/** Sample and practice trials get feedback; test trials do not (spec section 4). */
export function hasFeedback(phase: Phase): boolean {
  return phase !== 'test';
}

/** Is there a rest break right after this test trial? After 40, 80, 120 of 144 by default. */
export function isRestBreakAfter(config: StroopConfig, phase: Phase, trialNumber: number): boolean {
  const completed = trialNumber + 1;
  return (
    phase === 'test' &&
    completed < config.testTrials &&
    completed % config.restBreakEveryTrials === 0
  );
}
