import type { Config } from '../config';
import { score, scoreV2 } from '../scoring';
import { type ParticipantParams, simulateTestPhase } from '../simulated-participant';

/** The bias and spread of an estimate over simulated runs, in ms. */
export type RecoveryFigures = { runs: number; meanMs: number; biasMs: number; sdMs: number };

/** One condition of the recovery study: a true switch cost and a cue difference. */
export type RecoveryCell = {
  trueSwitchCostMs: number;
  /** Colour-cue minus Word-cue mean RT, ms. */
  cueDifferenceMs: number;
  /** The switch cost of scoring version 2 (within each cue, averaged). */
  version2: RecoveryFigures;
  /** The switch cost of scoring version 1 (pooled switch minus pooled repeat), if compared. */
  version1: RecoveryFigures | null;
};

function figures(estimates: readonly number[], truth: number): RecoveryFigures {
  const mean = estimates.reduce((sum, v) => sum + v, 0) / estimates.length;
  const variance =
    estimates.reduce((sum, v) => sum + (v - mean) ** 2, 0) / Math.max(1, estimates.length - 1);
  return { runs: estimates.length, meanMs: mean, biasMs: mean - truth, sdMs: Math.sqrt(variance) };
}

/**
 * Simulates `runs` participants with a given switch cost and cue difference on the real design
 * (each with its own seeded plan) and scores each run by both versions: how far the mean
 * estimate is from the truth (bias) and how much single runs vary (SD).
 */
export function recoverSwitchCost(options: {
  config: Config;
  participant: ParticipantParams;
  trueSwitchCostMs: number;
  cueDifferenceMs: number;
  runs: number;
  seed: string;
  /** Also score every run by version 1, to show its bias beside version 2's. */
  compareVersion1?: boolean;
}): RecoveryCell {
  const params: ParticipantParams = {
    ...options.participant,
    switchCostMs: options.trueSwitchCostMs,
    meanRtMs: {
      Word: options.participant.meanRtMs.Word,
      Color: options.participant.meanRtMs.Word + options.cueDifferenceMs,
    },
  };
  const v2: number[] = [];
  const v1: number[] = [];
  for (let i = 0; i < options.runs; i++) {
    const trials = simulateTestPhase(`${options.seed}:${i}`, options.config, params);
    const two = scoreV2(options.config, trials).scores.switchCost.rtMs.mean;
    if (two !== null) v2.push(two);
    if (options.compareVersion1) {
      const one = score(options.config, trials).metrics.switchCost.rtMs;
      if (one !== null) v1.push(one);
    }
  }
  return {
    trueSwitchCostMs: options.trueSwitchCostMs,
    cueDifferenceMs: options.cueDifferenceMs,
    version2: figures(v2, options.trueSwitchCostMs),
    version1: options.compareVersion1 ? figures(v1, options.trueSwitchCostMs) : null,
  };
}
