import { logLinearDPrime, type RunSummary } from '@cogni/domain';
import { useId } from 'react';
import { type ValueRow, ValueTable } from '../../components/ui/value-table';
import { formatMs, formatPercent, formatSignedMs, NO_VALUE } from '../../lib/format-scores';
import { sartScoresOf } from './labels';
import { formatCv } from './scores';

/** A d' with two decimals and a true minus sign: '−0.74'. */
const formatDPrimeValue = (value: number | null) =>
  value === null ? NO_VALUE : value.toFixed(2).replace('-', '\u2212');

/** A time with the number of runs, trials or pairs it is the mean of: '412 ms (6)', '– (2)'. */
const withCount = (text: string, count: number) => `${text} (${count})`;

/**
 * A SART run's scores beyond the tiles: reaction times and their variability, what happened
 * around the errors (pre-error speeding, post-error slowing), every count, practice and the
 * quality checks in plain words. In progress tracking and the admin's result details.
 */
export function SartScoreDetails({ summary }: { summary: RunSummary }) {
  const checksId = useId();
  const scores = sartScoresOf(summary);
  const { counts, practice, qcFlags, preErrorSpeeding: pre, postErrorSlowing: pes } = scores;
  const reactionTimes: ValueRow[] = [
    { label: 'Median go reaction time', value: formatMs(scores.medianGoRtMs) },
    { label: 'Standard deviation of go reaction times', value: formatMs(scores.sdGoRtMs) },
    { label: 'Coefficient of variation of go reaction times', value: formatCv(scores.cvGoRt) },
    { label: 'Mean reaction time of commissions', value: formatMs(scores.meanCommissionRtMs) },
    {
      label: 'Anticipations (go presses within 100 ms)',
      value: formatPercent(scores.anticipationPercent),
    },
    { label: 'Sensitivity (d′)', value: formatDPrimeValue(scores.dPrime) },
    {
      // The log-linear correction gives no response at all a d' that is not 0 when go and no-go
      // digits differ in number: the value a run's d' is to be read against.
      label: 'd′ of a participant who never presses, with these digits',
      value: formatDPrimeValue(logLinearDPrime(0, counts.goTrials, 0, counts.noGoTrials)),
    },
  ];
  const aroundErrors: ValueRow[] = [
    {
      label: 'Go reaction time before commissions (runs)',
      value: withCount(formatMs(pre.preCommissionRtMs), pre.commissionRuns),
    },
    {
      label: 'Go reaction time before withheld no-go digits (runs)',
      value: withCount(formatMs(pre.preWithholdRtMs), pre.withholdRuns),
    },
    {
      label: 'Pre-error speeding (before withholds minus before commissions)',
      value: formatSignedMs(pre.differenceMs),
    },
    {
      label: 'Post-error slowing, traditional (trials after an error)',
      value: withCount(formatSignedMs(pes.traditionalMs), pes.postErrorTrials),
    },
    {
      label: 'Post-error slowing, robust (pairs)',
      value: withCount(formatSignedMs(pes.robustMs), pes.pairs),
    },
  ];
  const trialCounts: ValueRow[] = [
    { label: 'Go digits', value: counts.goTrials },
    { label: 'Pressed for go digits', value: counts.goSuccesses },
    { label: 'Omissions (missed go digits)', value: scores.omissions },
    { label: 'No-go digits', value: counts.noGoTrials },
    { label: 'Withheld for no-go digits', value: counts.nogoSuccesses },
    { label: 'Commissions (pressed for no-go digits)', value: scores.commissions },
    { label: 'Anticipatory presses (under 100 ms)', value: counts.anticipatoryResponses },
    { label: 'Ambiguous presses (100-199 ms)', value: counts.ambiguousResponses },
    { label: 'Valid presses (200 ms or more)', value: counts.validResponses },
    { label: 'Extra presses (after the first)', value: counts.extraResponses },
    { label: 'Interrupted trials (page hidden or unfocused)', value: counts.interrupted },
  ];
  const checks = [
    {
      label: 'More than 50% of go digits missed',
      isFlagged: qcFlags.omissionRateAbove50Percent,
      meaning: 'the participant may have stopped responding',
    },
    {
      label: 'Go presses faster than 200 ms on average',
      isFlagged: qcFlags.meanGoRtBelow200,
      meaning: 'presses may have come before the digits were seen',
    },
    {
      label: 'Every digit pressed, many within 100 ms',
      isFlagged: qcFlags.indiscriminatePressing,
      meaning: 'the digits may not have been looked at',
    },
  ];
  return (
    <>
      <ValueTable caption="Reaction times (test trials)" rows={reactionTimes} />
      <ValueTable caption="Around the errors" rows={aroundErrors} />
      <ValueTable caption="Test trials by outcome" rows={trialCounts} />
      <p className="score-note">
        {practice.trials === 0
          ? 'No practice trials were saved.'
          : `Practice: ${practice.correct} of ${practice.trials} correct.`}
      </p>
      <p className="sart-checks__title" id={checksId}>
        Quality checks
      </p>
      <ul className="sart-checks" aria-labelledby={checksId}>
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
