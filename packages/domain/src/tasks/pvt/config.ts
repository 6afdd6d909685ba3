import { z } from 'zod';
import { MAX_TRIAL_NUMBER } from '../shared/envelope';
import {
  type ChoiceSetting,
  type ConfigIssue,
  type ConfigOf,
  defineSettings,
  refineSettings,
  type TaskSettings,
} from '../shared/settings';

/**
 * The phases of a run: a few unscored habituation trials, then the timed test. The one runs
 * straight into the other, as in Inquisit's PVT.
 */
export const PVT_PHASES = ['habituation', 'test'] as const;
export type PvtPhase = (typeof PVT_PHASES)[number];
export const PvtPhaseSchema = z.enum(PVT_PHASES);

/**
 * The two standard versions: the 10-minute PVT (Dinges & Powell, 1985; Basner & Dinges, 2011)
 * and the 3-minute PVT-B (Basner, Mollicone & Dinges, 2011), whose shorter foreperiods give
 * faster responses and fewer lapses, so its lapse threshold is lower.
 */
export const PVT_VARIANTS = ['PVT-10', 'PVT-B'] as const;
export type PvtVariant = (typeof PVT_VARIANTS)[number];
export const PvtVariantSchema = z.enum(PVT_VARIANTS, {
  error: "variant must be 'PVT-10' or 'PVT-B'",
});

/** What a variant sets when its setting is left at 0: duration, foreperiods, lapse threshold. */
export const PVT_VARIANT_DEFAULTS: Record<
  PvtVariant,
  { durationS: number; foreperiodMinMs: number; foreperiodMaxMs: number; lapseThresholdMs: number }
> = {
  'PVT-10': {
    durationS: 600,
    foreperiodMinMs: 2000,
    foreperiodMaxMs: 10_000,
    lapseThresholdMs: 500,
  },
  'PVT-B': { durationS: 180, foreperiodMinMs: 2000, foreperiodMaxMs: 5000, lapseThresholdMs: 355 },
};

/** The shortest test and the shortest foreperiod a configuration may set (for benchmarks). */
export const PVT_MIN_DURATION_S = 30;
export const PVT_MIN_FOREPERIOD_MS = 500;
/** Habituation foreperiods are the test's range, capped at this many ms (2-5 s by default). */
export const PVT_HABITUATION_FOREPERIOD_CAP_MS = 5000;

const VARIANT_SETTING: ChoiceSetting<PvtVariant> = {
  kind: 'choice',
  default: 'PVT-10',
  options: ['PVT-10', 'PVT-B'],
  label: 'Variant',
  description:
    "'PVT-10': 10 minutes, foreperiods 2-10 s, lapse at 500 ms or more. 'PVT-B': 3 minutes, foreperiods 2-5 s, lapse at 355 ms or more. The variant sets the duration, foreperiods and lapse threshold left at 0.",
};

