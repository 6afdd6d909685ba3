import {
  MESSAGES,
  type ProgressResult,
  REPORT_CELLS,
  type ResultTrial,
  type RunSummary,
  type StroopConfig,
} from '@cogni/domain';
import { useCallback, useMemo } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { TableScroll } from '../../components/ui/table-scroll';
import { formatDateTime } from '../../lib/format';
import { formatDuration, formatMs, formatPercent } from '../../lib/format-scores';
import { CELL_NAMES } from '../stroop/labels';
import { StroopScores } from '../stroop/stroop-scores';
import { PhaseTrialTables } from '../stroop/trial-table';
import { useProgressTrials } from './api/get-progress';
import { type DrawChart, PlotFigure } from './charts/plot-figure';
import {
  getCellRtSpread,
  getDisplayedTrialPoints,
  getRestBreakPositions,
  getRunConfig,
  getTestTrialSeries,
} from './lib/chart-data';
import { describeCellRtChart, describeTrialRtChart } from './lib/chart-descriptions';

type StroopResultDetailsProps = { result: ProgressResult; summary: RunSummary };

/**
 * A Stroop result opened: when and how long, its scores and the four cells at once (they come
 * with the list), then the charts and trials once its trials are read (ADR 021).
 */
export function StroopResultDetails({ result, summary }: StroopResultDetailsProps) {
  const config = getRunConfig(result);
  const trials = useProgressTrials(result.id);

  return (
    <div className="result-details">
      <dl className="result-details__facts">
        <div>
          <dt>Started</dt>
          <dd>{formatDateTime(result.startTime)}</dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd>{formatDuration(result.durationMs)}</dd>
        </div>
      </dl>
      <StroopScores summary={summary} />

      <TableScroll label="Test trials by condition">
        <table className="table table--numeric">
          <caption>Test trials by condition</caption>
          <thead>
            <tr>
              <th scope="col">Condition</th>
              <th scope="col">Trials</th>
              <th scope="col">Mean RT</th>
              <th scope="col">Error rate</th>
            </tr>
          </thead>
          <tbody>
            {REPORT_CELLS.map((cell) => {
              const score = summary.metrics.cells[cell];
              return (
                <tr key={cell}>
                  <th scope="row">{CELL_NAMES[cell]}</th>
                  <td>{score.trialCount}</td>
                  <td>{formatMs(score.meanRtMs)}</td>
                  <td>{formatPercent(score.errorRatePercent)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>

      {trials.isPending ? (
        <Spinner label="Loading trials…" />
      ) : trials.isError ? (
        <Alert variant="error">
          {MESSAGES.progressLoadFailed}{' '}
          <Button variant="secondary" onClick={() => void trials.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <TrialCharts config={config} trials={trials.data.trials} />
      )}
    </div>
  );
}

type TrialChartsProps = { config: StroopConfig; trials: readonly ResultTrial[] };

/** The reaction-time charts of a result and its trials, phase by phase. */
function TrialCharts({ config, trials }: TrialChartsProps) {
  const cells = useMemo(() => getCellRtSpread(config, trials), [config, trials]);
  const series = useMemo(() => getDisplayedTrialPoints(getTestTrialSeries(trials)), [trials]);
  const drawCells = useCallback<DrawChart>(
    (charts, width) => charts.drawCellRtChart(cells, width),
    [cells],
  );
  const drawTrials = useCallback<DrawChart>(
    (charts, width) =>
      charts.drawTrialRtChart(
        series.points,
        getRestBreakPositions(config),
        config.testTrials,
        width,
      ),
    [series, config],
  );

  return (
    <>
      <div className="result-details__charts">
        <PlotFigure
          title="Reaction time by condition"
          label="Box plot of reaction times in the four conditions"
          description={describeCellRtChart(cells)}
          render={drawCells}
        />
        <PlotFigure
          title="Reaction time across the test"
          label={`Reaction time of each of the ${series.points.length} test trials`}
          description={describeTrialRtChart(series.points, series.cutOffMs)}
          render={drawTrials}
        />
      </div>

      <div className="result-details__trials">
        <PhaseTrialTables trials={trials} />
      </div>
    </>
  );
}
