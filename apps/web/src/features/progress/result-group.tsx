import type { ScoreHistoryPoint } from '@cogni/domain';
import { useCallback, useMemo } from 'react';
import { type DrawChart, PlotFigure } from '../../components/charts/plot-figure';
import { getScoreTrend } from '../../lib/charts/chart-data';
import { describeScoreTrend } from '../../lib/charts/chart-descriptions';
import type { ResultGroup as Group } from './lib/group-results';
import { ResultItem } from './result-item';

type ResultGroupProps = { group: Group; history: readonly ScoreHistoryPoint[] };

/** One test type: the score trend over all sessions, then the recent results, newest first. */
export function ResultGroup({ group, history }: ResultGroupProps) {
  const headingId = `results-${group.testType}`;
  const trend = useMemo(() => getScoreTrend(history, group.testType), [history, group.testType]);
  const drawTrend = useCallback<DrawChart>(
    (charts, width) => charts.drawScoreTrendChart(trend, width),
    [trend],
  );

  return (
    <section className="progress-group" aria-labelledby={headingId}>
      <h2 id={headingId}>{group.name}</h2>
      {trend.points.length > 0 && (
        <PlotFigure
          title="Your scores across sessions"
          label={`${group.name} scores across sessions`}
          description={describeScoreTrend(trend)}
          render={drawTrend}
        />
      )}
      <h3 className="progress-group__subtitle">
        Recent results <span className="badge">{group.results.length}</span>
      </h3>
      <ul className="result-list">
        {group.results.map((result) => (
          <li key={result.id}>
            <ResultItem result={result} />
          </li>
        ))}
      </ul>
    </section>
  );
}
