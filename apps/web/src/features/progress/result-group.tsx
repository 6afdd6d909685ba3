import type { ScoreHistoryPoint, TrendMeasureInfo } from '@cogni/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useId, useMemo, useState } from 'react';
import { type DrawChart, PlotFigure } from '../../components/charts/plot-figure';
import { ResultItem } from '../../components/results/result-item';
import { getScoreTrend, OVERALL_SCORE_MEASURE } from '../../lib/charts/chart-data';
import { describeScoreTrend, inSentence } from '../../lib/charts/chart-descriptions';
import { useErrorText } from '../../lib/i18n/error-text';
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
  const { t } = useLingui();
  const { translateEnglish } = useErrorText();
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
  const test = translateEnglish(group.name);
  const isOverall = measure === OVERALL_SCORE_MEASURE;
  const measureName = inSentence(translateEnglish(measure.label));
  const resultCount = group.results.length;

  return (
    <section className="progress-group" aria-labelledby={headingId}>
      <h2 id={headingId}>{test}</h2>
      {hasSessions && measures.length > 1 && (
        <MeasureChoice measures={measures} value={measure.key} onChange={setMeasureKey} />
      )}
      {trend.points.length > 0 ? (
        <PlotFigure
          title={
            isOverall ? t`Your scores across sessions` : t`Your ${measureName} across sessions`
          }
          label={
            isOverall
              ? t`${test} scores across sessions`
              : t`${test} ${measureName} across sessions`
          }
          description={describeScoreTrend(trend)}
          render={drawTrend}
        />
      ) : (
        hasSessions && <p className="empty-state">{describeScoreTrend(trend)}</p>
      )}
      <h3 className="progress-group__subtitle">
        <Trans>
          Recent results <span className="badge">{resultCount}</span>
        </Trans>
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
  const { translateEnglish } = useErrorText();
  return (
    <fieldset className="measure-choice">
      <legend className="measure-choice__legend">
        <Trans comment="which score the chart follows">Chart</Trans>
      </legend>
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
            {translateEnglish(measure.label)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
