import type { RunSummary } from '@cogni/domain';
import {
  type CueCosts,
  REPORT_CELL_NAMES,
  REPORT_CELLS,
  type ReportCell,
  type Scores,
  type ScoresV2,
} from '@cogni/domain/tasks/stroop';
import { TableScroll } from '../../components/ui/table-scroll';
import {
  formatMs,
  formatPercent,
  formatSignedMs,
  formatSignedPoints,
} from '../../lib/format-scores';
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
  const left = scores.exclusions;
  const costs: [string, CueCosts, (value: number | null) => string][] = [
    ['Reaction time', scores.switchCost.rtMs, formatSignedMs],
    ['Error rate', scores.switchCost.errorRatePercent, formatSignedPoints],
    ['Inverse efficiency', scores.switchCost.inverseEfficiencyMs, formatSignedMs],
    ['RT, new key on the switch', scores.switchCostByResponse.responseChange, formatSignedMs],
    ['RT, same key on the switch', scores.switchCostByResponse.responseRepeat, formatSignedMs],
  ];
  return (
    <>
      <ConditionTable
        headers={['Trials', 'In RT', 'Mean RT', 'Error rate', 'Inverse efficiency']}
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
      <TableScroll label="Switch costs">
        <table className="table table--numeric">
          <caption>Switch cost (switch minus repeat), within each cue</caption>
          <thead>
            <tr>
              <th scope="col">Measure</th>
              <th scope="col">Word cue</th>
              <th scope="col">Colour cue</th>
              <th scope="col">Mean of the two</th>
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
        The correct key repeats the trial before on{' '}
        {formatPercent(scores.responseRepetitionPercent.switch)} of switch trials and{' '}
        {formatPercent(scores.responseRepetitionPercent.repeat)} of repeat trials, so part of the
        switch cost may be a response-repetition effect. Colour-naming cost (Colour minus Word):{' '}
        {formatSignedMs(scores.colorNamingCost.rtMs)}, error rate{' '}
        {formatSignedPoints(scores.colorNamingCost.errorRatePercent)}.
      </p>
      <p className="score-note">
        Left out of the RT scores (correct trials only): {left.first} first after a start, break or
        resume, {left.postError} after an error, {left.anticipation} faster than 200 ms,{' '}
        {left.interrupted} interrupted, {left.outlier} outliers, {left.errors} errors;{' '}
        {left.rtTrials} trials used. Error rates use {left.errorRateTrials} trials. Scoring version{' '}
        {scores.scoringVersion}.
      </p>
    </>
  );
}

/** A run scored before version 2 and not rescored yet: its scores as they were computed. */
function VersionOneDetails({ scores }: { scores: Scores }) {
  const { metrics } = scores;
  const left = metrics.excludedFromRt;
  return (
    <>
      <ConditionTable
        headers={['Trials', 'Mean RT', 'Error rate']}
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
        Inverse efficiency {formatMs(metrics.inverseEfficiencyMs)}. Left out of the RT scores:{' '}
        {left.errors} errors, {left.firstOfPhase} first of phase, {left.firstAfterBreak} first after
        a break. Scoring version 1 (pooled switch cost): the server rescores this run by the current
        version shortly.
      </p>
    </>
  );
}

/** The test trials by condition (cue x switch), one row each, with the columns given. */
function ConditionTable(props: {
  headers: readonly string[];
  valuesOf: (cell: ReportCell) => readonly string[];
}) {
  return (
    <TableScroll label="Test trials by condition">
      <table className="table table--numeric">
        <caption>Test trials by condition</caption>
        <thead>
          <tr>
            <th scope="col">Condition</th>
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
              <th scope="row">{REPORT_CELL_NAMES[cell]}</th>
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
