// @vitest-environment jsdom
import { goNoGoTask } from '@cogni/domain/tasks/go-no-go';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithI18n } from '../../lib/testing/render';
import { mockRunSummary, tileText } from '../../lib/testing/result-views';
import { GoNoGoScoreDetails } from './score-details';
import { GoNoGoScoreTiles } from './scores';

afterEach(cleanup);

/** A mock run's stored summary (128 go + 32 no-go test trials), under `scoringVersion`. */
const mockSummary = (scoringVersion?: number) => mockRunSummary(goNoGoTask, scoringVersion);

describe('the Go/No-Go result views', () => {
  it("say what the overall score weighs and what d' gives without a press", () => {
    renderWithI18n(<GoNoGoScoreTiles summary={mockSummary()} />);
    expect(tileText('Overall score')).toContain('go and no-go trials weighed equally');
    // Φ⁻¹(0.5 / 129) - Φ⁻¹(0.5 / 33) = -0.497.
    expect(screen.getByText('never pressing gives \u22120.50')).toBeTruthy();
  });

  it('describe a stored percent-correct headline (scoring version 2) as correct trials', () => {
    const summary = mockSummary(2);
    renderWithI18n(<GoNoGoScoreTiles summary={summary} />);
    expect(tileText('Overall score')).toContain(
      `${summary.correctTrials} of ${summary.totalTrials} correct`,
    );
  });

  it("explain the balanced accuracy and d' without discrimination in the details", () => {
    renderWithI18n(<GoNoGoScoreDetails summary={mockSummary()} />);
    expect(
      screen.getByText(/pressing for every shape, for none or at random scores 50/),
    ).toBeTruthy();
    expect(
      screen.getByText(
        /with 128 go and 32 no-go trials, never pressing gives \u22120\.50 and pressing for everything 0\.50/,
      ),
    ).toBeTruthy();
    expect(screen.getByText('Balanced accuracy (go and no-go weighed equally)')).toBeTruthy();
  });
});
