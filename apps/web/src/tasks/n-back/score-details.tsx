import type { RunSummary } from '@cogni/domain';
import type { LevelScores } from '@cogni/domain/tasks/n-back';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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

type Row = {
  label: MessageDescriptor;
  value: (level: LevelScores, i18n: I18n) => string | number;
};

const percent = (rate: number | null) => formatPercent(toPercent(rate));

const ROWS: readonly Row[] = [
  { label: msg`Targets`, value: (l) => l.targets },
  { label: msg`Non-targets`, value: (l) => l.nonTargets },
  { label: msg`Hits (target, “same”)`, value: (l) => l.hits },
  { label: msg`Misses (target, “different” or no answer)`, value: (l) => l.misses },
  { label: msg`False alarms (non-target, “same”)`, value: (l) => l.falseAlarms },
  { label: msg`Correct rejections (non-target, “different”)`, value: (l) => l.correctRejections },
  {
    label: msg`No answer (targets + non-targets)`,
    value: (l) => `${l.omissions} (${l.targetOmissions} + ${l.nonTargetOmissions})`,
  },
  { label: msg`Hit rate`, value: (l) => percent(l.hitRate) },
  { label: msg`False-alarm rate`, value: (l) => percent(l.falseAlarmRate) },
  { label: msg`d′ (log-linear)`, value: (l) => formatSignal(l.dPrime) },
  { label: msg`Criterion c`, value: (l) => formatSignal(l.criterion) },
  { label: msg`Accuracy`, value: (l) => percent(l.accuracy) },
  { label: msg`Mean reaction time of hits`, value: (l) => formatMs(l.meanHitRtMs) },
  { label: msg`Median reaction time of hits`, value: (l) => formatMs(l.medianHitRtMs) },
  {
    label: msg`Mean reaction time of correct rejections`,
    value: (l) => formatMs(l.meanCorrectRejectionRtMs),
  },
  {
    label: msg`Median reaction time of correct rejections`,
    value: (l) => formatMs(l.medianCorrectRejectionRtMs),
  },
  { label: msg`Anticipations (answered within 150 ms)`, value: (l) => l.anticipations },
  {
    label: msg`Lure false-alarm rate`,
    value: (l, i18n) => {
      if (l.lureTrials === 0) return NO_VALUE;
      const rate = percent(l.lureFalseAlarmRate);
      const lures = l.lureTrials;
      return i18n._(msg`${rate} of ${lures}`);
    },
  },
  {
    label: msg`Practice`,
    value: ({ practice }, i18n) => {
      const rounds = practice.roundsTaken;
      if (practice.criterionMet === null) return NO_VALUE;
      return practice.criterionMet
        ? i18n._(
            msg({
              message: plural(rounds, {
                one: '# round, criterion met',
                other: '# rounds, criterion met',
              }),
            }),
          )
        : i18n._(
            msg({
              message: plural(rounds, {
                one: '# round, criterion not met',
                other: '# rounds, criterion not met',
              }),
            }),
          );
    },
  },
];

/**
 * An N-back run's scores beyond the tiles: every count, rate, d′, c and reaction time per level
 * (levels as columns), the overall d′ two ways, what the overall score and d′ give a participant
 * who tells nothing apart, and the quality checks in plain words. In progress tracking and the
 * admin's result details.
 */
