import { logLinearDPrime, type RunSummary } from '@cogni/domain';
import type { I18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { type ValueRow, ValueTable } from '../../components/ui/value-table';
import { formatMs, formatPercent, formatSignedMs, NO_VALUE } from '../../lib/format-scores';
import { sartScoresOf } from './labels';
import { formatCv } from './scores';

/** A d' with two decimals in the reader's language and a true minus sign: '−0.74'. */
const formatDPrimeValue = (i18n: I18n, value: number | null) =>
  value === null
    ? NO_VALUE
    : i18n
        .number(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
        .replace('-', '\u2212');

/** A time with the number of runs, trials or pairs it is the mean of: '412 ms (6)', '– (2)'. */
const withCount = (text: string, count: number) => `${text} (${count})`;

/**
 * A SART run's scores beyond the tiles: reaction times and their variability, what happened
 * around the errors (pre-error speeding, post-error slowing), every count, practice and the
 * quality checks in plain words. In progress tracking and the admin's result details.
 */
export function SartScoreDetails({ summary }: { summary: RunSummary }) {
  const { i18n, t } = useLingui();
  const checksId = useId();
  const scores = sartScoresOf(summary);
  const { counts, practice, qcFlags, preErrorSpeeding: pre, postErrorSlowing: pes } = scores;
  const reactionTimes: ValueRow[] = [
    { label: t`Median go reaction time`, value: formatMs(scores.medianGoRtMs) },
    { label: t`Standard deviation of go reaction times`, value: formatMs(scores.sdGoRtMs) },
    { label: t`Coefficient of variation of go reaction times`, value: formatCv(scores.cvGoRt) },
    { label: t`Mean reaction time of commissions`, value: formatMs(scores.meanCommissionRtMs) },
    {
      label: t`Anticipations (go presses within 100 ms)`,
      value: formatPercent(scores.anticipationPercent),
    },
    { label: t`Sensitivity (d′)`, value: formatDPrimeValue(i18n, scores.dPrime) },
    {
      // The log-linear correction gives no response at all a d' that is not 0 when go and no-go
      // digits differ in number: the value a run's d' is to be read against.
      label: t`d′ of a participant who never presses, with these digits`,
      value: formatDPrimeValue(i18n, logLinearDPrime(0, counts.goTrials, 0, counts.noGoTrials)),
    },
  ];
  const aroundErrors: ValueRow[] = [
    {
      label: t`Go reaction time before commissions (runs)`,
      value: withCount(formatMs(pre.preCommissionRtMs), pre.commissionRuns),
    },
    {
      label: t`Go reaction time before withheld no-go digits (runs)`,
      value: withCount(formatMs(pre.preWithholdRtMs), pre.withholdRuns),
    },
    {
      label: t`Pre-error speeding (before withholds minus before commissions)`,
      value: formatSignedMs(pre.differenceMs),
    },
    {
      label: t`Post-error slowing, traditional (trials after an error)`,
      value: withCount(formatSignedMs(pes.traditionalMs), pes.postErrorTrials),
    },
    {
      label: t`Post-error slowing, robust (pairs)`,
      value: withCount(formatSignedMs(pes.robustMs), pes.pairs),
    },
  ];
  const trialCounts: ValueRow[] = [
    { label: t`Go digits`, value: counts.goTrials },
    { label: t`Pressed for go digits`, value: counts.goSuccesses },
    { label: t`Omissions (missed go digits)`, value: scores.omissions },
    { label: t`No-go digits`, value: counts.noGoTrials },
    { label: t`Withheld for no-go digits`, value: counts.nogoSuccesses },
    { label: t`Commissions (pressed for no-go digits)`, value: scores.commissions },
    { label: t`Anticipatory presses (under 100 ms)`, value: counts.anticipatoryResponses },
    { label: t`Ambiguous presses (100-199 ms)`, value: counts.ambiguousResponses },
    { label: t`Valid presses (200 ms or more)`, value: counts.validResponses },
    { label: t`Extra presses (after the first)`, value: counts.extraResponses },
    { label: t`Interrupted trials (page hidden or unfocused)`, value: counts.interrupted },
  ];
  const checks = [
    {
      label: t`More than 50% of go digits missed`,
      isFlagged: qcFlags.omissionRateAbove50Percent,
      meaning: t`the participant may have stopped responding`,
    },
    {
      label: t`Go presses faster than 200 ms on average`,
      isFlagged: qcFlags.meanGoRtBelow200,
      meaning: t`presses may have come before the digits were seen`,
    },
    {
      label: t`Every digit pressed, many within 100 ms`,
      isFlagged: qcFlags.indiscriminatePressing,
      meaning: t`the digits may not have been looked at`,
    },
  ];
  const { correct, trials: practiceTrials } = practice;
  return (
    <>
      <ValueTable caption={t`Reaction times (test trials)`} rows={reactionTimes} />
      <ValueTable caption={t`Around the errors`} rows={aroundErrors} />
      <ValueTable caption={t`Test trials by outcome`} rows={trialCounts} />
      <p className="score-note">
        {practiceTrials === 0 ? (
          <Trans>No practice trials were saved.</Trans>
        ) : (
          <Trans>
            Practice: {correct} of {practiceTrials} correct.
          </Trans>
        )}
      </p>
      <p className="sart-checks__title" id={checksId}>
        <Trans>Quality checks</Trans>
      </p>
      <ul className="sart-checks" aria-labelledby={checksId}>
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
