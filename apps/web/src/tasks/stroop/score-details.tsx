import { REPORT_CELL_NAMES, REPORT_CELLS, type RunSummary } from '@cogni/domain';
import { TableScroll } from '../../components/ui/table-scroll';
import { formatMs, formatPercent } from '../../lib/format-scores';
import { stroopScoresOf } from './labels';

/**
 * A Stroop run's scores beyond the tiles (D16): the four conditions, and what the RT scores
 * left out. In progress tracking and the admin's result details.
 */
export function StroopScoreDetails({ summary }: { summary: RunSummary }) {
  const { metrics } = stroopScoresOf(summary);
  const left = metrics.excludedFromRt;
  return (
    <>
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
              const score = metrics.cells[cell];
              return (
                <tr key={cell}>
                  <th scope="row">{REPORT_CELL_NAMES[cell]}</th>
                  <td>{score.trialCount}</td>
                  <td>{formatMs(score.meanRtMs)}</td>
                  <td>{formatPercent(score.errorRatePercent)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
      <p className="score-note">
        Inverse efficiency {formatMs(metrics.inverseEfficiencyMs)}. Left out of the RT scores:{' '}
        {left.errors} errors, {left.firstOfPhase} first of phase, {left.firstAfterBreak} first after
        a break.
      </p>
    </>
  );
}
