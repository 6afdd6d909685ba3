import type { RunSummary } from '@cogni/domain';
import type { Scores } from '@cogni/domain/tasks/pvt';
import { useId } from 'react';
import { TableScroll } from '../../components/ui/table-scroll';
import { formatMs, formatPercent, NO_VALUE } from '../../lib/format-scores';
import { formatSpeed, pvtScoresOf } from './labels';

/** The score table's groups, each a header row and its scores. */
const GROUPS: readonly {
  title: string;
  rows: readonly { label: string; value: (s: Scores) => string | number }[];
}[] = [
  {
    title: 'Reaction times (responses from the false-start threshold on, lapses included)',
    rows: [
      { label: 'Mean reaction time', value: (s) => formatMs(s.meanRtMs) },
      { label: 'Median reaction time', value: (s) => formatMs(s.medianRtMs) },
      { label: 'Response speed (mean 1/RT)', value: (s) => formatSpeed(s.meanSpeed) },
      { label: 'Fastest 10%: mean 1/RT', value: (s) => formatSpeed(s.fastest10PercentSpeed) },
      { label: 'Fastest 10%: mean reaction time', value: (s) => formatMs(s.fastest10PercentRtMs) },
      { label: 'Slowest 10%: mean 1/RT', value: (s) => formatSpeed(s.slowest10PercentSpeed) },
      { label: 'Standard deviation', value: (s) => formatMs(s.sdRtMs) },
      {
        label: 'Coefficient of variation',
        value: (s) => (s.cvRt === null ? NO_VALUE : s.cvRt.toFixed(2)),
      },
      {
        label: 'Change of 1/RT per minute on task',
        value: (s) =>
          s.speedSlopePerMinute === null ? NO_VALUE : `${s.speedSlopePerMinute.toFixed(3)}/s`,
      },
    ],
  },
  {
    title: 'Lapses and false starts',
    rows: [
      { label: 'Stimuli (counters, not false starts)', value: (s) => s.stimuli },
      { label: 'Lapses (slow responses and timeouts)', value: (s) => s.lapses },
      {
        label: 'Lapse rate',
        value: (s) => formatPercent(s.lapseRate === null ? null : s.lapseRate * 100),
      },
      { label: 'Timeouts (no response)', value: (s) => s.counts.timeouts },
      { label: 'False starts', value: (s) => s.falseStarts },
      { label: 'Pressed before the counter', value: (s) => s.counts.falseStartsBeforeCounter },
      {
        label: 'Responses under the false-start threshold',
        value: (s) => s.counts.falseStartResponses,
      },
      {
        label: 'Performance score',
        value: (s) => formatPercent(s.performanceScore === null ? null : s.performanceScore * 100),
      },
    ],
  },
  {
    title: 'The run',
    rows: [
      { label: 'Variant', value: (s) => s.variant },
      { label: 'Test duration', value: (s) => `${s.durationS} s` },
      { label: 'Lapse threshold', value: (s) => `${s.lapseThresholdMs} ms` },
      { label: 'False-start threshold', value: (s) => `${s.falseStartThresholdMs} ms` },
      { label: 'Practice trials', value: (s) => s.habituation.trials },
      { label: 'Extra presses (during feedback)', value: (s) => s.counts.extraResponses },
      { label: 'Trials after a reload', value: (s) => s.counts.resumed },
      { label: 'Interrupted trials (not scored)', value: (s) => s.counts.interrupted },
    ],
  },
];

/**
 * A PVT run's scores beyond the tiles, in one table by group (reaction times and speeds; lapses
 * and false starts; the run's variant and thresholds, which the scores mean nothing without),
 * and the quality checks in plain words. In progress tracking and the admin's result details.
 */
export function PvtScoreDetails({ summary }: { summary: RunSummary }) {
  const checksId = useId();
  const scores = pvtScoresOf(summary);
  const checks = [
    {
      label: 'More than 10 false starts',
      isFlagged: scores.qcFlags.falseStartsAbove10,
      meaning: 'responses may not have waited for the counter',
    },
    {
      label: 'Page hidden or left during the test',
      isFlagged: scores.qcFlags.pageInterrupted,
      meaning: `${scores.counts.interrupted} ${scores.counts.interrupted === 1 ? 'trial was' : 'trials were'} interrupted and left out of the scores`,
    },
  ];
  return (
    <>
      <TableScroll label="PVT scores">
        <table className="table table--numeric pvt-score-table">
          <caption>Scores (test trials)</caption>
          {GROUPS.map((group) => (
            <tbody key={group.title}>
              <tr>
                <th scope="colgroup" colSpan={2} className="pvt-score-table__group">
                  {group.title}
                </th>
              </tr>
              {group.rows.map((row) => (
                <tr key={row.label}>
                  <th scope="row">{row.label}</th>
                  <td>{row.value(scores)}</td>
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </TableScroll>
      <p className="pvt-checks__title" id={checksId}>
        Quality checks
      </p>
      <ul className="pvt-checks" aria-labelledby={checksId}>
        {checks.map((check) => (
          <li key={check.label} data-flagged={check.isFlagged}>
            {check.label}:{' '}
            <strong>{check.isFlagged ? `yes, flagged: ${check.meaning}` : 'no'}</strong>.
          </li>
        ))}
      </ul>
    </>
  );
}