const SETTINGS = defineSettings({
  variant: VARIANT_SETTING,
  durationS: {
    kind: 'number',
    default: 0,
    min: 0,
    max: 1800,
    integer: true,
    unit: 's',
    label: 'Test duration',
    description: `Length of the test, after habituation: no new foreperiod starts once it is reached, and the trial in progress is completed. 0: the variant's (600 s, or 180 s for PVT-B); otherwise at least ${PVT_MIN_DURATION_S} s.`,
  },
  foreperiodMinMs: {
    kind: 'number',
    default: 0,
    min: 0,
    max: 60_000,
    integer: true,
    unit: 'ms',
    label: 'Shortest foreperiod',
    description: `Foreperiods (from the end of the feedback to the counter) are drawn uniformly, whole ms, between the shortest and the longest. 0: the variant's (2000 ms); otherwise at least ${PVT_MIN_FOREPERIOD_MS} ms.`,
  },
  foreperiodMaxMs: {
    kind: 'number',
    default: 0,
    min: 0,
    max: 60_000,
    integer: true,
    unit: 'ms',
    label: 'Longest foreperiod',
    description: `The longest foreperiod, at least the shortest. 0: the variant's (10000 ms, or 5000 ms for PVT-B), or the shortest if that is longer. Habituation foreperiods are capped at ${PVT_HABITUATION_FOREPERIOD_CAP_MS} ms.`,
  },
  lapseThresholdMs: {
    kind: 'number',
    default: 0,
    min: 0,
    max: 5000,
    integer: true,
    unit: 'ms',
    label: 'Lapse threshold',
    description:
      "A reaction time at or above it is a lapse (a timeout is one too). 0: the variant's (500 ms, or 355 ms for PVT-B); otherwise above the false-start threshold.",
  },
  falseStartMs: {
    kind: 'number',
    default: 100,
    min: 0,
    max: 300,
    integer: true,
    unit: 'ms',
    label: 'False-start threshold',
    description:
      'A response with a reaction time under it is a false start, as is any response before the counter appears (0: only those).',
  },
  maxRtMs: {
    kind: 'number',
    default: 30_000,
    min: 1000,
    max: 60_000,
    integer: true,
    unit: 'ms',
    label: 'Timeout',
    description:
      "With no response this long after the counter appears, the trial is a timeout (a lapse without a reaction time) and 'Please respond faster' waits for a press; the next foreperiod starts at that press.",
  },
  feedbackMs: {
    kind: 'number',
    default: 1000,
    min: 500,
    max: 5000,
    integer: true,
    unit: 'ms',
    label: 'Feedback duration',
    description:
      "How long the frozen reaction time (or 'Too soon!' after a false start) is shown; the next foreperiod starts after it.",
  },
  habituationTrials: {
    kind: 'number',
    default: 5,
    min: 0,
    max: 20,
    integer: true,
    unit: 'trials',
    label: 'Habituation trials',
    description:
      'Unscored trials before the test, the first with a reminder of what to do (0: none). The test follows without a break.',
  },
});

/** The settings as stored: 0 means "the variant's" for duration, foreperiods and lapse threshold. */
export type PvtConfig = ConfigOf<typeof SETTINGS.specs>;

/** A configuration with the variant's values filled in: what the engine, checks and scores use. */
export type PvtParams = {
  variant: PvtVariant;
  durationMs: number;
  foreperiodMinMs: number;
  foreperiodMaxMs: number;
  habituationForeperiodMinMs: number;
  habituationForeperiodMaxMs: number;
  lapseThresholdMs: number;
  falseStartMs: number;
  maxRtMs: number;
  feedbackMs: number;
  habituationTrials: number;
};

/** The configuration's values, each 0 replaced by the variant's. */
export function resolvePvtConfig(config: PvtConfig): PvtParams {
  const variant = PVT_VARIANT_DEFAULTS[config.variant];
  const or = (value: number, fallback: number) => (value === 0 ? fallback : value);
  const foreperiodMinMs = or(config.foreperiodMinMs, variant.foreperiodMinMs);
  // The variant's longest foreperiod gives way to a shortest set above it.
  const foreperiodMaxMs = or(
    config.foreperiodMaxMs,
    Math.max(variant.foreperiodMaxMs, foreperiodMinMs),
  );
  return {
    variant: config.variant,
    durationMs: or(config.durationS, variant.durationS) * 1000,
    foreperiodMinMs,
    foreperiodMaxMs,
    habituationForeperiodMinMs: foreperiodMinMs,
    habituationForeperiodMaxMs: Math.max(
      foreperiodMinMs,
      Math.min(foreperiodMaxMs, PVT_HABITUATION_FOREPERIOD_CAP_MS),
    ),
    lapseThresholdMs: or(config.lapseThresholdMs, variant.lapseThresholdMs),
    falseStartMs: config.falseStartMs,
    maxRtMs: config.maxRtMs,
    feedbackMs: config.feedbackMs,
    habituationTrials: config.habituationTrials,
  };
}

/** The foreperiod range of a phase, ms (both ends drawn). */
export function pvtForeperiodRange(params: PvtParams, phase: PvtPhase): [number, number] {
  return phase === 'habituation'
    ? [params.habituationForeperiodMinMs, params.habituationForeperiodMaxMs]
    : [params.foreperiodMinMs, params.foreperiodMaxMs];
}

/**
 * The least time from one foreperiod's start to the next's, ms: a false start at once and its
 * 'Too soon!', or a counter at the shortest foreperiod timing out (the next starts at a press).
 */
