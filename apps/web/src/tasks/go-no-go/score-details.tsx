import type { RunSummary } from '@cogni/domain';
import { useId } from 'react';
import { type ValueRow, ValueTable } from '../../components/ui/value-table';
import { formatMs, formatPercent, NO_VALUE } from '../../lib/format-scores';
import { formatDPrime, goNoGoResultOf, toPercent } from './labels';

/**
 * A Go/No-Go run's scores beyond the tiles: the spread of go reaction times, the sensitivity
 * scores (with what the overall score and d′ give a participant who tells nothing apart), every
 * count, practice and the quality checks in plain words. In progress tracking and the
 * admin's result details.
 */
export function GoNoGoScoreDetails({ summary }: { summary: RunSummary }) {
  const checksId = useId();
  const { scores, balancedHeadline, neverPress } = goNoGoResultOf(summary);
  const { counts, practice, qcFlags } = scores;
  const reactionTimes: ValueRow[] = [
    { label: 'Median go reaction time', value: formatMs(scores.medianGoRtMs) },
    { label: 'Standard deviation of go reaction times', value: formatMs(scores.sdGoRtMs) },
    {
      label: 'Coefficient of variation of go reaction times',
      value: scores.cvGoRt === null ? NO_VALUE : scores.cvGoRt.toFixed(2),
    },
    { label: 'Mean reaction time of commissions', value: formatMs(scores.meanCommissionRtMs) },
    {
      label: 'Commission rate without anticipations',
      value: formatPercent(toPercent(scores.commissionRateExclAnticipations)),
    },
    { label: 'Hit rate', value: formatPercent(toPercent(scores.hitRate)) },
    { label: 'Sensitivity d′ (log-linear)', value: formatDPrime(scores.dPrime) },
    { label: 'Accuracy (all test trials)', value: formatPercent(toPercent(scores.accuracy)) },
    // Stored from scoring version 3 on.
    ...(scores.balancedAccuracy === undefined
      ? []
      : [
          {
            label: 'Balanced accuracy (go and no-go weighed equally)',
            value: formatPercent(toPercent(scores.balancedAccuracy)),
          },
        ]),
  ];
  const trialCounts: ValueRow[] = [
    { label: 'Go trials', value: counts.goTrials },
    { label: 'Hits (pressed on go)', value: counts.hits },
    { label: 'Omissions (missed go)', value: scores.omissions },
    { label: 'No-go trials', value: counts.noGoTrials },
    { label: 'Correct rejections (held back on no-go)', value: counts.correctRejections },
    { label: 'Commissions (pressed on no-go)', value: scores.commissions },
    { label: 'Anticipations (pressed within 100 ms)', value: counts.anticipations },
    { label: 'Late presses (after the response window)', value: counts.lateResponses },
    { label: 'Extra presses (after the first)', value: counts.extraResponses },
    { label: 'Interrupted trials (page hidden or unfocused)', value: counts.interrupted },
  ];
  const checks = [
    {
      label: 'Median go reaction time under 200 ms',
      isFlagged: qcFlags.medianGoRtBelow200,
      meaning: 'presses may have come before the shape was seen',
    },
    {
      label: 'More than 10% of go trials missed',
      isFlagged: qcFlags.omissionRateAbove10Percent,
      meaning: 'attention may have lapsed',
    },
    {
      label: '90% or more of no-go trials pressed',
      isFlagged: qcFlags.commissionRateAtLeast90Percent,
      meaning: 'every shape may have been pressed',
    },
  ];
  return (
    <>
      <ValueTable caption="Reaction times and rates (test trials)" rows={reactionTimes} />
      <ValueTable caption="Test trials by outcome" rows={trialCounts} />
      {balancedHeadline && (
        <p className="score-note">
          The overall score is the balanced accuracy: the mean of the share of go trials pressed and
          the share of no-go trials held back, so pressing for every shape, for none or at random
          scores 50. Accuracy counts every test trial alike, so it is mostly go trials.
        </p>
      )}
      {neverPress !== null && (
        <p className="score-note">
          Sensitivity (d′) uses the log-linear correction (Hautus, 1995), which is not 0 when
          nothing is told apart: with {counts.goTrials} go and {counts.noGoTrials} no-go trials,
          never pressing gives {formatDPrime(neverPress)} and pressing for everything{' '}
          {formatDPrime(-neverPress)}.
        </p>
      )}
      <p className="score-note">
        {practice.criterionMet === null
          ? 'No practice trials were saved.'
          : `Practice: ${practice.roundsTaken} ${practice.roundsTaken === 1 ? 'round' : 'rounds'}; the last round ${practice.criterionMet ? 'met' : 'did not meet'} the criterion.`}
      </p>
      <p className="gng-checks__title" id={checksId}>
        Quality checks
      </p>
      <ul className="gng-checks" aria-labelledby={checksId}>
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
