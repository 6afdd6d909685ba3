import type { AnyTask, RunScore } from '@cogni/domain';

/** A run's scores as the test_results columns that store them (ADR 027). */
export function toSummaryColumns(task: AnyTask, score: RunScore<unknown>) {
  return {
    overallScore: score.overallScore,
    totalTrials: score.totalTrials,
    correctTrials: score.correctTrials,
    averageReactionTime: score.averageReactionTime,
    scores: score.scores,
    scoringVersion: task.scoringVersion,
  };
}
