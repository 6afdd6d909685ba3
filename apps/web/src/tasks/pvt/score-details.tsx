import type { RunSummary } from '@cogni/domain';
import type { Scores } from '@cogni/domain/tasks/pvt';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { TableScroll } from '../../components/ui/table-scroll';
import { formatMs, formatPercent, NO_VALUE } from '../../lib/format-scores';
import { formatSpeed, pvtScoresOf } from './labels';

/** `value` with `digits` decimals in the reader's language. */
const fixed = (i18n: I18n, value: number, digits: number) =>
  i18n.number(value, { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** The score table's groups, each a header row and its scores. */
const GROUPS: readonly {
  title: MessageDescriptor;
  rows: readonly { label: MessageDescriptor; value: (s: Scores, i18n: I18n) => string | number }[];
}[] = [
  {
    title: msg`Reaction times (responses from the false-start threshold on, lapses included)`,
    rows: [
      { label: msg`Mean reaction time`, value: (s) => formatMs(s.meanRtMs) },
      { label: msg`Median reaction time`, value: (s) => formatMs(s.medianRtMs) },
      { label: msg`Response speed (mean 1/RT)`, value: (s) => formatSpeed(s.meanSpeed) },
      { label: msg`Fastest 10%: mean 1/RT`, value: (s) => formatSpeed(s.fastest10PercentSpeed) },
      {
        label: msg`Fastest 10%: mean reaction time`,
        value: (s) => formatMs(s.fastest10PercentRtMs),
      },
      { label: msg`Slowest 10%: mean 1/RT`, value: (s) => formatSpeed(s.slowest10PercentSpeed) },
      { label: msg`Standard deviation`, value: (s) => formatMs(s.sdRtMs) },
      {
        label: msg`Coefficient of variation`,
        value: (s, i18n) => (s.cvRt === null ? NO_VALUE : fixed(i18n, s.cvRt, 2)),
      },
      {
        label: msg`Change of 1/RT per minute on task`,
        value: (s, i18n) =>
          s.speedSlopePerMinute === null ? NO_VALUE : `${fixed(i18n, s.speedSlopePerMinute, 3)}/s`,
      },
    ],
  },
  {
    title: msg`Lapses and false starts`,
    rows: [
      { label: msg`Stimuli (counters, not false starts)`, value: (s) => s.stimuli },
      { label: msg`Lapses (slow responses and timeouts)`, value: (s) => s.lapses },
      {
        label: msg`Lapse rate`,
        value: (s) => formatPercent(s.lapseRate === null ? null : s.lapseRate * 100),
      },
      { label: msg`Timeouts (no response)`, value: (s) => s.counts.timeouts },
      { label: msg`False starts`, value: (s) => s.falseStarts },
      { label: msg`Pressed before the counter`, value: (s) => s.counts.falseStartsBeforeCounter },
      {
        label: msg`Responses under the false-start threshold`,
        value: (s) => s.counts.falseStartResponses,
      },
      {
        label: msg`Performance score`,
        value: (s) => formatPercent(s.performanceScore === null ? null : s.performanceScore * 100),
      },
    ],
  },
  {
    title: msg`The run`,
    rows: [
      { label: msg`Variant`, value: (s) => s.variant },
      { label: msg`Test duration`, value: (s) => `${s.durationS} s` },
      { label: msg`Lapse threshold`, value: (s) => `${s.lapseThresholdMs} ms` },
      { label: msg`False-start threshold`, value: (s) => `${s.falseStartThresholdMs} ms` },
      { label: msg`Practice trials`, value: (s) => s.habituation.trials },
      { label: msg`Extra presses (during feedback)`, value: (s) => s.counts.extraResponses },
      { label: msg`Trials after a reload`, value: (s) => s.counts.resumed },
      { label: msg`Interrupted trials (not scored)`, value: (s) => s.counts.interrupted },
    ],
  },
];

/**
 * A PVT run's scores beyond the tiles, in one table by group (reaction times and speeds; lapses
 * and false starts; the run's variant and thresholds, which the scores mean nothing without),
 * and the quality checks in plain words. In progress tracking and the admin's result details.
 */
export function PvtScoreDetails({ summary }: { summary: RunSummary }) {
  const { i18n, t } = useLingui();
  const checksId = useId();
  const scores = pvtScoresOf(summary);
  const { interrupted } = scores.counts;
  const checks = [
    {
      label: t`More than 10 false starts`,
      isFlagged: scores.qcFlags.falseStartsAbove10,
      meaning: t`responses may not have waited for the counter`,
    },
    {
      label: t`Page hidden or left during the test`,
      isFlagged: scores.qcFlags.pageInterrupted,
      meaning: t(
        msg({
          message: plural(interrupted, {
            one: '# trial was interrupted and left out of the scores',
            other: '# trials were interrupted and left out of the scores',
          }),
        }),
      ),
    },
  ];
  return (
    <>
      <TableScroll label={t`PVT scores`}>
        <table className="table table--numeric pvt-score-table">
          <caption>
            <Trans>Scores (test trials)</Trans>
          </caption>
          {GROUPS.map((group) => (
            <tbody key={group.title.id}>
              <tr>
                <th scope="colgroup" colSpan={2} className="pvt-score-table__group">
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
      <p className="pvt-checks__title" id={checksId}>
        <Trans>Quality checks</Trans>
      </p>
      <ul className="pvt-checks" aria-labelledby={checksId}>
        {checks.map(({ label, isFlagged, meaning }) => {
          const answer = isFlagged ? t`yes, flagged: ${meaning}` : t`no`;
          return (
            <li key={label} data-flagged={isFlagged}>
              <Trans comment="a quality check and whether it flagged the run">
                {label}: <strong>{answer}</strong>.
              </Trans>
            </li>
          );
        })}
      </ul>
    </>
  );
}
