import type { RunSummary } from '@cogni/domain';
import { OverallScoreTile, ScoreTile } from '../../components/task/score-tile';
import { DIRECTION_NAMES, digitSpanScoresOf, givenDirections } from './labels';

/** A Digit Span run's headline scores as tiles: on 'Test Complete' and in progress tracking. */
export function DigitSpanScoreTiles({ summary }: { summary: RunSummary }) {
  const scores = digitSpanScoresOf(summary);
  return (
    <dl className="score-list">
      <OverallScoreTile
        summary={summary}
        extra={
          <>
            {scores.totalCorrect} lists right of {scores.maxTotalCorrect} possible
          </>
        }
      />
      {givenDirections(scores).map(({ direction, scores: given }) => (
        <ScoreTile
          key={direction}
          term={<>{DIRECTION_NAMES[direction]} span</>}
          extra={
            <>
              {given.totalCorrect} of {given.trials} lists correct
              {given.valid ? '' : ' · flagged'}
            </>
          }
        >
          {`${given.longestSpan} digits`}
        </ScoreTile>
      ))}
      {scores.spanDifference !== null && (
        <ScoreTile term="Forward minus backward">
          {scores.spanDifference > 0 ? '+' : scores.spanDifference < 0 ? '\u2212' : ''}
          {Math.abs(scores.spanDifference)}
        </ScoreTile>
      )}
    </dl>
  );
}
