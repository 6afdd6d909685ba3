import type { RunSummary } from '@cogni/domain';
import type { DirectionScores } from '@cogni/domain/tasks/digit-span';
import { TableScroll } from '../../components/ui/table-scroll';
import { formatMs, formatPercent, NO_VALUE } from '../../lib/format-scores';
import { DIRECTION_NAMES, digitSpanScoresOf, givenDirections, INVALID_REASON_TEXT } from './labels';

type Row = { label: string; value: (scores: DirectionScores) => string | number };

const ROWS: readonly Row[] = [
  { label: 'Longest span (digits)', value: (s) => s.longestSpan },
  { label: 'Two-error maximum length (digits)', value: (s) => s.twoErrorMaxSpan },
  { label: 'Lists correct (total correct)', value: (s) => `${s.totalCorrect} of ${s.trials}` },
  { label: 'Longest list given', value: (s) => s.highestLengthGiven ?? NO_VALUE },
  {
    label: 'Digits in the right place (partial credit)',
    value: (s) =>
      `${s.correctPositions} of ${s.digitsPresented} (${formatPercent(
        s.partialCreditProportion === null ? null : s.partialCreditProportion * 100,
      )})`,
  },
  { label: 'Answers with no digit', value: (s) => s.emptyAnswers },
  { label: 'Lists timed out', value: (s) => s.timedOut },
  // Scores of scoring version 3 on; earlier versions did not count them.
  { label: 'Interrupted lists given again', value: (s) => s.interrupted ?? NO_VALUE },
  {
    label: 'Interrupted lists counted (no repeat left)',
    value: (s) => s.interruptedOverLimit ?? NO_VALUE,
  },
  { label: 'Mean answer time, correct lists', value: (s) => formatMs(s.meanAnswerTimeMs) },
  { label: 'Mean time to the first key', value: (s) => formatMs(s.meanFirstKeyMs) },
  {
    label: 'Practice',
    value: (s) =>
      s.practice === null
        ? 'none'
        : `${s.practice.tries} ${s.practice.tries === 1 ? 'list' : 'lists'}, ${s.practice.passed ? 'right at the end' : 'never right'}`,
  },
];

/**
 * A Digit Span run's scores beyond the tiles, per direction side by side: spans, total correct,
 * partial credit, empty answers and times, practice, and whether each direction's scores are
 * valid. In progress tracking and the admin's result details.
 */
export function DigitSpanScoreDetails({ summary }: { summary: RunSummary }) {
  const directions = givenDirections(digitSpanScoresOf(summary));
  const flagged = directions.filter(({ scores }) => !scores.valid);
  return (
    <>
      <TableScroll label="Scores by direction">
        <table className="table table--numeric">
          <caption>Scores by direction (test lists)</caption>
          <thead>
            <tr>
              <th scope="col">Score</th>
              {directions.map(({ direction }) => (
                <th scope="col" key={direction}>
                  {DIRECTION_NAMES[direction]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ROWS.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                {directions.map(({ direction, scores }) => (
                  <td key={direction}>{row.value(scores)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <p className="score-note">
        {flagged.length === 0
          ? 'Each direction’s scores are valid: its practice was answered correctly and most lists had an answer.'
          : flagged
              .map(
                ({ direction, scores }) =>
                  `${DIRECTION_NAMES[direction]} is flagged as invalid: ${scores.invalidReasons.map((r) => INVALID_REASON_TEXT[r]).join(', and ')}.`,
              )
              .join(' ')}
      </p>
    </>
  );
}