export function pvtMinimumDrawSpacingMs(params: PvtParams): number {
  return Math.min(params.feedbackMs, params.foreperiodMinMs + params.maxRtMs);
}

/**
 * The least time from one counter's foreperiod start to the next trial's, ms: the shortest
 * foreperiod, and the feedback after a response (or a timeout's wait for a press).
 */
export function pvtMinimumTrialMs(params: PvtParams, phase: PvtPhase): number {
  return pvtForeperiodRange(params, phase)[0] + Math.min(params.feedbackMs, params.maxRtMs);
}

/**
 * The most counters a test can show: one for each shortest trial that starts before the time is
 * up, and the one in progress then.
 */
export function pvtMaximumTestStimuli(params: PvtParams): number {
  return Math.ceil(params.durationMs / pvtMinimumTrialMs(params, 'test')) + 1;
}

/** A problem with a configuration and the setting it is reported on. */
export type PvtConfigIssue = ConfigIssue<PvtConfig>;

/**
 * What makes a configuration that is within every setting's own bounds impossible to run (with
 * the variant's values filled in): a duration or foreperiod set below its floor, a longest
 * foreperiod shorter than the shortest, a lapse threshold not above the false-start threshold, a
 * timeout not above the lapse threshold, or a test that could show more counters than a block
 * can number.
 */
export function findPvtConfigIssues(config: PvtConfig): PvtConfigIssue[] {
  const issues: PvtConfigIssue[] = [];
  const params = resolvePvtConfig(config);
  if (config.durationS !== 0 && config.durationS < PVT_MIN_DURATION_S) {
    issues.push({
      setting: 'durationS',
      message: `The test must last at least ${PVT_MIN_DURATION_S} s (or 0 for the variant's)`,
    });
  }
  for (const setting of ['foreperiodMinMs', 'foreperiodMaxMs'] as const) {
    if (config[setting] !== 0 && config[setting] < PVT_MIN_FOREPERIOD_MS) {
      issues.push({
        setting,
        message: `A foreperiod must be at least ${PVT_MIN_FOREPERIOD_MS} ms (or 0 for the variant's)`,
      });
    }
  }
  if (params.foreperiodMaxMs < params.foreperiodMinMs) {
    issues.push({
      setting: 'foreperiodMaxMs',
      message: `The longest foreperiod (${params.foreperiodMaxMs} ms) must not be shorter than the shortest (${params.foreperiodMinMs} ms)`,
    });
  }
  if (!(params.lapseThresholdMs > params.falseStartMs)) {
    issues.push({
      setting: 'lapseThresholdMs',
      message: `The lapse threshold (${params.lapseThresholdMs} ms) must be above the false-start threshold (${params.falseStartMs} ms)`,
    });
  }
  if (!(params.maxRtMs > params.lapseThresholdMs)) {
    issues.push({
      setting: 'maxRtMs',
      message: `The timeout (${params.maxRtMs} ms) must be longer than the lapse threshold (${params.lapseThresholdMs} ms)`,
    });
  }
  if (issues.length === 0 && pvtMaximumTestStimuli(params) > MAX_TRIAL_NUMBER + 1) {
    issues.push({
      setting: 'durationS',
      message: `A ${params.durationMs / 1000} s test with ${params.foreperiodMinMs} ms foreperiods could show ${pvtMaximumTestStimuli(params)} counters, more than the ${MAX_TRIAL_NUMBER + 1} a test can hold: shorten the test or lengthen the foreperiods`,
    });
  }
  return issues;
}

/** The messages of findPvtConfigIssues: empty for a configuration that can be run. */
export function findPvtConfigProblems(config: PvtConfig): string[] {
  return findPvtConfigIssues(config).map((issue) => issue.message);
}

/**
 * Every setting with its default, unit, bounds and description. The schema also refuses
 * configurations findPvtConfigIssues finds impossible (on the setting concerned), so the server
 * and the admin preview refuse them when they validate a configuration.
 */
export const PVT_SETTINGS: TaskSettings<PvtConfig> = refineSettings(SETTINGS, findPvtConfigIssues);
export const PvtConfigSchema = PVT_SETTINGS.schema;

/** The configuration the product uses: the 10-minute PVT with its standard values. */
export const DEFAULT_PVT_CONFIG: PvtConfig = PVT_SETTINGS.defaults;
