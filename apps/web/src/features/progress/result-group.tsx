import type { ScoreHistoryPoint, TrendMeasureInfo } from '@cogni/domain';
import { useCallback, useId, useMemo, useState } from 'react';
import { type DrawChart, PlotFigure } from '../../components/charts/plot-figure';
import { ResultItem } from '../../components/results/result-item';
import { getScoreTrend, OVERALL_SCORE_MEASURE } from '../../lib/charts/chart-data';
import { describeScoreTrend } from '../../lib/charts/chart-descriptions';
import type { ResultGroup as Group } from './lib/group-results';

type ResultGroupProps = {
  group: Group;
  history: readonly ScoreHistoryPoint[];
  /** The task's own trend measures, shown after the overall score; empty for none. */
  trendMeasures: readonly TrendMeasureInfo[];
};

/**
 * One test type: a chosen score's trend over all sessions (the overall score, or one of the
 * task's own measures), then the recent results, newest first.
 */
export function ResultGroup({ group, history, trendMeasures }: ResultGroupProps) {
  const headingId = `results-${group.testType}`;
  const measures = useMemo(() => [OVERALL_SCORE_MEASURE, ...trendMeasures], [trendMeasures]);
  const [measureKey, setMeasureKey] = useState(OVERALL_SCORE_MEASURE.key);
  const measure = measures.find((m) => m.key === measureKey) ?? OVERALL_SCORE_MEASURE;
  const trend = useMemo(
    () => getScoreTrend(history, group.testType, measure),
    [history, group.testType, measure],
  );
  const hasSessions = useMemo(
    () => history.some((point) => point.testType === group.testType),
    [history, group.testType],
  );
  const drawTrend = useCallback<DrawChart>(
    (charts, width) => charts.drawScoreTrendChart(trend, width),
    [trend],
  );

  return (
    <section className="progress-group" aria-labelledby={headingId}>
      <h2 id={headingId}>{group.name}</h2>
      {hasSessions && measures.length > 1 && (
        <MeasureChoice measures={measures} value={measure.key} onChange={setMeasureKey} />
      )}
      {trend.points.length > 0 ? (
        <PlotFigure
          title={
            measure === OVERALL_SCORE_MEASURE
              ? 'Your scores across sessions'
              : `Your ${measure.label.toLowerCase()} across sessions`
          }
          label={`${group.name} ${measure === OVERALL_SCORE_MEASURE ? 'scores' : measure.label.toLowerCase()} across sessions`}
          description={describeScoreTrend(trend)}
          render={drawTrend}
        />
      ) : (
        hasSessions && <p className="empty-state">{describeScoreTrend(trend)}</p>
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

type MeasureChoiceProps = {
  measures: readonly TrendMeasureInfo[];
  value: string;
  onChange: (key: string) => void;
};

/** Which score the trend chart follows: radio buttons drawn as a row of chips. */
function MeasureChoice({ measures, value, onChange }: MeasureChoiceProps) {
  const name = useId();
  return (
    <fieldset className="measure-choice">
      <legend className="measure-choice__legend">Chart</legend>
      <div className="measure-choice__options">
        {measures.map((measure) => (
          <label key={measure.key} className="measure-choice__option">
            <input
              type="radio"
              name={name}
              value={measure.key}
              checked={value === measure.key}
              onChange={() => onChange(measure.key)}
            />
            {measure.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
