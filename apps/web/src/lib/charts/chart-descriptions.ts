import { formatMs, formatSignedTrendValue, formatTrendValue } from '../format-scores';
import type { ConditionRtSpread, DisplayedTrialPoint, ScoreTrend } from './chart-data';

/*
 * The text alternatives of the charts: what a sighted reader takes from each picture, in words.
 * They are shown under the charts, so they also explain the symbols to everyone.
 */

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

export function describeConditionRtChart(conditions: readonly ConditionRtSpread[]): string {
  const parts = conditions.map((cell) => {
    if (cell.meanMs === null) return `${cell.label}: no correct trials`;
    const spread = cell.sdMs === null ? '' : `, SD ${formatMs(cell.sdMs)}`;
    return `${cell.label}: mean ${formatMs(cell.meanMs)}${spread}, ${plural(cell.rtsMs.length, 'trial', 'trials')}`;
  });
  return `Boxes span the middle half of the reaction times of correct trials, with the median as a line and the mean as a diamond. ${parts.join('; ')}.`;
}

/** `markers` says what the dashed lines mark, e.g. 'rest breaks'; null when there are none. */
export function describeTrialRtChart(
  points: readonly DisplayedTrialPoint[],
  cutOffMs: number | null,
  markers: string | null = null,
): string {
  if (points.length === 0) return 'No test trials were recorded.';
  const rts = points.map((p) => p.rtMs);
  const errors = points.filter((p) => !p.isCorrect).map((p) => p.position);
  const errorText =
    errors.length === 0
      ? 'No errors.'
      : `${plural(errors.length, 'error', 'errors')}, drawn as crosses, on ${errors.length === 1 ? 'trial' : 'trials'} ${errors.join(', ')}.`;
  const cutOff = points.filter((p) => p.isCutOff);
  const cutOffText =
    cutOffMs === null
      ? ''
      : ` ${plural(cutOff.length, 'reaction time', 'reaction times')} above ${formatMs(cutOffMs)} ${cutOff.length === 1 ? 'is' : 'are'} drawn as a triangle at the top.`;
  return `Reaction time of each of the ${points.length} test trials in order, from ${formatMs(Math.min(...rts))} to ${formatMs(Math.max(...rts))}; correct answers are circles${markers ? `, dashed lines mark ${markers}` : ''}. ${errorText}${cutOffText}`;
}

export function describeScoreTrend(trend: ScoreTrend): string {
  const { points, fit, measure } = trend;
  const value = (v: number) => formatTrendValue(v, measure.format);
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return `No ${measure.label.toLowerCase()} yet.`;
  const name = measure.label.toLowerCase();
  if (points.length === 1)
    return `One session so far, with ${name} ${value(first.score)}. Take the test again to see a trend.`;
  const mock = points.filter((p) => p.isMock).length;
  const mockText =
    mock === 0 ? '' : ` ${plural(mock, 'session is', 'sessions are')} mock data, drawn as squares.`;
  const trendText =
    fit === null
      ? ''
      : ` The dashed trend line changes by ${formatSignedTrendValue(fit.slope, measure.format)} per session${measure.better === 'lower' ? ' (lower is better)' : ''}.`;
  const scores = points.map((p) => p.score);
  return `${measure.label} of your ${points.length} sessions, oldest first: from ${value(first.score)} to ${value(last.score)} (lowest ${value(Math.min(...scores))}, highest ${value(Math.max(...scores))}).${trendText}${mockText}`;
}
