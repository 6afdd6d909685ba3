import type { RunSummary } from '@cogni/domain';
import {
  type CueCosts,
  REPORT_CELL_NAMES,
  REPORT_CELLS,
  type ReportCell,
  type Scores,
  type ScoresV2,
} from '@cogni/domain/tasks/stroop';
import { Trans, useLingui } from '@lingui/react/macro';
import { TableScroll } from '../../components/ui/table-scroll';
import {
  formatMs,
  formatPercent,
  formatSignedMs,
  formatSignedPoints,
} from '../../lib/format-scores';
import { useErrorText } from '../../lib/i18n/error-text';
import { stroopScoresOf } from './labels';

/**
 * A Stroop run's scores beyond the tiles: the four conditions, the switch costs within each
 * cue, and what each score left out, with the scoring version that computed them. In progress
 * tracking and the admin's result details.
 */
export function StroopScoreDetails({ summary }: { summary: RunSummary }) {
  const versioned = stroopScoresOf(summary);
  return versioned.version === 2 ? (
    <VersionTwoDetails scores={versioned.scores} />
  ) : (
    <VersionOneDetails scores={versioned.scores} />
  );
}

function VersionTwoDetails({ scores }: { scores: ScoresV2 }) {
  const { t } = useLingui();
  const left = scores.exclusions;
  const costs: [string, CueCosts, (value: number | null) => string][] = [
    [t`Reaction time`, scores.switchCost.rtMs, formatSignedMs],
    [t`Error rate`, scores.switchCost.errorRatePercent, formatSignedPoints],
    [t`Inverse efficiency`, scores.switchCost.inverseEfficiencyMs, formatSignedMs],
    [t`RT, new key on the switch`, scores.switchCostByResponse.responseChange, formatSignedMs],
    [t`RT, same key on the switch`, scores.switchCostByResponse.responseRepeat, formatSignedMs],
  ];
  const switchRepetition = formatPercent(scores.responseRepetitionPercent.switch);
  const repeatRepetition = formatPercent(scores.responseRepetitionPercent.repeat);
  const namingCost = formatSignedMs(scores.colorNamingCost.rtMs);
  const namingErrorRate = formatSignedPoints(scores.colorNamingCost.errorRatePercent);
  const { first, postError, anticipation, interrupted, outlier, errors, rtTrials } = left;
  const { errorRateTrials } = left;
  const version = scores.scoringVersion;
  return (
    <>
      <ConditionTable
        headers={[
          t({ comment: 'a column: how many trials', message: 'Trials' }),
          t({
            comment: 'a column: how many trials the reaction time scores use',
            message: 'In RT',
          }),
          t({ comment: 'a column: mean reaction time', message: 'Mean RT' }),
          t`Error rate`,
          t`Inverse efficiency`,
        ]}
        valuesOf={(cell) => {
          const score = scores.cells[cell];
          return [
            String(score.trialCount),
            String(score.rtTrialCount),
            formatMs(score.meanRtMs),
            formatPercent(score.errorRatePercent),
            formatMs(score.inverseEfficiencyMs),
          ];
        }}
      />
      <TableScroll label={t`Switch costs`}>
        <table className="table table--numeric">
          <caption>
            <Trans>Switch cost (switch minus repeat), within each cue</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Measure</Trans>
              </th>
              <th scope="col">
                <Trans>Word cue</Trans>
              </th>
              <th scope="col">
                <Trans>Colour cue</Trans>
              </th>
              <th scope="col">
                <Trans>Mean of the two</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {costs.map(([label, cost, format]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>{format(cost.word)}</td>
                <td>{format(cost.color)}</td>
                <td>{format(cost.mean)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <p className="score-note">
        <Trans>
          The correct key repeats the trial before on {switchRepetition} of switch trials and{' '}
          {repeatRepetition} of repeat trials, so part of the switch cost may be a
          response-repetition effect. Colour-naming cost (Colour minus Word): {namingCost}, error
          rate {namingErrorRate}.
        </Trans>
      </p>
      <p className="score-note">
        <Trans>
          Left out of the RT scores (correct trials only): {first} first after a start, break or
          resume, {postError} after an error, {anticipation} faster than 200 ms, {interrupted}{' '}
          interrupted, {outlier} outliers, {errors} errors; {rtTrials} trials used. Error rates use{' '}
          {errorRateTrials} trials. Scoring version {version}.
        </Trans>
      </p>
    </>
  );
}

/** A run scored before version 2 and not rescored yet: its scores as they were computed. */
function VersionOneDetails({ scores }: { scores: Scores }) {
  const { t } = useLingui();
  const { metrics } = scores;
  const { errors, firstOfPhase, firstAfterBreak } = metrics.excludedFromRt;
  const inverseEfficiency = formatMs(metrics.inverseEfficiencyMs);
  return (
    <>
      <ConditionTable
        headers={[
          t({ comment: 'a column: how many trials', message: 'Trials' }),
          t({ comment: 'a column: mean reaction time', message: 'Mean RT' }),
          t`Error rate`,
        ]}
        valuesOf={(cell) => {
          const score = metrics.cells[cell];
          return [
            String(score.trialCount),
            formatMs(score.meanRtMs),
            formatPercent(score.errorRatePercent),
          ];
        }}
      />
      <p className="score-note">
        <Trans>
          Inverse efficiency {inverseEfficiency}. Left out of the RT scores: {errors} errors,{' '}
          {firstOfPhase} first of phase, {firstAfterBreak} first after a break. Scoring version 1
          (pooled switch cost): the server rescores this run by the current version shortly.
        </Trans>
      </p>
    </>
  );
}

/** The test trials by condition (cue x switch), one row each, with the columns given. */
function ConditionTable(props: {
  headers: readonly string[];
  valuesOf: (cell: ReportCell) => readonly string[];
}) {
  const { t } = useLingui();
  const { translateEnglish } = useErrorText();
  return (
    <TableScroll label={t`Test trials by condition`}>
      <table className="table table--numeric">
        <caption>
          <Trans>Test trials by condition</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Condition</Trans>
            </th>
            {props.headers.map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {REPORT_CELLS.map((cell) => (
            <tr key={cell}>
              <th scope="row">{translateEnglish(REPORT_CELL_NAMES[cell])}</th>
              {props.valuesOf(cell).map((value, i) => (
                <td key={props.headers[i]}>{value}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
