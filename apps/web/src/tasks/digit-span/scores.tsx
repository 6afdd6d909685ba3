import type { RunSummary } from '@cogni/domain';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { OverallScoreTile, ScoreTile } from '../../components/task/score-tile';
import { digitSpanScoresOf, givenDirections } from './labels';

/** A Digit Span run's headline scores as tiles: on 'Test Complete' and in progress tracking. */
export function DigitSpanScoreTiles({ summary }: { summary: RunSummary }) {
  const { t } = useLingui();
  const scores = digitSpanScoresOf(summary);
  const { totalCorrect, maxTotalCorrect, spanDifference } = scores;
  return (
    <dl className="score-list">
      <OverallScoreTile
        summary={summary}
        extra={
          <Trans>
            {totalCorrect} lists right of {maxTotalCorrect} possible
          </Trans>
        }
      />
      {givenDirections(scores).map(({ direction, scores: given }) => {
        const { totalCorrect: correct, trials, longestSpan } = given;
        return (
          <ScoreTile
            key={direction}
            term={direction === 'forward' ? t`Forward span` : t`Backward span`}
            extra={
              given.valid
                ? t`${correct} of ${trials} lists correct`
                : t`${correct} of ${trials} lists correct · flagged`
            }
          >
            {t`${plural(longestSpan, { one: '# digit', other: '# digits' })}`}
          </ScoreTile>
        );
      })}
      {spanDifference !== null && (
        <ScoreTile term={t`Forward minus backward`}>
          {spanDifference > 0 ? '+' : spanDifference < 0 ? '\u2212' : ''}
          {Math.abs(spanDifference)}
        </ScoreTile>
      )}
    </dl>
  );
}
