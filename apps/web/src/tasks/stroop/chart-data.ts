import type { ResultTrial } from '@cogni/domain';
import {
  type Config,
  getReportCell,
  isRestBreakAfter,
  isRtEligible,
  REPORT_CELL_NAMES,
  REPORT_CELLS,
} from '@cogni/domain/tasks/stroop';
import {
  type ConditionRtSpread,
  type TestTrialPoint,
  toConditionRtSpread,
} from '../../lib/charts/chart-data';
import { asStroopTrials } from './labels';

/**
 * Reaction times per report cell, from the same trials as the stored cell means: correct trials
 * without any exclusion the run's scoring stored with them (scoring version 2), or, for a run
 * not rescored yet, version 1's rule (isRtEligible: errors, the first trial of the phase and the
 * first after a rest break are left out).
 */
export function getCellRtSpread(
  config: Config,
  trials: readonly ResultTrial[],
): ConditionRtSpread[] {
  const eligible = asStroopTrials(trials).filter(
    (t) =>
      t.phase === 'test' &&
      (t.exclusions ? t.isCorrect && t.exclusions.length === 0 : isRtEligible(config, t)),
  );
  return REPORT_CELLS.map((cell) =>
    toConditionRtSpread(
      cell,
      REPORT_CELL_NAMES[cell],
      eligible.filter((t) => getReportCell(t) === cell).map((t) => t.reactionTime),
    ),
  );
}

/** The test-phase trials in run order, for the RT-by-trial chart. */
export function getTestTrialSeries(trials: readonly ResultTrial[]): TestTrialPoint[] {
  return asStroopTrials(trials)
    .filter((t) => t.phase === 'test')
    .map((t) => ({ position: t.trialNumber + 1, rtMs: t.reactionTime, isCorrect: t.isCorrect }));
}

/** 1-based test positions followed by a rest break: 40, 80 and 120 by default. */
export function getRestBreakPositions(config: Config): number[] {
  return Array.from({ length: config.testTrials }, (_, i) => i).flatMap((trialNumber) =>
    isRestBreakAfter(config, 'test', trialNumber) ? [trialNumber + 1] : [],
  );
}
