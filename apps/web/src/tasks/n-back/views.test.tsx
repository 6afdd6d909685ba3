// @vitest-environment jsdom
import { nBackTask } from '@cogni/domain/tasks/n-back';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithI18n } from '../../lib/testing/render';
import { mockRunSummary, tileText } from '../../lib/testing/result-views';
import { NBackScoreDetails } from './score-details';
import { NBackScoreTiles } from './scores';

afterEach(cleanup);

/** A mock run's stored summary (levels 1-3, 18 targets and 42 non-targets each). */
const mockSummary = (scoringVersion?: number) => mockRunSummary(nBackTask, scoringVersion);

describe('the N-back result views', () => {
  it('say what the overall score weighs', () => {
    renderWithI18n(<NBackScoreTiles summary={mockSummary()} />);
    expect(tileText('Overall score')).toContain('targets and non-targets weighed equally');
  });

  it('describe a stored percent-correct headline (scoring version 1) as correct trials', () => {
    const summary = mockSummary(1);
    renderWithI18n(<NBackScoreTiles summary={summary} />);
    expect(tileText('Overall score')).toContain(
      `${summary.correctTrials} of ${summary.totalTrials} correct`,
    );
  });

  it("explain the balanced accuracy and d' without discrimination in the details", () => {
    renderWithI18n(<NBackScoreDetails summary={mockSummary()} />);
    expect(
      screen.getByText(/“different” to every letter, nothing or at random scores 50/),
    ).toBeTruthy();
    // Pooled Φ⁻¹(0.5 / 55) - Φ⁻¹(0.5 / 127) = 0.296; per level Φ⁻¹(0.5 / 19) - Φ⁻¹(0.5 / 43) = 0.331.
    expect(
      screen.getByText(
        /gives 0\.30 over all levels \(1-back 0\.33, 2-back 0\.33, 3-back 0\.33\), and “same” to every letter \u22120\.30/,
      ),
    ).toBeTruthy();
  });
});
