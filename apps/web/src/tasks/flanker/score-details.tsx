import type { RunSummary } from '@cogni/domain';
import { ANTICIPATION_MS, type ConditionScores } from '@cogni/domain/tasks/flanker';
import { useId } from 'react';
import { type ValueRow, ValueTable } from '../../components/ui/value-table';
import { formatMs, formatPercent, formatSignedMs } from '../../lib/format-scores';
import { CONGRUENCY_NAMES, flankerScoresOf, toPercent } from './labels';

/** One congruency's scores as rows of a table. */
function conditionRows(name: string, c: ConditionScores): ValueRow[] {
  return [
    {
      label: `${name}: trials (anticipations left out)`,
      value: `${c.scoredTrials} of ${c.trials}`,
    },
    {
      label: `${name}: correct, errors, omissions`,
      value: `${c.correct}, ${c.errors}, ${c.omissions}`,
    },
    { label: `${name}: accuracy`, value: formatPercent(toPercent(c.accuracy)) },
    { label: `${name}: mean reaction time (${c.rtTrials} correct)`, value: formatMs(c.meanRtMs) },
    { label: `${name}: median reaction time`, value: formatMs(c.medianRtMs) },
    { label: `${name}: standard deviation`, value: formatMs(c.sdRtMs) },
  ];
}

/**
 * A flanker run's scores beyond the tiles: each congruency's accuracy and reaction times, the
 * median-based effect, every count, practice and the quality checks in plain words. In progress
 * tracking and the admin's result details.
 */
export function FlankerScoreDetails({ summary }: { summary: RunSummary }) {
  const checksId = useId();
  const scores = flankerScoresOf(summary);
  const { counts, practice, qcFlags } = scores;
  const rows: ValueRow[] = [
    ...conditionRows(CONGRUENCY_NAMES.congruent, scores.congruent),
    ...conditionRows(CONGRUENCY_NAMES.incongruent, scores.incongruent),
    { label: 'Flanker effect from medians', value: formatSignedMs(scores.flankerEffectMedianMs) },
    { label: 'Median reaction time (correct, both kinds)', value: formatMs(scores.medianRtMs) },
    { label: 'Accuracy (both kinds)', value: formatPercent(toPercent(scores.accuracy)) },
    { label: 'Omission rate', value: formatPercent(toPercent(scores.omissionRate)) },
  ];
  const trialCounts: ValueRow[] = [
    { label: 'Test trials', value: counts.testTrials },
    { label: `Anticipations (answered within ${ANTICIPATION_MS} ms)`, value: counts.anticipations },
    { label: 'Extra presses (after the first)', value: counts.extraResponses },
    { label: 'Interrupted trials (page hidden or unfocused)', value: counts.interrupted },
  ];
  const checks = [
    {
      label: 'Accuracy under 80%',
      isFlagged: qcFlags.accuracyBelow80Percent,
      meaning: 'the reaction times say little',
    },
    {
      label: 'More than 10% of trials missed',
      isFlagged: qcFlags.omissionRateAbove10Percent,
      meaning: 'attention may have lapsed',
    },
    {
      label: 'Median reaction time under 200 ms',
      isFlagged: qcFlags.medianRtBelow200,
      meaning: 'answers may have come before the arrows were seen',
    },
  ];
  return (
    <>
      <ValueTable caption="Congruent and incongruent trials (test)" rows={rows} />
      <ValueTable caption="Test trials left out or marked" rows={trialCounts} />
      <p className="score-note">
        The flanker effect is the mean reaction time of correct incongruent trials minus that of
        correct congruent ones, each without anticipations and interrupted trials. The accuracy
        effect is congruent accuracy minus incongruent accuracy, in percentage points.
      </p>
      <p className="score-note">
        {practice.trials === 0
          ? 'No practice trials were saved.'
          : `Practice: ${practice.correct} of ${practice.trials} correct.`}
      </p>
      <p className="flanker-checks__title" id={checksId}>
        Quality checks
      </p>
      <ul className="flanker-checks" aria-labelledby={checksId}>
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
