import { ConfigSchema, type Variant } from '../config';
import { pvtTask } from '../definition';
import type { ScoredTrial } from '../scoring';
import type { TrialType } from '../trial';

/**
 * A scored PVT-10 test trial by hand: its type and RT, a 3000 ms foreperiod, trialNumber + 1
 * minutes into the test, no false start or extra press, not interrupted; `extra` overrides any
 * field.
 */
export function scoredTrial(
  trialNumber: number,
  type: TrialType,
  reactionTime: number | null,
  extra: Partial<ScoredTrial> = {},
): ScoredTrial {
  return {
    phase: 'test',
    block: 0,
    trialNumber,
    variant: 'PVT-10',
    type,
    reactionTime,
    foreperiodMs: 3000,
    nFalseStarts: 0,
    elapsedMs: (trialNumber + 1) * 60_000,
    resumed: false,
    nExtraResponses: 0,
    timing: { wasInterrupted: false },
    ...extra,
  };
}

/**
 * The configuration a run of `variant` stored under task version 1.0.0: every setting of that
 * version written out (0: the variant's own value), no intervalFrom.
 */
export const configStoredBy100 = (variant: Variant) => ({
  variant,
  durationS: 0,
  foreperiodMinMs: 0,
  foreperiodMaxMs: 0,
  lapseThresholdMs: 0,
  falseStartMs: 100,
  maxRtMs: 30_000,
  feedbackMs: 1000,
  habituationTrials: 5,
});

/** A stored configuration as the server reads it: the task's storedConfigDefaults under it. */
export const readStoredConfig = (stored: object) =>
  ConfigSchema.parse({ ...pvtTask.storedConfigDefaults, ...stored });
