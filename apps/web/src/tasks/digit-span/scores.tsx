import type { RunSummary } from '@cogni/domain';
import { DIRECTION_NAMES, digitSpanScoresOf, givenDirections } from './labels';

/** A Digit Span run's headline scores as tiles: on 'Test Complete' and in progress tracking. */
export function DigitSpanScoreTiles({ summary }: { summary: RunSummary }) {
  const scores = digitSpanScoresOf(summary);
  return (
    <dl className="score-list">
      <div className="score-list__item">
        <dt>Overall score</dt>
        <dd>
          {summary.overallScore}%
          <span className="score-list__extra">
            {scores.totalCorrect} lists right of {scores.maxTotalCorrect} possible
          </span>
        </dd>
      </div>
      {givenDirections(scores).map(({ direction, scores: given }) => (
        <div className="score-list__item" key={direction}>
          <dt>{DIRECTION_NAMES[direction]} span</dt>
          <dd>
            {`${given.longestSpan} digits`}
            <span className="score-list__extra">
              {given.totalCorrect} of {given.trials} lists correct
              {given.valid ? '' : ' · flagged'}
            </span>
          </dd>
        </div>
      ))}
      {scores.spanDifference !== null && (
        <div className="score-list__item">
          <dt>Forward minus backward</dt>
          <dd>
            {scores.spanDifference > 0 ? '+' : scores.spanDifference < 0 ? '\u2212' : ''}
            {Math.abs(scores.spanDifference)}
          </dd>
        </div>
      )}
    </dl>
  );
}
