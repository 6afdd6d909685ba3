import type { StroopSummary } from '@cogni/domain';

/** A run's scores (D15, D16) as the test_results columns that store them. */
export function toSummaryColumns(summary: StroopSummary) {
  return {
    overallScore: summary.overallScore,
    totalTrials: summary.totalTrials,
    correctTrials: summary.correctTrials,
    averageReactionTime: summary.averageReactionTime,
    colorNamingAccuracy: summary.colorNamingAccuracy,
    wordReadingAccuracy: summary.wordReadingAccuracy,
    interferenceEffect: summary.interferenceEffect,
    metrics: summary.metrics,
  };
}
