import { z } from 'zod';
import { StroopConfigSchema } from '../tasks/stroop/config';
import type { StroopMetrics } from '../tasks/stroop/scoring';
import { PhaseSchema, TrialInputSchema } from '../tasks/stroop/trial';
import { TestTypeSchema } from '../test-types';

/** deviceInfo of a session (spec section 3, cogniSessions). */
export const DeviceInfoSchema = z.strictObject({
  type: z.enum(['desktop', 'tablet', 'mobile', 'unknown']),
  userAgent: z.string().max(500),
  /** CSS pixels. */
  screenWidth: z.number().int().nonnegative().max(100_000),
  /** CSS pixels. */
  screenHeight: z.number().int().nonnegative().max(100_000),
});
export type DeviceInfo = z.infer<typeof DeviceInfoSchema>;

/** The session's measurement record (timing.md rule 8); browser-side facts about the clock. */
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

/** POST /api/results: start a run ('Ready ... Set ... Go!', D8). */
export const StartRunInputSchema = z.strictObject({
  testType: z.literal('stroopTest'),
  deviceInfo: DeviceInfoSchema,
  measurement: MeasurementSchema,
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

export const TrialPositionSchema = z.object({
  phase: PhaseSchema,
  trialNumber: z.number().int(),
});

/** Scores as stored (D15) with D16's metrics; null until the run is complete. */
export type RunSummary = {
  overallScore: number;
  totalTrials: number;
  correctTrials: number;
  averageReactionTime: number | null;
  colorNamingAccuracy: number | null;
  wordReadingAccuracy: number | null;
  interferenceEffect: number | null;
  metrics: StroopMetrics;
};

/** A run as the API shows it to its owner. */
export const RunSchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  testType: TestTypeSchema,
  startTime: z.string(),
  endTime: z.string().nullable(),
  seed: z.string(),
  config: StroopConfigSchema,
  /** The trials already stored, in run order: the runtime resumes after the last (D17). */
  savedTrials: z.array(TrialPositionSchema),
  summary: z.custom<RunSummary>().nullable(),
});
export type Run = z.infer<typeof RunSchema>;

export const RunResponseSchema = z.object({ run: RunSchema });

/** GET /api/results/active: the user's unfinished run, if any. */
export const ActiveRunResponseSchema = z.object({ run: RunSchema.nullable() });

/** PUT /api/results/:id/trials/:phase/:trialNumber takes a TrialInput. */
export const SaveTrialInputSchema = TrialInputSchema;
