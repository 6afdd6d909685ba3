import { z } from 'zod';
import { CueSchema, InkSchema, ResponseKeySchema, WordSchema } from '../tasks/stroop/stimuli';
import { PhaseSchema } from '../tasks/stroop/trial';
import { TestTypeSchema } from '../test-types';
import type { RunSummary } from './results';

/** A stored trial as progress tracking shows it: what was asked, answered and how fast. */
export const ResultTrialSchema = z.object({
  phase: PhaseSchema,
  trialNumber: z.number().int(),
  cueWord: CueSchema,
  stimulusWord: WordSchema,
  stimulusColor: InkSchema,
  response: ResponseKeySchema,
  /** Milliseconds from stimulus onset to the key press, unrounded (D13). */
  reactionTime: z.number(),
  isCorrect: z.boolean(),
  isSwitch: z.boolean(),
  /** Set only by the mock-data generator (spec section 3). */
  isCongruent: z.boolean().nullable(),
});
export type ResultTrial = z.infer<typeof ResultTrialSchema>;

/**
 * A finished result with its scores: one row of /progress-tracking. Its trials are read when the
 * row is opened (GET /api/progress/results/:id/trials): listing ten results with all their
 * trials made the page's answer 340 KB and cost the server ten times the work (ADR 021).
 */
export const ProgressResultSchema = z.object({
  id: z.string(),
  sessionId: z.string().nullable(),
  testType: TestTypeSchema,
  startTime: z.string(),
  endTime: z.string(),
  /** endTime - startTime, in ms. */
  durationMs: z.number().nonnegative(),
  /** Written by the admin mock-data generator (D19), not by a person taking the test. */
  isMock: z.boolean(),
  /** Stored scores (D15, D16); null for a test type that stores none. */
  summary: z.custom<RunSummary>().nullable(),
});
export type ProgressResult = z.infer<typeof ProgressResultSchema>;

/** GET /api/progress/results/:id/trials: every stored trial of one of the caller's results. */
export const ProgressTrialsResponseSchema = z.object({
  /** In run order: sample, practice, then test. */
  trials: z.array(ResultTrialSchema),
});
export type ProgressTrialsResponse = z.infer<typeof ProgressTrialsResponseSchema>;

/** One finished result on the user's score trend. */
export const ScoreHistoryPointSchema = z.object({
  id: z.string(),
  testType: TestTypeSchema,
  startTime: z.string(),
  overallScore: z.number(),
  averageReactionTime: z.number().nullable(),
  isMock: z.boolean(),
});
export type ScoreHistoryPoint = z.infer<typeof ScoreHistoryPointSchema>;

/** GET /api/progress: the caller's own results only. */
export const ProgressResponseSchema = z.object({
  /** The PROGRESS_RESULTS_LIMIT most recent finished results, newest first. */
  results: z.array(ProgressResultSchema),
  /** Scores of the finished results, oldest first (at most PROGRESS_HISTORY_LIMIT, the newest). */
  history: z.array(ScoreHistoryPointSchema),
});
export type ProgressResponse = z.infer<typeof ProgressResponseSchema>;

export const EXPORT_FORMATS = ['csv', 'json'] as const;
export const ExportFormatSchema = z.enum(EXPORT_FORMATS);
export type ExportFormat = z.infer<typeof ExportFormatSchema>;
