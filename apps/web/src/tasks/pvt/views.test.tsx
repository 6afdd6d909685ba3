// @vitest-environment jsdom

import { type ResultTrial, type RunSummary, storedTrialOf } from '@cogni/domain';
import { DEFAULT_CONFIG, pvtTask, score, simulateRun } from '@cogni/domain/tasks/pvt';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithI18n } from '../../lib/testing/render';
import { PvtScoreDetails } from './score-details';
import { PvtScoreTiles } from './scores';
import { PvtTrialTables } from './trial-table';

afterEach(cleanup);

/** A mock run's trials as the API returns them, and its stored summary. */
function mockResult() {
  const run = simulateRun('views-seed', DEFAULT_CONFIG, Date.parse('2026-11-27T12:00:00Z'));
  const trials = run.trials.map((t) => ({ ...storedTrialOf(t), exclusions: null }));
  const scores = score(DEFAULT_CONFIG, trials);
  const summary: RunSummary = {
    overallScore: scores.overallScore,
    totalTrials: scores.totalTrials,
    correctTrials: scores.correctTrials,
    averageReactionTime: scores.averageReactionTime,
    scoringVersion: pvtTask.scoringVersion,
    scores: scores.scores,
  };
  return { trials: trials as unknown as ResultTrial[], summary, score: scores };
}

describe('the PVT result views', () => {
  it('shows the headline tiles: performance score, speed, lapses, median RT, false starts', () => {
    const { summary, score } = mockResult();
    renderWithI18n(<PvtScoreTiles summary={summary} />);
    expect(screen.getByText(`${score.overallScore}%`)).toBeTruthy();
    expect(screen.getByText(`${(score.scores.meanSpeed as number).toFixed(2)}/s`)).toBeTruthy();
    expect(
      screen.getByText(
        `${score.scores.lapses} of ${score.scores.stimuli} counters at 500 ms or slower, or not answered`,
      ),
    ).toBeTruthy();
  });

  it('shows every score with the variant and thresholds, and the quality checks', () => {
    const { summary } = mockResult();
    renderWithI18n(<PvtScoreDetails summary={summary} />);
    const table = screen.getByRole('table', { name: 'Scores (test trials)' });
    for (const text of [
      'PVT-10',
      '500 ms',
      '600 s',
      'Performance score',
      'Slowest 10%: mean 1/RT',
    ]) {
      expect(table.textContent).toContain(text);
    }
    expect(screen.getByText('More than 10 false starts', { exact: false })).toBeTruthy();
  });

  it('lists the practice and the test trials in collapsed tables', () => {
    const { trials } = mockResult();
    renderWithI18n(<PvtTrialTables trials={trials} />);
    const test = trials.filter((t) => t.phase === 'test').length;
    expect(screen.getByText(/^Practice trials \(5, /)).toBeTruthy();
    expect(screen.getByText(new RegExp(`^Test trials \\(${test}, `))).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(2 + 5 + test);
  });
});
