/**
 * One report cell of one run, by the task's own rules: what the admin's aggregate report adds up
 * over runs (each run's mean with equal weight, and every trial with equal weight).
 */
export type CellAggregate = {
  /** Scored trials in the cell. */
  trialCount: number;
  /** Trials in the cell's RT mean, and that mean (ms); null without any. */
  rtTrialCount: number;
  meanRtMs: number | null;
  /** Trials in the cell's error rate, and the percent of them answered wrongly. */
  errorTrialCount: number;
  errorRatePercent: number | null;
};

/** What the plain rule reads of a trial: its cell, correctness and reaction time. */
export type CellTrial = {
  cell: string | null;
  isCorrect: boolean | null;
  reactionTime: number | null;
  /**
   * The run's scores leave the trial's RT out (e.g. an anticipation, a time under its floor):
   * so does the cell's RT mean. Its correctness still counts in the error rate.
   */
  rtExcluded?: boolean;
};

/**
 * The plain rule: a cell's RT mean is over its correct trials with a reaction time that the
 * task's scores do not leave out (`rtExcluded`), its error rate over its trials with a
 * correctness. Every cell of `cellKeys` is present, empty ones with zero counts.
 */
export function aggregateCells(
  cellKeys: readonly string[],
  trials: readonly CellTrial[],
): Record<string, CellAggregate> {
  return Object.fromEntries(
    cellKeys.map((key) => {
      const inCell = trials.filter((t) => t.cell === key);
      const rts = inCell.flatMap((t) =>
        t.isCorrect === true && t.reactionTime !== null && !t.rtExcluded ? [t.reactionTime] : [],
      );
      const judged = inCell.filter((t) => t.isCorrect !== null);
      const wrong = judged.filter((t) => t.isCorrect === false).length;
      return [
        key,
        {
          trialCount: inCell.length,
          rtTrialCount: rts.length,
          meanRtMs: rts.length === 0 ? null : rts.reduce((sum, v) => sum + v, 0) / rts.length,
          errorTrialCount: judged.length,
          errorRatePercent: judged.length === 0 ? null : (wrong / judged.length) * 100,
        },
      ];
    }),
  );
}
