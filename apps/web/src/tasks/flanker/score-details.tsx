import type { RunSummary } from '@cogni/domain';
import { ANTICIPATION_MS, type ConditionScores } from '@cogni/domain/tasks/flanker';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { type ValueRow, ValueTable } from '../../components/ui/value-table';
import { formatMs, formatPercent, formatSignedMs } from '../../lib/format-scores';
import { CONGRUENCY_NAMES, flankerScoresOf, toPercent } from './labels';

/** One congruency's scores as rows of a table, each labelled '<congruency>: <score>'. */
function conditionRows(i18n: I18n, name: string, c: ConditionScores): ValueRow[] {
  const { scoredTrials, trials, rtTrials } = c;
  return [
    {
      label: i18n._(msg`${name}: trials (anticipations left out)`),
      value: i18n._(msg`${scoredTrials} of ${trials}`),
    },
    {
      label: i18n._(msg`${name}: correct, errors, omissions`),
      value: `${c.correct}, ${c.errors}, ${c.omissions}`,
    },
    { label: i18n._(msg`${name}: accuracy`), value: formatPercent(toPercent(c.accuracy)) },
    {
      label: i18n._(msg`${name}: mean reaction time (${rtTrials} correct)`),
      value: formatMs(c.meanRtMs),
    },
    { label: i18n._(msg`${name}: median reaction time`), value: formatMs(c.medianRtMs) },
    { label: i18n._(msg`${name}: standard deviation`), value: formatMs(c.sdRtMs) },
  ];
}

/**
 * A flanker run's scores beyond the tiles: each congruency's accuracy and reaction times, the
 * median-based effect, every count, practice and the quality checks in plain words. In progress
 * tracking and the admin's result details.
 */
export function FlankerScoreDetails({ summary }: { summary: RunSummary }) {
  const { t, i18n } = useLingui();
  const checksId = useId();
  const scores = flankerScoresOf(summary);
  const { counts, practice, qcFlags } = scores;
  const rows: ValueRow[] = [
    ...conditionRows(i18n, t(CONGRUENCY_NAMES.congruent), scores.congruent),
    ...conditionRows(i18n, t(CONGRUENCY_NAMES.incongruent), scores.incongruent),
    { label: t`Flanker effect from medians`, value: formatSignedMs(scores.flankerEffectMedianMs) },
    { label: t`Median reaction time (correct, both kinds)`, value: formatMs(scores.medianRtMs) },
    { label: t`Accuracy (both kinds)`, value: formatPercent(toPercent(scores.accuracy)) },
    { label: t`Omission rate`, value: formatPercent(toPercent(scores.omissionRate)) },
  ];
  const anticipationMs = ANTICIPATION_MS;
  const trialCounts: ValueRow[] = [
    { label: t`Test trials`, value: counts.testTrials },
    {
      label: t`Anticipations (answered within ${anticipationMs} ms)`,
      value: counts.anticipations,
    },
    { label: t`Extra presses (after the first)`, value: counts.extraResponses },
    { label: t`Interrupted trials (page hidden or unfocused)`, value: counts.interrupted },
  ];
  const checks = [
    {
      label: t`Accuracy under 80%`,
      isFlagged: qcFlags.accuracyBelow80Percent,
      meaning: t`the reaction times say little`,
    },
    {
      label: t`More than 10% of trials missed`,
      isFlagged: qcFlags.omissionRateAbove10Percent,
      meaning: t`attention may have lapsed`,
    },
    {
      label: t`Median reaction time under 200 ms`,
      isFlagged: qcFlags.medianRtBelow200,
      meaning: t`answers may have come before the arrows were seen`,
    },
  ];
  const { correct: practiceCorrect, trials: practiceTrials } = practice;
  return (
    <>
      <ValueTable caption={t`Congruent and incongruent trials (test)`} rows={rows} />
      <ValueTable caption={t`Test trials left out or marked`} rows={trialCounts} />
      <p className="score-note">
        <Trans>
          The flanker effect is the mean reaction time of correct incongruent trials minus that of
          correct congruent ones, each without anticipations and interrupted trials. The accuracy
          effect is congruent accuracy minus incongruent accuracy, in percentage points.
        </Trans>
      </p>
      <p className="score-note">
        {practiceTrials === 0
          ? t`No practice trials were saved.`
          : t`Practice: ${practiceCorrect} of ${practiceTrials} correct.`}
      </p>
      <p className="flanker-checks__title" id={checksId}>
        <Trans>Quality checks</Trans>
      </p>
      <ul className="flanker-checks" aria-labelledby={checksId}>
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
