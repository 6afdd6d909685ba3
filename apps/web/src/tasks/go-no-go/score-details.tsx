import type { RunSummary } from '@cogni/domain';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t, i18n } = useLingui();
  const checksId = useId();
  const { scores, balancedHeadline, neverPress } = goNoGoResultOf(summary);
  const { counts, practice, qcFlags } = scores;
  const reactionTimes: ValueRow[] = [
    { label: t`Median go reaction time`, value: formatMs(scores.medianGoRtMs) },
    { label: t`Standard deviation of go reaction times`, value: formatMs(scores.sdGoRtMs) },
    {
      label: t`Coefficient of variation of go reaction times`,
      value:
        scores.cvGoRt === null
          ? NO_VALUE
          : i18n.number(scores.cvGoRt, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    },
    { label: t`Mean reaction time of commissions`, value: formatMs(scores.meanCommissionRtMs) },
    {
      label: t`Commission rate without anticipations`,
      value: formatPercent(toPercent(scores.commissionRateExclAnticipations)),
    },
    { label: t`Hit rate`, value: formatPercent(toPercent(scores.hitRate)) },
    { label: t`Sensitivity d′ (log-linear)`, value: formatDPrime(scores.dPrime) },
    { label: t`Accuracy (all test trials)`, value: formatPercent(toPercent(scores.accuracy)) },
    // Stored from scoring version 3 on.
    ...(scores.balancedAccuracy === undefined
      ? []
      : [
          {
            label: t`Balanced accuracy (go and no-go weighed equally)`,
            value: formatPercent(toPercent(scores.balancedAccuracy)),
          },
        ]),
  ];
  const trialCounts: ValueRow[] = [
    { label: t`Go trials`, value: counts.goTrials },
    { label: t`Hits (pressed on go)`, value: counts.hits },
    { label: t`Omissions (missed go)`, value: scores.omissions },
    { label: t`No-go trials`, value: counts.noGoTrials },
    { label: t`Correct rejections (held back on no-go)`, value: counts.correctRejections },
    { label: t`Commissions (pressed on no-go)`, value: scores.commissions },
    { label: t`Anticipations (pressed within 100 ms)`, value: counts.anticipations },
    { label: t`Late presses (after the response window)`, value: counts.lateResponses },
    { label: t`Extra presses (after the first)`, value: counts.extraResponses },
    { label: t`Interrupted trials (page hidden or unfocused)`, value: counts.interrupted },
  ];
  const checks = [
    {
      label: t`Median go reaction time under 200 ms`,
      isFlagged: qcFlags.medianGoRtBelow200,
      meaning: t`presses may have come before the shape was seen`,
    },
    {
      label: t`More than 10% of go trials missed`,
      isFlagged: qcFlags.omissionRateAbove10Percent,
      meaning: t`attention may have lapsed`,
    },
    {
      label: t`90% or more of no-go trials pressed`,
      isFlagged: qcFlags.commissionRateAtLeast90Percent,
      meaning: t`every shape may have been pressed`,
    },
  ];
  const { goTrials, noGoTrials } = counts;
  const neverPressing = formatDPrime(neverPress);
  const alwaysPressing = formatDPrime(neverPress === null ? null : -neverPress);
  const rounds = practice.roundsTaken;
  return (
    <>
      <ValueTable caption={t`Reaction times and rates (test trials)`} rows={reactionTimes} />
      <ValueTable caption={t`Test trials by outcome`} rows={trialCounts} />
      {balancedHeadline && (
        <p className="score-note">
          <Trans>
            The overall score is the balanced accuracy: the mean of the share of go trials pressed
            and the share of no-go trials held back, so pressing for every shape, for none or at
            random scores 50. Accuracy counts every test trial alike, so it is mostly go trials.
          </Trans>
        </p>
      )}
      {neverPress !== null && (
        <p className="score-note">
          <Trans>
            Sensitivity (d′) uses the log-linear correction (Hautus, 1995), which is not 0 when
            nothing is told apart: with {goTrials} go and {noGoTrials} no-go trials, never pressing
            gives {neverPressing} and pressing for everything {alwaysPressing}.
          </Trans>
        </p>
      )}
      <p className="score-note">
        {practice.criterionMet === null
          ? t`No practice trials were saved.`
          : practice.criterionMet
            ? t`Practice: ${plural(rounds, { one: '# round', other: '# rounds' })}; the last round met the criterion.`
            : t`Practice: ${plural(rounds, { one: '# round', other: '# rounds' })}; the last round did not meet the criterion.`}
      </p>
      <p className="gng-checks__title" id={checksId}>
        <Trans>Quality checks</Trans>
      </p>
      <ul className="gng-checks" aria-labelledby={checksId}>
        {checks.map(({ label, isFlagged, meaning }) => {
          const answer = isFlagged
            ? t({
                comment: 'A quality check came out flagged, and what that means',
                message: `yes, flagged: ${meaning}`,
              })
            : t({ comment: 'A quality check did not come out flagged', message: 'no' });
          return (
            <li key={label} data-flagged={isFlagged}>
              <Trans comment="A quality check and whether it is flagged, e.g. 'Accuracy under 80%: no.'">
                {label}: <strong>{answer}</strong>.
              </Trans>
            </li>
          );
        })}
      </ul>
    </>
  );
}
