import { z } from 'zod';
import { englishText } from '../../texts';
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
export const PHASES = ['habituation', 'test'] as const;
export type Phase = (typeof PHASES)[number];
export const PhaseSchema = z.enum(PHASES);

/**
 * The two standard versions: the 10-minute PVT (Dinges & Powell, 1985; Basner & Dinges, 2011)
 * and the 3-minute PVT-B (Basner, Mollicone & Dinges, 2011), whose shorter intervals give
 * faster responses and fewer lapses, so its lapse threshold is lower.
 */
export const VARIANTS = ['PVT-10', 'PVT-B'] as const;
export type Variant = (typeof VARIANTS)[number];
export const VariantSchema = z.enum(VARIANTS, {
  error: "variant must be 'PVT-10' or 'PVT-B'",
});

/**
 * Where the interval before each counter is counted from. 'response': from the last press that
 * counts (the response, a false start, or the press that goes on after a timeout), the feedback
 * shown in its first `feedbackMs`: the interval is the response-to-stimulus interval, as the
 * PVT-192 and the PVT-B count it. 'feedbackEnd': from the end of the feedback (or of 'Too soon!'),
 * Inquisit's order, so a response is followed by the feedback plus the interval; the timing of
 * task version 1.0.0.
 */
export const INTERVAL_ANCHORS = ['response', 'feedbackEnd'] as const;
export type IntervalFrom = (typeof INTERVAL_ANCHORS)[number];

/**
 * What a variant sets when its setting is left at 0: duration, intervals (from the response: the
 * published 2-10 s of the PVT and 1-4 s of the PVT-B), lapse threshold.
 */
export const VARIANT_DEFAULTS: Record<
  Variant,
  { durationS: number; foreperiodMinMs: number; foreperiodMaxMs: number; lapseThresholdMs: number }
> = {
  'PVT-10': {
    durationS: 600,
    foreperiodMinMs: 2000,
    foreperiodMaxMs: 10_000,
    lapseThresholdMs: 500,
  },
  'PVT-B': { durationS: 180, foreperiodMinMs: 1000, foreperiodMaxMs: 4000, lapseThresholdMs: 355 },
};

/**
 * A variant's intervals counted from the end of the feedback ('feedbackEnd'), ms: those of task
 * version 1.0.0 (2-10 s, and 2-5 s for the PVT-B), so that a run stored then is still read with
 * the intervals it was planned with.
 */
export const FEEDBACK_END_FOREPERIODS: Record<Variant, readonly [number, number]> = {
  'PVT-10': [2000, 10_000],
  'PVT-B': [2000, 5000],
};

/** A variant's interval range (both ends) when left at 0, by where the interval is counted from. */
export function variantForeperiods(
  variant: Variant,
  intervalFrom: IntervalFrom,
): readonly [number, number] {
  if (intervalFrom === 'feedbackEnd') return FEEDBACK_END_FOREPERIODS[variant];
  const defaults = VARIANT_DEFAULTS[variant];
  return [defaults.foreperiodMinMs, defaults.foreperiodMaxMs];
}

/** The shortest test and the shortest foreperiod a configuration may set (for benchmarks). */
export const MIN_DURATION_S = 30;
export const MIN_FOREPERIOD_MS = 500;
/** Habituation foreperiods are the test's range, capped at this many ms (2-5 s by default). */
export const HABITUATION_FOREPERIOD_CAP_MS = 5000;

const VARIANT_SETTING: ChoiceSetting<Variant> = {
  kind: 'choice',
  default: 'PVT-10',
  options: ['PVT-10', 'PVT-B'],
  label: englishText(/*i18n*/ { id: 'tasks.pvtTest.variantLabel', message: 'Variant' }),
  description: englishText(
    /*i18n*/ {
      id: 'tasks.pvtTest.variantDescription',
      message:
        "'PVT-10': 10 minutes, intervals from the response to the next counter 2-10 s, lapse at 500 ms or more. 'PVT-B': 3 minutes, intervals 1-4 s, lapse at 355 ms or more. The variant sets the duration, intervals and lapse threshold left at 0 (counted from the feedback's end, the intervals are 2-10 s and 2-5 s).",
    },
  ),
};

const INTERVAL_FROM_SETTING: ChoiceSetting<IntervalFrom> = {
  kind: 'choice',
  default: 'response',
  options: ['response', 'feedbackEnd'],
  label: englishText(
    /*i18n*/ { id: 'tasks.pvtTest.intervalFromLabel', message: 'Interval counted from' },
  ),
  description: englishText(
    /*i18n*/ {
      id: 'tasks.pvtTest.intervalFromDescription',
      message:
        "'response': the interval before each counter runs from the response (or the false start, or the press after a timeout), the feedback shown in its first part: the PVT's response-to-stimulus interval. 'feedbackEnd': it runs from the end of the feedback (or of 'Too soon!'), so the feedback comes on top of it. A configuration stored without this setting (before it existed) is read as 'feedbackEnd', the timing its run had.",
    },
  ),
};

