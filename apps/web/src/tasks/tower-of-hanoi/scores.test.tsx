// @vitest-environment jsdom
import { towerOfHanoiTask } from '@cogni/domain/tasks/tower-of-hanoi';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithI18n } from '../../lib/testing/render';
import { mockRunSummary, tileText } from '../../lib/testing/result-views';
import { TowerOfHanoiScoreDetails } from './score-details';
import { TowerOfHanoiScoreTiles } from './scores';

afterEach(cleanup);

/** A mock run's stored summary (the 13 Bishop problems), under `scoringVersion`. */
const mockSummary = (scoringVersion?: number) => mockRunSummary(towerOfHanoiTask, scoringVersion);

describe('the Tower of Hanoi result views', () => {
  it('say the overall score counts the problems solved in the fewest moves, with the solution score beside it', () => {
    const summary = mockSummary();
    const scores = summary.scores as { optimal: number; problems: number };
    renderWithI18n(<TowerOfHanoiScoreTiles summary={summary} />);
    expect(tileText('Overall score')).toContain(
      `Problems solved in the fewest moves: ${scores.optimal} of ${scores.problems}`,
    );
    expect(tileText('Solution score')).toContain('unsolved ones as 0');
    // The overall score already is the problems in the fewest moves: no tile repeats it.
    expect(screen.queryByText('In the fewest moves', { selector: 'dt' })).toBeNull();
  });

  it('describe a stored solution-score headline (scoring version 2) as the solution score', () => {
    renderWithI18n(<TowerOfHanoiScoreTiles summary={mockSummary(2)} />);
    expect(tileText('Overall score')).toContain(
      'Each solved problem counted as fewest moves ÷ moves',
    );
    expect(tileText('In the fewest moves')).toContain('Solved optimally');
    expect(screen.queryByText('Solution score', { selector: 'dt' })).toBeNull();
  });

  it('show the solution score in the details', () => {
    const summary = mockSummary();
    renderWithI18n(<TowerOfHanoiScoreDetails summary={summary} />);
    const solution = (summary.scores as { solutionScore: number }).solutionScore;
    const row = screen.getByText('Solution score (fewest ÷ moves, unsolved problems 0)');
    expect(row.parentElement?.querySelector('td')?.textContent).toBe(
      `${solution.toFixed(1).replace(/\.0$/, '')}%`,
    );
  });
});
