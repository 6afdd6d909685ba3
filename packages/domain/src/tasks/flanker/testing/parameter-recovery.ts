import type { Config } from '../config';
import { type ParticipantParams, simulateParticipant } from '../participant';
import { score } from '../scoring';

/**
 * Parameter recovery of the flanker effect (docs/scoring/flanker.md, "Parameter recovery"):
 * simulated participants with a known flanker effect and known error rates, each run played
 * through the engine on the run's own plan and scored as a stored run is.
 */

/** One recovery cell: many runs of one participant with one true flanker effect. */
export type FlankerRecoveryCell = {
  trueEffectMs: number;
  runs: number;
  /** The mean over runs of the scored flanker effect, its bias and its SD over runs (ms). */
  meanMs: number;
  biasMs: number;
  sdMs: number;
  /**
   * The share of runs whose effect lies within 2 standard errors of the truth, each run's SE
   * from its own correct RTs (sqrt(SD_c^2 / n_c + SD_i^2 / n_i)): nominally 95 %.
   */
  coverage: number;
  /** The same for the median-based effect: mean and bias (ms). */
  medianEffectMeanMs: number;
  medianEffectBiasMs: number;
  /** The accuracy-based effect: its truth, (1 - omissions) x (incongruent - congruent error rate), and mean over runs. */
  trueAccuracyEffect: number;
  accuracyEffectMean: number;
};

const average = (values: readonly number[]) => values.reduce((s, v) => s + v, 0) / values.length;
const sd = (values: readonly number[]) => {
  const m = average(values);
  return Math.sqrt(values.reduce((s, v) => s + (v - m) ** 2, 0) / (values.length - 1));
};

/** Runs `runs` simulated participants with flanker effect `trueEffectMs` and scores each. */
export function recoverFlankerEffect(options: {
  config: Config;
  participant: ParticipantParams;
  trueEffectMs: number;
  runs: number;
  seed: string;
}): FlankerRecoveryCell {
  const { config, trueEffectMs, runs } = options;
  const participant = { ...options.participant, flankerEffectMs: trueEffectMs };
  const effects: number[] = [];
  const medianEffects: number[] = [];
  const accuracyEffects: number[] = [];
  let covered = 0;
  for (let i = 0; i < runs; i++) {
    const trials = simulateParticipant(`${options.seed}:${i}`, config, participant);
    const { scores } = score(config, trials);
    const { congruent, incongruent, flankerEffectMs, flankerEffectMedianMs } = scores;
    if (
      flankerEffectMs === null ||
      flankerEffectMedianMs === null ||
      scores.accuracyFlankerEffect === null
    ) {
      throw new Error(`Run ${i} has no flanker effect`);
    }
    effects.push(flankerEffectMs);
    medianEffects.push(flankerEffectMedianMs);
    accuracyEffects.push(scores.accuracyFlankerEffect);
    const se = Math.sqrt(
      (congruent.sdRtMs ?? 0) ** 2 / congruent.rtTrials +
        (incongruent.sdRtMs ?? 0) ** 2 / incongruent.rtTrials,
    );
    if (Math.abs(flankerEffectMs - trueEffectMs) <= 2 * se) covered += 1;
  }
  const meanMs = average(effects);
  const medianEffectMeanMs = average(medianEffects);
  return {
    trueEffectMs,
    runs,
    meanMs,
    biasMs: meanMs - trueEffectMs,
    sdMs: sd(effects),
    coverage: covered / runs,
    medianEffectMeanMs,
    medianEffectBiasMs: medianEffectMeanMs - trueEffectMs,
    trueAccuracyEffect:
      (1 - participant.omissionRate) *
      (participant.incongruentErrorRate - participant.congruentErrorRate),
    accuracyEffectMean: average(accuracyEffects),
  };
}
