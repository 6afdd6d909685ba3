import type { RunSummary } from '@cogni/domain';
import type { LevelScores } from '@cogni/domain/tasks/n-back';
import { useId } from 'react';
import { TableScroll } from '../../components/ui/table-scroll';
import { formatMs, formatPercent, NO_VALUE } from '../../lib/format-scores';
import {
  formatSignal,
  keysOf,
  N_BACK_BALANCED_HEADLINE_VERSION,
  nBackScoresOf,
  neverSameDPrime,
  toPercent,
} from './labels';

type Row = { label: string; value: (level: LevelScores) => string | number };

const percent = (rate: number | null) => formatPercent(toPercent(rate));

const ROWS: readonly Row[] = [
  { label: 'Targets', value: (l) => l.targets },
  { label: 'Non-targets', value: (l) => l.nonTargets },
  { label: 'Hits (target, “same”)', value: (l) => l.hits },
  { label: 'Misses (target, “different” or no answer)', value: (l) => l.misses },
  { label: 'False alarms (non-target, “same”)', value: (l) => l.falseAlarms },
  { label: 'Correct rejections (non-target, “different”)', value: (l) => l.correctRejections },
  {
    label: 'No answer (targets + non-targets)',
    value: (l) => `${l.omissions} (${l.targetOmissions} + ${l.nonTargetOmissions})`,
  },
  { label: 'Hit rate', value: (l) => percent(l.hitRate) },
  { label: 'False-alarm rate', value: (l) => percent(l.falseAlarmRate) },
  { label: 'd′ (log-linear)', value: (l) => formatSignal(l.dPrime) },
  { label: 'Criterion c', value: (l) => formatSignal(l.criterion) },
  { label: 'Accuracy', value: (l) => percent(l.accuracy) },
  { label: 'Mean reaction time of hits', value: (l) => formatMs(l.meanHitRtMs) },
  { label: 'Median reaction time of hits', value: (l) => formatMs(l.medianHitRtMs) },
  {
    label: 'Mean reaction time of correct rejections',
    value: (l) => formatMs(l.meanCorrectRejectionRtMs),
  },
  {
    label: 'Median reaction time of correct rejections',
    value: (l) => formatMs(l.medianCorrectRejectionRtMs),
  },
  { label: 'Anticipations (answered within 150 ms)', value: (l) => l.anticipations },
  {
    label: 'Lure false-alarm rate',
    value: (l) =>
      l.lureTrials === 0 ? NO_VALUE : `${percent(l.lureFalseAlarmRate)} of ${l.lureTrials}`,
  },
  {
    label: 'Practice',
    value: (l) =>
      l.practice.criterionMet === null
        ? NO_VALUE
        : `${l.practice.roundsTaken} ${l.practice.roundsTaken === 1 ? 'round' : 'rounds'}, ${l.practice.criterionMet ? 'criterion met' : 'criterion not met'}`,
  },
];

/**
 * An N-back run's scores beyond the tiles: every count, rate, d′, c and reaction time per level
 * (levels as columns), the overall d′ two ways, what the overall score and d′ give a participant
 * who tells nothing apart, and the quality checks in plain words. In progress tracking and the
 * admin's result details.
 */
export function NBackScoreDetails({ summary }: { summary: RunSummary }) {
  const checksId = useId();
  const scores = nBackScoresOf(summary);
  const { levels, overall, qcFlags, counts } = scores;
  const caption = 'Scores by level (test blocks, fillers left out)';
  const keys = scores.keyMapping ? keysOf(scores.keyMapping) : null;
  const listLevels = (list: readonly number[]) => list.map((n) => `${n}-back`).join(', ');
  const targets = levels.reduce((sum, l) => sum + l.targets, 0);
  const nonTargets = levels.reduce((sum, l) => sum + l.nonTargets, 0);
  const neverSame = neverSameDPrime(targets, nonTargets);
  const neverSameByLevel = levels.flatMap((l) => {
    const value = neverSameDPrime(l.targets, l.nonTargets);
    return value === null ? [] : [`${l.n}-back ${formatSignal(value)}`];
  });
  const checks = [
    {
      label: 'A level with more than 10% of letters unanswered',
      isFlagged: qcFlags.levelsWithOmissionsAbove10Percent.length > 0,
      meaning: `${listLevels(qcFlags.levelsWithOmissionsAbove10Percent)}: attention may have lapsed`,
    },
    {
      label: 'One key in more than 85% of answers',
      isFlagged: qcFlags.oneKeyAbove85Percent,
      meaning: 'the same answer may have been given to every letter',
    },
    {
      label: 'A level whose practice criterion was not met',
      isFlagged: qcFlags.levelsWithPracticeCriterionNotMet.length > 0,
      meaning: `${listLevels(qcFlags.levelsWithPracticeCriterionNotMet)}: the rule may not have been understood`,
    },
  ];
  return (
    <>
      <TableScroll label={caption}>
        <table className="table table--numeric">
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Score</th>
              {levels.map((l) => (
                <th scope="col" key={l.n}>
                  {l.n}-back
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ROWS.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                {levels.map((l) => (
                  <td key={l.n}>{row.value(l)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <p className="score-note">
        Over all levels: d′ {formatSignal(overall.dPrime)} from the pooled counts (the mean of the
        levels’ d′ is {formatSignal(overall.meanLevelDPrime)}), accuracy {percent(overall.accuracy)}
        , {counts.scoredTrials} scored letters and {counts.fillers} fillers.
        {keys && ` Keys: ${keys.match} = same, ${keys.noMatch} = different.`}
      </p>
      {summary.scoringVersion >= N_BACK_BALANCED_HEADLINE_VERSION && (
        <p className="score-note">
          The overall score is the balanced accuracy over all levels: the mean of the share of
          targets answered “same” and the share of non-targets not answered “same”, so answering
          “same” to every letter, “different” to every letter, nothing or at random scores 50.
          Accuracy counts every scored letter alike, so it is mostly non-targets.
        </p>
      )}
      {neverSame !== null && (
        <p className="score-note">
          d′ uses the log-linear correction (Hautus, 1995), which is not 0 when nothing is told
          apart: never answering “same” (no answers, or “different” to every letter) gives{' '}
          {formatSignal(neverSame)} over all levels ({neverSameByLevel.join(', ')}), and “same” to
          every letter {formatSignal(-neverSame)}.
        </p>
      )}
      <p className="nback-checks__title" id={checksId}>
        Quality checks
      </p>
      <ul className="nback-checks" aria-labelledby={checksId}>
        {checks.map((check) => (
          <li key={check.label} data-flagged={check.isFlagged}>
            {check.label}:{' '}
            <strong>{check.isFlagged ? `yes, flagged (${check.meaning})` : 'no'}</strong>.
          </li>
        ))}
      </ul>
    </>
  );
}
