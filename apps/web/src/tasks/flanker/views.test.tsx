// @vitest-environment jsdom
import { flankerTask, type Scores } from '@cogni/domain/tasks/flanker';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithI18n } from '../../lib/testing/render';
import { mockRunSummary, tileText } from '../../lib/testing/result-views';
import { FlankerScoreDetails } from './score-details';
import { FlankerScoreTiles } from './scores';

afterEach(cleanup);

describe('the flanker result views', () => {
  const summary = mockRunSummary(flankerTask);
  const scores = summary.scores as Scores;

  it('show the flanker effect with the two means it is the difference of, signed', () => {
    renderWithI18n(<FlankerScoreTiles summary={summary} />);
    const effect = Math.round(scores.flankerEffectMs as number);
    expect(tileText('Flanker effect')).toBe(
      `${effect > 0 ? '+' : '\u2212'}${Math.abs(effect)} msincongruent ${Math.round(scores.incongruent.meanRtMs as number)} ms − congruent ${Math.round(scores.congruent.meanRtMs as number)} ms`,
    );
    expect(tileText('Overall score')).toBe(
      `${summary.overallScore}%${summary.correctTrials} of ${summary.totalTrials} correct`,
    );
    expect(tileText('Accuracy effect')).toMatch(/points?congruent [\d.]+% − incongruent [\d.]+%$/);
  });

  it('list each congruency and the quality checks in the details', () => {
    renderWithI18n(<FlankerScoreDetails summary={summary} />);
    expect(screen.getByText('Incongruent: accuracy')).toBeTruthy();
    expect(screen.getByText('Anticipations (answered within 150 ms)')).toBeTruthy();
    expect(screen.getByText(/Accuracy under 80%/).textContent).toBe('Accuracy under 80%: no.');
  });
});
