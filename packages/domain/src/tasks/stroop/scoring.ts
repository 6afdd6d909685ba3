import { mean } from '../shared/statistics';
import { isRestBreakAfter, type Phase, type StroopConfig } from './config';
import type { Cue } from './stimuli';

/** The fields of a stored trial that scoring reads. */
export type ScoredTrial = {
  phase: Phase;
  trialNumber: number;
  cueWord: Cue;
  isSwitch: boolean;
  isCorrect: boolean;
  /** Milliseconds, unrounded. */
  reactionTime: number;
};

export const REPORT_CELLS = [
  'switch, word',
  'noswitch, word',
  'switch, color',
  'noswitch, color',
] as const;
export type ReportCell = (typeof REPORT_CELLS)[number];

export type CellScore = {
  /** Test trials in the cell (trial 0 of the phase is in no cell: it has no predecessor). */
  trialCount: number;
  /** Mean RT of the cell's RT-eligible trials (see isRtEligible), in ms; null if none. */
  meanRtMs: number | null;
  /** Percent of the cell's trials answered wrongly; null if the cell is empty. */
  errorRatePercent: number | null;
};

/** The scores of version 1, each with its rule in its JSDoc (docs/scoring/stroop.md#versions). */
export type StroopMetrics = {
  /** Switch minus repeat: mean RT of RT-eligible trials (ms) and error rate (percentage points). */
  switchCost: { rtMs: number | null; errorRatePercent: number | null };
  /** The four cells of the aggregate report, cue by switch. */
  cells: Record<ReportCell, CellScore>;
  /** Mean RT of RT-eligible test trials divided by the proportion correct of all test trials, in ms. */
  inverseEfficiencyMs: number | null;
  /** How many test trials the RT scores left out, and why (a trial may have several reasons). */
  excludedFromRt: { errors: number; firstOfPhase: number; firstAfterBreak: number };
};

/** Stroop's own scores, stored in `test_results.scores` beside the headline (scoring version 1). */
export type StroopScores = {
  /** Percent correct of Color-cue test trials. */
  colorNamingAccuracy: number | null;
  /** Percent correct of Word-cue test trials. */
  wordReadingAccuracy: number | null;
  /** Mean RT of Color-cue minus mean RT of Word-cue test trials, in ms. */
  interferenceEffect: number | null;
  metrics: StroopMetrics;
};

/** The headline summary plus the version 1 metrics. Computed from test-phase trials only. */
export type StroopSummary = {
  totalTrials: number;
  correctTrials: number;
  /** floor(correct / total * 100). */
  overallScore: number;
  /** Mean RT of all test trials, in ms. */
  averageReactionTime: number | null;
  /** Percent correct of Color-cue test trials. */
  colorNamingAccuracy: number | null;
  /** Percent correct of Word-cue test trials. */
  wordReadingAccuracy: number | null;
  /** Mean RT of Color-cue minus mean RT of Word-cue test trials, in ms. */
  interferenceEffect: number | null;
  metrics: StroopMetrics;
};

function percentWrong(trials: readonly ScoredTrial[]): number | null {
  return trials.length === 0
    ? null
    : (trials.filter((t) => !t.isCorrect).length / trials.length) * 100;
}

function percentCorrect(trials: readonly ScoredTrial[]): number | null {
  const wrong = percentWrong(trials);
  return wrong === null ? null : 100 - wrong;
}

function difference(a: number | null, b: number | null): number | null {
  return a === null || b === null ? null : a - b;
}

/**
 * Whether a test trial's RT counts in the RT scores of version 1: it was answered correctly, it is not
 * the first trial of the phase, and it is not the first trial after a rest break.
 */
export function isRtEligible(config: StroopConfig, trial: ScoredTrial): boolean {
  return (
    trial.isCorrect &&
    trial.trialNumber > 0 &&
    !isRestBreakAfter(config, trial.phase, trial.trialNumber - 1)
  );
}

export function getReportCell(trial: Pick<ScoredTrial, 'isSwitch' | 'cueWord'>): ReportCell {
  return `${trial.isSwitch ? 'switch' : 'noswitch'}, ${trial.cueWord === 'Word' ? 'word' : 'color'}`;
}

function scoreCell(config: StroopConfig, trials: readonly ScoredTrial[]): CellScore {
  return {
    trialCount: trials.length,
    meanRtMs: mean(trials.filter((t) => isRtEligible(config, t)).map((t) => t.reactionTime)),
    errorRatePercent: percentWrong(trials),
  };
}

/** Scores a run from its stored trials (version 1). Trials of other phases are ignored. */
export function scoreStroop(
  config: StroopConfig,
  allTrials: readonly ScoredTrial[],
): StroopSummary {
  const trials = allTrials.filter((t) => t.phase === 'test');
  const correct = trials.filter((t) => t.isCorrect).length;
  const colorTrials = trials.filter((t) => t.cueWord === 'Color');
  const wordTrials = trials.filter((t) => t.cueWord === 'Word');
  const rtOf = (list: readonly ScoredTrial[]) => list.map((t) => t.reactionTime);

  // Trial 0 has no predecessor, so it is neither a switch nor a repeat.
  const classified = trials.filter((t) => t.trialNumber > 0);
  const cells = Object.fromEntries(
    REPORT_CELLS.map((cell) => [
      cell,
      scoreCell(
        config,
        classified.filter((t) => getReportCell(t) === cell),
      ),
    ]),
  ) as Record<ReportCell, CellScore>;
  const switches = classified.filter((t) => t.isSwitch);
  const repeats = classified.filter((t) => !t.isSwitch);
  const eligibleRt = (list: readonly ScoredTrial[]) =>
    mean(list.filter((t) => isRtEligible(config, t)).map((t) => t.reactionTime));
  const meanCorrectRt = eligibleRt(trials);
  const proportionCorrect = trials.length === 0 ? 0 : correct / trials.length;

  return {
    totalTrials: trials.length,
    correctTrials: correct,
    overallScore: trials.length === 0 ? 0 : Math.floor((correct / trials.length) * 100),
    averageReactionTime: mean(rtOf(trials)),
    colorNamingAccuracy: percentCorrect(colorTrials),
    wordReadingAccuracy: percentCorrect(wordTrials),
    interferenceEffect: difference(mean(rtOf(colorTrials)), mean(rtOf(wordTrials))),
    metrics: {
      switchCost: {
        rtMs: difference(eligibleRt(switches), eligibleRt(repeats)),
        errorRatePercent: difference(percentWrong(switches), percentWrong(repeats)),
      },
      cells,
      inverseEfficiencyMs:
        meanCorrectRt === null || proportionCorrect === 0
          ? null
          : meanCorrectRt / proportionCorrect,
      excludedFromRt: {
        errors: trials.filter((t) => !t.isCorrect).length,
        firstOfPhase: trials.filter((t) => t.trialNumber === 0).length,
        firstAfterBreak: trials.filter(
          (t) => t.trialNumber > 0 && isRestBreakAfter(config, t.phase, t.trialNumber - 1),
        ).length,
      },
    },
  };
}