const SPECS = defineSettings({
  variant: VARIANT_SETTING,
  intervalFrom: INTERVAL_FROM_SETTING,
  durationS: {
    kind: 'number',
    default: 0,
    min: 0,
    max: 1800,
    integer: true,
    unit: 's',
    label: englishText(/*i18n*/ { id: 'tasks.pvtTest.durationSLabel', message: 'Test duration' }),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.pvtTest.durationSDescription',
        message:
          "Length of the test, after habituation: no new foreperiod starts once it is reached, and the trial in progress is completed. 0: the variant's (600 s, or 180 s for PVT-B); otherwise at least {minDurationS} s.",
      },
      { minDurationS: MIN_DURATION_S },
    ),
  },
  foreperiodMinMs: {
    kind: 'number',
    default: 0,
    min: 0,
    max: 60_000,
    integer: true,
    unit: 'ms',
    label: englishText(
      /*i18n*/ { id: 'tasks.pvtTest.foreperiodMinMsLabel', message: 'Shortest interval' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.pvtTest.foreperiodMinMsDescription',
        message:
          "The interval before each counter (from the response, or from the feedback's end: see 'Interval counted from') is drawn uniformly, whole ms, between the shortest and the longest. 0: the variant's (2000 ms, or 1000 ms for PVT-B from the response); otherwise at least {minForeperiodMs} ms, and from the response at least the feedback duration.",
      },
      { minForeperiodMs: MIN_FOREPERIOD_MS },
    ),
  },
  foreperiodMaxMs: {
    kind: 'number',
    default: 0,
    min: 0,
    max: 60_000,
    integer: true,
    unit: 'ms',
    label: englishText(
      /*i18n*/ { id: 'tasks.pvtTest.foreperiodMaxMsLabel', message: 'Longest interval' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.pvtTest.foreperiodMaxMsDescription',
        message:
          "The longest interval, at least the shortest. 0: the variant's (10000 ms, or 4000 ms for PVT-B from the response), or the shortest if that is longer. Habituation intervals are capped at {habituationForeperiodCapMs} ms.",
      },
      { habituationForeperiodCapMs: HABITUATION_FOREPERIOD_CAP_MS },
    ),
  },
  lapseThresholdMs: {
    kind: 'number',
    default: 0,
    min: 0,
    max: 5000,
    integer: true,
    unit: 'ms',
    label: englishText(
      /*i18n*/ { id: 'tasks.pvtTest.lapseThresholdMsLabel', message: 'Lapse threshold' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.pvtTest.lapseThresholdMsDescription',
        message:
          "A reaction time at or above it is a lapse (a timeout is one too). 0: the variant's (500 ms, or 355 ms for PVT-B); otherwise above the false-start threshold.",
      },
    ),
  },
  falseStartMs: {
    kind: 'number',
    default: 100,
    min: 0,
    max: 300,
    integer: true,
    unit: 'ms',
    label: englishText(
      /*i18n*/ { id: 'tasks.pvtTest.falseStartMsLabel', message: 'False-start threshold' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.pvtTest.falseStartMsDescription',
        message:
          'A response with a reaction time under it is a false start, as is any response before the counter appears (0: only those).',
      },
    ),
  },
  maxRtMs: {
    kind: 'number',
    default: 30_000,
    min: 1000,
    max: 60_000,
    integer: true,
    unit: 'ms',
    label: englishText(/*i18n*/ { id: 'tasks.pvtTest.maxRtMsLabel', message: 'Timeout' }),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.pvtTest.maxRtMsDescription',
        message:
          "With no response this long after the counter appears, the trial is a timeout (a lapse; its speed counts as 1 / this) and 'Please respond faster' waits for a press; the next interval starts at that press.",
      },
    ),
  },
  feedbackMs: {
    kind: 'number',
    default: 1000,
    min: 500,
    max: 5000,
    integer: true,
    unit: 'ms',
    label: englishText(
      /*i18n*/ { id: 'tasks.pvtTest.feedbackMsLabel', message: 'Feedback duration' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.pvtTest.feedbackMsDescription',
        message:
          "How long the frozen reaction time (or 'Too soon!' after a false start) is shown: the first part of the next interval when it is counted from the response (so at most the shortest interval), before it when it is counted from the feedback's end.",
      },
    ),
    maxNeeds: { foreperiodMinMs: 5000 },
  },
  habituationTrials: {
    kind: 'number',
    default: 5,
    min: 0,
    max: 20,
    integer: true,
    unit: 'trials',
    label: englishText(
      /*i18n*/ { id: 'tasks.pvtTest.habituationTrialsLabel', message: 'Habituation trials' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.pvtTest.habituationTrialsDescription',
        message:
          'Unscored trials before the test, the first with a reminder of what to do (0: none). The test follows without a break.',
      },
    ),
  },
});

