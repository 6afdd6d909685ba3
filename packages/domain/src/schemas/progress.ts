import { z } from 'zod';
import { TREND_MEASURE_FORMATS } from '../tasks/contract';
import { InputModalitySchema } from '../tasks/shared/envelope';
import { TestTypeSchema } from '../test-types';
import { englishText } from '../texts';
import type { RunSummary } from './results';

/**
 * A stored trial as progress tracking shows it: the envelope every task has and, beside it, the
 * task's own fields (Stroop: cueWord, stimulusWord, stimulusColor, isSwitch, isCongruent).
 */
export const ResultTrialSchema = z
  .object({
    phase: z.string(),
    block: z.number().int(),
    trialNumber: z.number().int(),
    /** Key name or button id; null without a response. */
    response: z.string().nullable(),
    /** Milliseconds from stimulus onset to the response, unrounded; null without one. */
    reactionTime: z.number().nullable(),
    isCorrect: z.boolean().nullable(),
    inputModality: InputModalitySchema,
    /**
     * Why the run's scoring left the trial out of some scores (e.g. 'postError'); null until
     * the run is scored, and for trials the task does not score.
     */
    exclusions: z.array(z.string()).nullable(),
  })
  .catchall(z.unknown());
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
  /** Written by the admin mock-data generator, not by a person taking the test. */
  isMock: z.boolean(),
  /** Stored scores (docs/product.md#scores); null for a test type that stores none. */
  summary: z.custom<RunSummary>().nullable(),
});
export type ProgressResult = z.infer<typeof ProgressResultSchema>;

/** GET /api/progress/results/:id/trials: every stored trial of one of the caller's results. */
export const ProgressTrialsResponseSchema = z.object({
  /** In run order. */
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
  /** The task's trend measures of this run, by key (null: the run has no value). */
  measures: z.record(z.string(), z.number().nullable()),
});
export type ScoreHistoryPoint = z.infer<typeof ScoreHistoryPointSchema>;

/** GET /api/progress: the caller's own results only. */
export const ProgressResponseSchema = z.object({
  /** The PROGRESS_RESULTS_LIMIT most recent finished results, newest first. */
  results: z.array(ProgressResultSchema),
  /** Scores of the finished results, oldest first (at most PROGRESS_HISTORY_LIMIT, the newest). */
  history: z.array(ScoreHistoryPointSchema),
  /** The trend measures of each test type in `history` that has any, in display order. */
  trendMeasures: z.record(
    z.string(),
    z.array(
      z.object({
        key: z.string(),
        label: z.string(),
        axisLabel: z.string(),
        format: z.enum(TREND_MEASURE_FORMATS),
        better: z.enum(['higher', 'lower']),
      }),
    ),
  ),
});
export type ProgressResponse = z.infer<typeof ProgressResponseSchema>;

export const EXPORT_FORMATS = ['csv', 'json'] as const;
export const ExportFormatSchema = z.enum(EXPORT_FORMATS);
/** A format parameter's validation message. */
export const EXPORT_FORMAT_ERROR = englishText(
  /*i18n*/ { id: 'validation.exportFormat', message: "format must be 'csv' or 'json'" },
);
export type ExportFormat = z.infer<typeof ExportFormatSchema>;
