import { z } from 'zod';
import { LanguageSchema } from '../languages';
import { getTaskIds } from '../tasks/catalog';
import { MAX_BLOCK, MAX_TRIAL_NUMBER } from '../tasks/shared/envelope';
import { type TestType, TestTypeSchema } from '../test-types';
import { englishText } from '../texts';

/** deviceInfo of a session (cogniSessions, docs/product.md#entities). */
export const DeviceInfoSchema = z.strictObject({
  type: z.enum(['desktop', 'tablet', 'mobile', 'unknown']),
  userAgent: z.string().max(500),
  /** CSS pixels. */
  screenWidth: z.number().int().nonnegative().max(100_000),
  /** CSS pixels. */
  screenHeight: z.number().int().nonnegative().max(100_000),
});
export type DeviceInfo = z.infer<typeof DeviceInfoSchema>;

/**
 * The session's measurement record (rule 8 in docs/timing-rules.md); browser-side facts about the
 * clock.
 */
export const MeasurementSchema = z.strictObject({
  /** window.crossOriginIsolated: true gives the 5-microsecond clock. */
  crossOriginIsolated: z.boolean(),
  /** Whether the Element Timing API reported presentation times. */
  hasElementTiming: z.boolean(),
  /** Median interval between animation frames, in ms, estimated before the run. */
  frameIntervalMs: z.number().positive().max(1000).nullable(),
  /** 'keyboard' unless the browser says otherwise. */
  inputType: z.string().max(50),
  /** performance.timeOrigin, in ms since the epoch: maps trial timings to wall-clock time. */
  timeOriginMs: z.number().nonnegative(),
});
export type Measurement = z.infer<typeof MeasurementSchema>;

/** A test type some registered task implements: only those can be started. */
export const StartableTestTypeSchema = TestTypeSchema.refine(
  (testType: TestType) => getTaskIds().includes(testType),
  englishText(
    /*i18n*/ { id: 'validation.testNotStartable', message: 'This test cannot be taken yet' },
  ),
);

/**
 * A custom configuration of the task, as an admin's preview sends it (ADR 028): checked here as
 * an object only; the server validates it with the task's settings schema (`settings.schema`:
 * strict, bounds, the task's cross-field checks), which fills in the defaults.
 */
export const PreviewConfigInputSchema = z.record(z.string().max(100), z.unknown(), {
  error: englishText(
    /*i18n*/ {
      id: 'validation.configObject',
      message: 'config must be an object of task settings',
    },
  ),
});

/** POST /api/results: start a run ('Ready ... Set ... Go!', docs/product.md#what-a-run-is). */
export const StartRunInputSchema = z.strictObject({
  testType: StartableTestTypeSchema,
  deviceInfo: DeviceInfoSchema,
  measurement: MeasurementSchema,
  /**
   * Admins only (a user is refused with 403): start an admin preview with these settings of the
   * task, any left out taking their defaults. Without it the run uses the task's defaults.
   */
  config: PreviewConfigInputSchema.optional(),
  /** The language the page shows the run in (ADR 042); English when left out. */
  language: LanguageSchema.optional(),
});
export type StartRunInput = z.infer<typeof StartRunInputSchema>;

/** A blur, focus or visibility change during the run, ms on the page's time line. */
export const AttentionEventSchema = z.strictObject({
  type: z.enum(['blur', 'focus', 'hidden', 'visible']),
  atMs: z.number().nonnegative(),
});

/** POST /api/results/:id/complete: 'View Results'. */
export const CompleteRunInputSchema = z.strictObject({
  /** Attention events of the whole run (at most 1000 kept). */
  attentionEvents: z.array(AttentionEventSchema).max(1000).default([]),
});
export type CompleteRunInput = z.infer<typeof CompleteRunInputSchema>;

/**
 * A saved trial's position and correctness: what the task's run order may depend on; and the
 * task's own fields its run order reads, for a task that names them (`runOrderFields`).
 */
export const SavedTrialSchema = z.object({
  phase: z.string(),
  block: z.number().int(),
  trialNumber: z.number().int(),
  isCorrect: z.boolean().nullable(),
  fields: z.record(z.string(), z.unknown()).optional(),
});

/** The path of one trial's save: PUT /api/results/:id/trials/:phase[/:block]/:trialNumber. */
export const TrialPathSchema = z.object({
  phase: z.string().max(50),
  block: z.coerce.number().int().min(0).max(MAX_BLOCK),
  trialNumber: z.coerce.number().int().min(0).max(MAX_TRIAL_NUMBER),
});

/**
 * A run's scores as stored, null until the run is complete: the headline every task has and the
 * task's own scores (shaped by its scoring code at `scoringVersion`; Stroop: stroop.Scores).
 */
export type RunSummary = {
  overallScore: number;
  totalTrials: number;
  correctTrials: number;
  averageReactionTime: number | null;
  scoringVersion: number;
  scores: unknown;
};

/** A run as the API shows it to its owner. */
export const RunSchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  testType: TestTypeSchema,
  startTime: z.string(),
  endTime: z.string().nullable(),
  seed: z.string(),
  /** The task's settings the run uses (its config schema's output). */
  config: z.record(z.string(), z.unknown()),
  /**
   * An admin preview: started with a custom configuration (ADR 028). Left out of reports and
   * progress, and never resumed as a normal run.
   */
  isPreview: z.boolean(),
  /** The language the run is taken in (ADR 042): a Stroop run shows its words in it. */
  language: LanguageSchema,
  /**
   * The trials already stored, in run order: the runtime resumes after the last
   * (docs/product.md#how-resume-works).
   */
  savedTrials: z.array(SavedTrialSchema),
  summary: z.custom<RunSummary>().nullable(),
});
export type Run = z.infer<typeof RunSchema>;

export const RunResponseSchema = z.object({ run: RunSchema });

/** GET /api/results/active: the user's unfinished run, if any. */
export const ActiveRunResponseSchema = z.object({ run: RunSchema.nullable() });