/** The settings as stored: 0 means "the variant's" for duration, intervals and lapse threshold. */
export type Config = ConfigOf<typeof SPECS.specs>;

/** A configuration with the variant's values filled in: what the engine, checks and scores use. */
export type Params = {
  variant: Variant;
  intervalFrom: IntervalFrom;
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
export function resolveConfig(config: Config): Params {
  const variant = VARIANT_DEFAULTS[config.variant];
  const [variantMinMs, variantMaxMs] = variantForeperiods(config.variant, config.intervalFrom);
  const or = (value: number, fallback: number) => (value === 0 ? fallback : value);
  const foreperiodMinMs = or(config.foreperiodMinMs, variantMinMs);
  // The variant's longest interval gives way to a shortest set above it.
  const foreperiodMaxMs = or(config.foreperiodMaxMs, Math.max(variantMaxMs, foreperiodMinMs));
  return {
    variant: config.variant,
    intervalFrom: config.intervalFrom,
    durationMs: or(config.durationS, variant.durationS) * 1000,
    foreperiodMinMs,
    foreperiodMaxMs,
    habituationForeperiodMinMs: foreperiodMinMs,
    habituationForeperiodMaxMs: Math.max(
      foreperiodMinMs,
      Math.min(foreperiodMaxMs, HABITUATION_FOREPERIOD_CAP_MS),
    ),
    lapseThresholdMs: or(config.lapseThresholdMs, variant.lapseThresholdMs),
    falseStartMs: config.falseStartMs,
    maxRtMs: config.maxRtMs,
    feedbackMs: config.feedbackMs,
    habituationTrials: config.habituationTrials,
  };
}

/** The interval range of a phase, ms (both ends drawn). */
export function foreperiodRange(params: Params, phase: Phase): [number, number] {
  return phase === 'habituation'
    ? [params.habituationForeperiodMinMs, params.habituationForeperiodMaxMs]
    : [params.foreperiodMinMs, params.foreperiodMaxMs];
}

/**
 * The least average time from one foreperiod's start to the next's over a phase, ms. Counted
 * from the feedback's end: a false start at once and its 'Too soon!', or a counter at the
 * shortest interval timing out (the next starts at a press). Counted from the response: a false
 * start's foreperiod starts at it and the next false start comes after its 'Too soon!' (the
 * feedback), a response comes at least the shortest interval after its foreperiod's start (which
 * is at least the feedback), and a false start at once after the press that goes on after a
 * timeout follows a foreperiod of at least the shortest interval plus the timeout: two
 * foreperiods in that time.
 */
export function minimumDrawSpacingMs(params: Params): number {
  if (params.intervalFrom === 'response') {
    return Math.min(
      params.feedbackMs,
      params.foreperiodMinMs,
      (params.foreperiodMinMs + params.maxRtMs) / 2,
    );
  }
  return Math.min(params.feedbackMs, params.foreperiodMinMs + params.maxRtMs);
}

/**
 * The least time from one trial's first foreperiod start to the next trial's, ms: the shortest
 * interval (to the counter, answered at once: the next trial's interval starts at the response),
 * and when counted from the feedback's end also the feedback after the response (or a timeout's
 * wait for a press).
 */
export function minimumTrialMs(params: Params, phase: Phase): number {
  const [shortest] = foreperiodRange(params, phase);
  if (params.intervalFrom === 'response') return shortest;
  return shortest + Math.min(params.feedbackMs, params.maxRtMs);
}

/**
 * How long before the feedback (or 'Too soon!') ends the engine moves on to the next interval
 * when intervals are counted from the response, ms: the next counter can be due as the feedback
 * ends, and the frame scheduler needs a few frames' notice to present it in the frame nearest
 * its due time. Presses still count only from the feedback's end, and the stage is cleared then.
 */
export const HANDOVER_LEAD_MS = 250;

/** The run's hand-over lead: HANDOVER_LEAD_MS counted from the response, 0 otherwise. */
export function handoverLeadMs(params: Params): number {
  return params.intervalFrom === 'response' ? Math.min(HANDOVER_LEAD_MS, params.feedbackMs) : 0;
}

/**
 * The least time from where a trial's next interval starts to the trial being sent, ms. Counted
 * from the response, a trial is sent the hand-over lead before its feedback ends (the feedback is
 * the next interval's first part), or at the press that goes on after a timeout (whose trial
 * took the timeout more). Counted from the feedback's end the next interval starts when the trial
 * is sent.
 */
export function minimumSendDelayMs(params: Params): number {
  if (params.intervalFrom !== 'response') return 0;
  return Math.min(params.feedbackMs - handoverLeadMs(params), params.maxRtMs);
}

/**
 * The most counters a test can show: one for each shortest trial that starts before the time is
 * up, and the one in progress then.
 */
export function maximumTestStimuli(params: Params): number {
  return Math.ceil(params.durationMs / minimumTrialMs(params, 'test')) + 1;
}

/** A problem with a configuration and the setting it is reported on. */
export type ConfigProblem = ConfigIssue<Config>;

/**
 * What makes a configuration that is within every setting's own bounds impossible to run (with
 * the variant's values filled in): a duration or interval set below its floor, a longest interval
 * shorter than the shortest, an interval counted from the response shorter than the feedback shown
 * in it, a lapse threshold not above the false-start threshold, a timeout not above the lapse
 * threshold, or a test that could show more counters than a block can number.
 */
export function findConfigIssues(config: Config): ConfigProblem[] {
  const issues: ConfigProblem[] = [];
  const params = resolveConfig(config);
  if (config.durationS !== 0 && config.durationS < MIN_DURATION_S) {
    issues.push({
      setting: 'durationS',
      message: `The test must last at least ${MIN_DURATION_S} s (or 0 for the variant's)`,
    });
  }
  for (const setting of ['foreperiodMinMs', 'foreperiodMaxMs'] as const) {
    if (config[setting] !== 0 && config[setting] < MIN_FOREPERIOD_MS) {
      issues.push({
        setting,
        message: `An interval must be at least ${MIN_FOREPERIOD_MS} ms (or 0 for the variant's)`,
      });
    }
  }
  if (params.foreperiodMaxMs < params.foreperiodMinMs) {
    issues.push({
      setting: 'foreperiodMaxMs',
      message: `The longest interval (${params.foreperiodMaxMs} ms) must not be shorter than the shortest (${params.foreperiodMinMs} ms)`,
    });
  }
  if (params.intervalFrom === 'response' && params.foreperiodMinMs < params.feedbackMs) {
    issues.push({
      // On the setting that was set: the shortest interval, or the feedback over the variant's.
      setting: config.foreperiodMinMs === 0 ? 'feedbackMs' : 'foreperiodMinMs',
      message: `Counted from the response, the shortest interval (${params.foreperiodMinMs} ms) must be at least the feedback (${params.feedbackMs} ms), which is shown in it: lengthen the interval, shorten the feedback, or count the interval from the feedback's end`,
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
  if (issues.length === 0 && maximumTestStimuli(params) > MAX_TRIAL_NUMBER + 1) {
    issues.push({
      setting: 'durationS',
      message: `A ${params.durationMs / 1000} s test with ${params.foreperiodMinMs} ms intervals could show ${maximumTestStimuli(params)} counters, more than the ${MAX_TRIAL_NUMBER + 1} a test can hold: shorten the test or lengthen the intervals`,
    });
  }
  return issues;
}

/** The messages of findConfigIssues: empty for a configuration that can be run. */
export function findConfigProblems(config: Config): string[] {
  return findConfigIssues(config).map((issue) => issue.message);
}

/**
 * What a stored configuration without `intervalFrom` reads as (the task's storedConfigDefaults,
 * applied by the server to the configuration stored with a run): such a run was started by task
 * version 1.0.0, whose intervals were counted from the end of the feedback, so it is checked,
 * resumed and scored against its own plan. A new run stores every setting.
 */
export const STORED_CONFIG_DEFAULTS = {
  intervalFrom: 'feedbackEnd',
} as const satisfies Partial<Config>;

/**
 * Every setting with its default, unit, bounds and description. The schema also refuses
 * configurations findConfigIssues finds impossible (on the setting concerned), so the server
 * and the admin preview refuse them when they validate a configuration.
 */
export const SETTINGS: TaskSettings<Config> = refineSettings(SPECS, findConfigIssues);
export const ConfigSchema = SETTINGS.schema;

/** The configuration the product uses: the 10-minute PVT with its standard values. */
export const DEFAULT_CONFIG: Config = SETTINGS.defaults;
