import type { RunSummary } from '@cogni/domain';
import type { Scores } from '@cogni/domain/tasks/tower-of-hanoi';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { TableScroll } from '../../components/ui/table-scroll';
import { formatDuration, formatPercent, NO_VALUE } from '../../lib/format-scores';
import { formatSeconds, towerOfHanoiScoresOf } from './labels';

const percent = (value: number | null) => formatPercent(value === null ? null : value * 100);

type Row = { label: MessageDescriptor; value: (scores: Scores, i18n: I18n) => string | number };

/** `value` with two decimals in the reader's language; '–' for none. */
const twoDecimals = (i18n: I18n, value: number | null) =>
  value === null
    ? NO_VALUE
    : i18n.number(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const ROWS: readonly { title: MessageDescriptor; rows: readonly Row[] }[] = [
  {
    title: msg`Solutions`,
    rows: [
      {
        label: msg`Problems solved`,
        value: (s, i18n) => {
          const { solved, problems } = s;
          const share = percent(s.proportionSolved);
          return i18n._(msg`${solved} of ${problems} (${share})`);
        },
      },
      { label: msg`Solved at the first attempt`, value: (s) => s.solvedFirstAttempt },
      {
        label: msg`Solved in the fewest moves (optimal)`,
        value: (s, i18n) => {
          const { optimal, problems } = s;
          const share = percent(s.proportionOptimal);
          return i18n._(msg`${optimal} of ${problems} (${share})`);
        },
      },
      {
        label: msg`Excess moves, solved problems only`,
        value: (s, i18n) => {
          const { totalExcessMoves, solved } = s;
          return i18n._(msg`${totalExcessMoves} over ${solved} solved`);
        },
      },
      {
        label: msg`Excess moves per solved problem`,
        value: (s, i18n) => twoDecimals(i18n, s.meanExcessMoves),
      },
      {
        label: msg`Excess moves per minimum move`,
        value: (s, i18n) => twoDecimals(i18n, s.excessMoveRate),
      },
      { label: msg`Move efficiency (fewest ÷ moves)`, value: (s) => percent(s.meanMoveEfficiency) },
      {
        label: msg`Solution score (fewest ÷ moves, unsolved problems 0)`,
        value: (s) => formatPercent(s.solutionScore),
      },
    ],
  },
  {
    title: msg`Times`,
    rows: [
      {
        label: msg`Median planning time (to the first disc lifted)`,
        value: (s) => formatSeconds(s.medianPlanningTimeMs),
      },
      {
        label: msg`Median time to the first completed move`,
        value: (s) => formatSeconds(s.medianFirstMoveTimeMs),
      },
      { label: msg`Median solution time`, value: (s) => formatSeconds(s.medianSolutionTimeMs) },
      {
        label: msg`Median time per move (first disc lifted to solution ÷ moves)`,
        value: (s) => formatSeconds(s.medianExecutionTimePerMoveMs),
      },
      { label: msg`Time on the test problems`, value: (s) => formatDuration(s.totalTimeMs) },
    ],
  },
  {
    title: msg`Rules and limits`,
    rows: [
      { label: msg`Larger disc on a smaller one (refused)`, value: (s) => s.illegalAttempts },
      { label: msg`Taps on an empty peg`, value: (s) => s.emptySourceAttempts },
      { label: msg`Discs put back`, value: (s) => s.cancels },
      { label: msg`Problems out of time`, value: (s) => s.timedOut },
      { label: msg`Problems at the move limit`, value: (s) => s.moveLimitReached },
      {
        label: msg`Left out of the times`,
        value: (s, i18n) => {
          const { restarted, interrupted } = s;
          return i18n._(msg`${restarted} restarted after a reload, ${interrupted} interrupted`);
        },
      },
    ],
  },
];

/**
 * A Tower of Hanoi run's scores beyond the tiles: solutions and excess moves, times, rule
 * violations and limits, and the practice problem. In progress tracking and the admin's result
 * details.
 */
export function TowerOfHanoiScoreDetails({ summary }: { summary: RunSummary }) {
  const { i18n, t } = useLingui();
  const scores = towerOfHanoiScoresOf(summary);
  const { practice } = scores;
  let practiceNote: string;
  if (practice === null) {
    practiceNote = t`This run had no practice problem.`;
  } else if (practice.solved) {
    const { moves, minMoves } = practice;
    practiceNote = t`Practice: solved in ${plural(moves, { one: '# move', other: '# moves' })} (the fewest is ${minMoves}).`;
  } else {
    practiceNote = t`Practice: not solved.`;
  }
  return (
    <>
      <TableScroll label={t`Tower of Hanoi scores`}>
        <table className="table table--numeric">
          <caption>
            <Trans>Scores of the test problems</Trans>
          </caption>
          {ROWS.map((group) => (
            <tbody key={group.title.id}>
              <tr>
                <th scope="colgroup" colSpan={2} className="toh-scores__group">
                  {t(group.title)}
                </th>
              </tr>
              {group.rows.map((row) => (
                <tr key={row.label.id}>
                  <th scope="row">{t(row.label)}</th>
                  <td>{row.value(scores, i18n)}</td>
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </TableScroll>
      <p className="score-note">{practiceNote}</p>
    </>
  );
}