export function NBackScoreDetails({ summary }: { summary: RunSummary }) {
  const { i18n, t } = useLingui();
  const checksId = useId();
  const scores = nBackScoresOf(summary);
  const { levels, overall, qcFlags, counts } = scores;
  const caption = t`Scores by level (test blocks, fillers left out)`;
  const keys = scores.keyMapping ? keysOf(scores.keyMapping) : null;
  const levelName = (n: number) => t`${n}-back`;
  const listLevels = (list: readonly number[]) => list.map(levelName).join(', ');
  const targets = levels.reduce((sum, l) => sum + l.targets, 0);
  const nonTargets = levels.reduce((sum, l) => sum + l.nonTargets, 0);
  const neverSame = neverSameDPrime(targets, nonTargets);
  const neverSameByLevel = levels
    .flatMap((l) => {
      const value = neverSameDPrime(l.targets, l.nonTargets);
      if (value === null) return [];
      const { n } = l;
      const shown = formatSignal(value);
      return [t`${n}-back ${shown}`];
    })
    .join(', ');
  const omittingLevels = listLevels(qcFlags.levelsWithOmissionsAbove10Percent);
  const unmetLevels = listLevels(qcFlags.levelsWithPracticeCriterionNotMet);
  const checks = [
    {
      label: t`A level with more than 10% of letters unanswered`,
      isFlagged: qcFlags.levelsWithOmissionsAbove10Percent.length > 0,
      meaning: t`${omittingLevels}: attention may have lapsed`,
    },
    {
      label: t`One key in more than 85% of answers`,
      isFlagged: qcFlags.oneKeyAbove85Percent,
      meaning: t`the same answer may have been given to every letter`,
    },
    {
      label: t`A level whose practice criterion was not met`,
      isFlagged: qcFlags.levelsWithPracticeCriterionNotMet.length > 0,
      meaning: t`${unmetLevels}: the rule may not have been understood`,
    },
  ];
  const dPrime = formatSignal(overall.dPrime);
  const meanLevelDPrime = formatSignal(overall.meanLevelDPrime);
  const accuracy = percent(overall.accuracy);
  const { scoredTrials, fillers } = counts;
  const same = keys?.match;
  const different = keys?.noMatch;
  const keysNote = keys ? t`Keys: ${same} = same, ${different} = different.` : null;
  return (
    <>
      <TableScroll label={caption}>
        <table className="table table--numeric">
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Score</Trans>
              </th>
              {levels.map((l) => (
                <th scope="col" key={l.n}>
                  {levelName(l.n)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ROWS.map((row) => (
              <tr key={row.label.id}>
                <th scope="row">{t(row.label)}</th>
                {levels.map((l) => (
                  <td key={l.n}>{row.value(l, i18n)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <p className="score-note">
        {t`Over all levels: d′ ${dPrime} from the pooled counts (the mean of the levels’ d′ is ${meanLevelDPrime}), accuracy ${accuracy}, ${plural(scoredTrials, { one: '# scored letter', other: '# scored letters' })} and ${plural(fillers, { one: '# filler', other: '# fillers' })}.`}
        {keysNote && ` ${keysNote}`}
      </p>
      {summary.scoringVersion >= N_BACK_BALANCED_HEADLINE_VERSION && (
        <p className="score-note">
          <Trans>
            The overall score is the balanced accuracy over all levels: the mean of the share of
            targets answered “same” and the share of non-targets not answered “same”, so answering
            “same” to every letter, “different” to every letter, nothing or at random scores 50.
            Accuracy counts every scored letter alike, so it is mostly non-targets.
          </Trans>
        </p>
      )}
      {neverSame !== null && <NeverSameNote neverSame={neverSame} byLevel={neverSameByLevel} />}
      <p className="nback-checks__title" id={checksId}>
        <Trans>Quality checks</Trans>
      </p>
      <ul className="nback-checks" aria-labelledby={checksId}>
        {checks.map(({ label, isFlagged, meaning }) => {
          const answer = isFlagged ? t`yes, flagged (${meaning})` : t`no`;
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

/**
 * What d' gives a participant who tells nothing apart: never "same" over all levels and by
 * level (`byLevel`), and "same" to every letter.
 */
function NeverSameNote({ neverSame, byLevel }: { neverSame: number; byLevel: string }) {
  const never = formatSignal(neverSame);
  const always = formatSignal(-neverSame);
  return (
    <p className="score-note">
      <Trans>
        d′ uses the log-linear correction (Hautus, 1995), which is not 0 when nothing is told apart:
        never answering “same” (no answers, or “different” to every letter) gives {never} over all
        levels ({byLevel}), and “same” to every letter {always}.
      </Trans>
    </p>
  );
}
