import type { RunSummary } from '@cogni/domain';
import type { Direction, DirectionScores } from '@cogni/domain/tasks/digit-span';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { TableScroll } from '../../components/ui/table-scroll';
import { formatMs, formatPercent, NO_VALUE } from '../../lib/format-scores';
import { DIRECTION_NAMES, digitSpanScoresOf, givenDirections, INVALID_REASON_TEXT } from './labels';

type Row = {
  label: MessageDescriptor;
  value: (scores: DirectionScores, i18n: I18n) => string | number;
};

const ROWS: readonly Row[] = [
  { label: msg`Longest span (digits)`, value: (s) => s.longestSpan },
  { label: msg`Two-error maximum length (digits)`, value: (s) => s.twoErrorMaxSpan },
  {
    label: msg`Lists correct (total correct)`,
    value: ({ totalCorrect, trials }, i18n) => i18n._(msg`${totalCorrect} of ${trials}`),
  },
  { label: msg`Longest list given`, value: (s) => s.highestLengthGiven ?? NO_VALUE },
  {
    label: msg`Digits in the right place (partial credit)`,
    value: ({ correctPositions, digitsPresented, partialCreditProportion }, i18n) => {
      const share = formatPercent(
        partialCreditProportion === null ? null : partialCreditProportion * 100,
      );
      return i18n._(msg`${correctPositions} of ${digitsPresented} (${share})`);
    },
  },
  { label: msg`Answers with no digit`, value: (s) => s.emptyAnswers },
  { label: msg`Lists timed out`, value: (s) => s.timedOut },
  // Scores of scoring version 3 on; earlier versions did not count them.
  { label: msg`Interrupted lists given again`, value: (s) => s.interrupted ?? NO_VALUE },
  {
    label: msg`Interrupted lists counted (no repeat left)`,
    value: (s) => s.interruptedOverLimit ?? NO_VALUE,
  },
  { label: msg`Mean answer time, correct lists`, value: (s) => formatMs(s.meanAnswerTimeMs) },
  { label: msg`Mean time to the first key`, value: (s) => formatMs(s.meanFirstKeyMs) },
  {
    label: msg({ comment: 'a row: how the practice lists went', message: 'Practice' }),
    value: ({ practice }, i18n) => {
      if (practice === null) return i18n._(msg({ comment: 'no practice lists', message: 'none' }));
      const { tries } = practice;
      return practice.passed
        ? i18n._(msg`${plural(tries, { one: '# list', other: '# lists' })}, right at the end`)
        : i18n._(msg`${plural(tries, { one: '# list', other: '# lists' })}, never right`);
    },
  },
];

/** Why a direction's scores are flagged invalid, in one sentence in the reader's language. */
function flaggedText(i18n: I18n, direction: Direction, scores: DirectionScores): string {
  const name = i18n._(DIRECTION_NAMES[direction]);
  const [firstReason = '', ...others] = scores.invalidReasons.map((reason) =>
    i18n._(INVALID_REASON_TEXT[reason]),
  );
  const reasons = others.reduce(
    (first, second) =>
      i18n._(
        msg({
          comment: 'Reasons a score is flagged invalid, one after the other',
          message: `${first}, and ${second}`,
        }),
      ),
    firstReason,
  );
  return i18n._(msg`${name} is flagged as invalid: ${reasons}.`);
}

/**
 * A Digit Span run's scores beyond the tiles, per direction side by side: spans, total correct,
 * partial credit, empty answers and times, practice, and whether each direction's scores are
 * valid. In progress tracking and the admin's result details.
 */
export function DigitSpanScoreDetails({ summary }: { summary: RunSummary }) {
  const { t, i18n } = useLingui();
  const directions = givenDirections(digitSpanScoresOf(summary));
  const flagged = directions.filter(({ scores }) => !scores.valid);
  return (
    <>
      <TableScroll label={t`Scores by direction`}>
        <table className="table table--numeric">
          <caption>
            <Trans>Scores by direction (test lists)</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Score</Trans>
              </th>
              {directions.map(({ direction }) => (
                <th scope="col" key={direction}>
                  {t(DIRECTION_NAMES[direction])}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ROWS.map((row) => {
              const label = t(row.label);
              return (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  {directions.map(({ direction, scores }) => (
                    <td key={direction}>{row.value(scores, i18n)}</td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
      <p className="score-note">
        {flagged.length === 0
          ? t`Each direction’s scores are valid: its practice was answered correctly and most lists had an answer.`
          : flagged.map(({ direction, scores }) => flaggedText(i18n, direction, scores)).join(' ')}
      </p>
    </>
  );
}
