import { type AnyTask, type RunSummary, storedTrialOf } from '@cogni/domain';
import { screen } from '@testing-library/react';

/**
 * Test set-up shared by the result-view tests of the tasks (jsdom): a simulated run's stored
 * summary, and the text of a score tile.
 */

/**
 * The stored summary of a simulated participant's run of `task` at its default configuration,
 * scored by the task's current scoring and stored under `scoringVersion` (another version's
 * number shows how the views describe a run scored earlier).
 */
export function mockRunSummary(task: AnyTask, scoringVersion = task.scoringVersion): RunSummary {
  const config = task.settings.defaults;
  const run = task.simulate('views-seed', config, Date.parse('2026-11-27'));
  const score = task.score(
    config,
    run.trials.map((t) => storedTrialOf(t)),
  );
  return {
    overallScore: score.overallScore,
    totalTrials: score.totalTrials,
    correctTrials: score.correctTrials,
    averageReactionTime: score.averageReactionTime,
    scoringVersion,
    scores: score.scores,
  };
}

/** The text under the score tile whose term is `term`, in the rendered page. */
export const tileText = (term: string) =>
  screen.getByText(term, { selector: 'dt' }).parentElement?.querySelector('dd')?.textContent;
