import { msg } from '@lingui/core/macro';
import { boxY, dot, line, plot, ruleX } from '@observablehq/plot';
import type {
  ConditionRtSpread,
  DisplayedTrialPoint,
  ScoreTrend,
} from '../../lib/charts/chart-data';
import { translateEnglish } from '../../lib/i18n/error-text';
import { i18n } from '../../lib/i18n/i18n';

/*
 * The charts of progress tracking and of each task's results. Loaded on demand (see PlotFigure), with named imports so the
 * bundler keeps only the parts of Observable Plot used here. Marks that must be told apart differ
 * in shape, not only in colour: circles and crosses, diamonds, squares, dashed lines. Axis labels
 * are in the language active when a chart is drawn; PlotFigure draws it again when the language
 * changes.
 */

/** A design token's value: Plot needs real colours, not var(--…) references. */
function token(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

function colours() {
  return {
    primary: token('--color-primary'),
    danger: token('--color-danger'),
    success: token('--color-success'),
    muted: token('--color-text-muted'),
    border: token('--color-border-strong'),
    surface: token('--color-surface'),
    surfaceMuted: token('--color-surface-muted'),
  };
}

const FONT = { fontFamily: 'inherit', fontSize: '12px' };

/** Box plot of each condition's RTs (median, quartiles, outliers) with the mean as a diamond. */
export function drawConditionRtChart(conditions: readonly ConditionRtSpread[], width: number) {
  const c = colours();
  const labels = new Map(
    conditions.map((cell) => [cell.key, translateEnglish(i18n, cell.label)] as const),
  );
  const rts = conditions.flatMap((cell) => cell.rtsMs.map((rtMs) => ({ cell: cell.key, rtMs })));
  const means = conditions.flatMap((cell) =>
    cell.meanMs === null ? [] : [{ cell: cell.key, meanMs: cell.meanMs }],
  );
  return plot({
    width,
    height: 300,
    marginLeft: 56,
    marginBottom: 40,
    style: FONT,
    x: {
      domain: conditions.map((cell) => cell.key),
      label: null,
      tickFormat: (key: string) => (labels.get(key) ?? key).replace(', ', '\n'),
    },
    y: { label: i18n._(msg`Reaction time (ms)`), grid: true, nice: true },
    marks: [
      boxY(rts, { x: 'cell', y: 'rtMs', fill: c.surfaceMuted, stroke: c.muted }),
      dot(means, {
        x: 'cell',
        y: 'meanMs',
        symbol: 'diamond',
        r: 6,
        fill: c.primary,
        stroke: c.surface,
      }),
    ],
  });
}

/**
 * Every scored trial's RT in order: circles correct, crosses errors, triangles cut off at the
 * top; dashed lines after the positions in `markers` (e.g. rest breaks).
 */
export function drawTrialRtChart(
  points: readonly DisplayedTrialPoint[],
  markers: readonly number[],
  trialCount: number,
  width: number,
) {
  const c = colours();
  return plot({
    width,
    height: 280,
    marginLeft: 56,
    style: FONT,
    x: { domain: [1, trialCount], label: i18n._(msg`Test trial`) },
    y: { label: i18n._(msg`Reaction time (ms)`), grid: true, zero: true, nice: true },
    marks: [
      ruleX(markers, {
        x: (position: number) => position + 0.5,
        stroke: c.border,
        strokeDasharray: '4 4',
      }),
      line(points, { x: 'position', y: 'displayRtMs', stroke: c.border, strokeWidth: 1 }),
      dot(
        points.filter((p) => p.isCorrect && !p.isCutOff),
        { x: 'position', y: 'displayRtMs', r: 2.5, fill: c.primary, symbol: 'circle' },
      ),
      dot(
        points.filter((p) => !p.isCorrect && !p.isCutOff),
        {
          x: 'position',
          y: 'displayRtMs',
          r: 5,
          stroke: c.danger,
          strokeWidth: 2,
          symbol: 'times',
        },
      ),
      dot(
        points.filter((p) => p.isCutOff),
        { x: 'position', y: 'displayRtMs', r: 5, fill: c.muted, symbol: 'triangle' },
      ),
    ],
  });
}

/**
 * A measure's values by session, oldest first; mock sessions as squares; the trend as a dashed
 * line. Percentages keep their whole 0-100 scale; other measures are scaled to their values,
 * zero included.
 */
export function drawScoreTrendChart(trend: ScoreTrend, width: number) {
  const c = colours();
  const { points, fit, measure } = trend;
  const axisLabel = translateEnglish(i18n, measure.axisLabel);
  // Sessions keep their numbers when a measure skips some, so the axis ends at the last one.
  const first = points[0]?.session ?? 1;
  const last = points.at(-1)?.session ?? 1;
  const fitLine = fit
    ? [first, last].map((session) => ({ session, score: fit.slope * session + fit.intercept }))
    : [];
  return plot({
    width,
    height: 240,
    marginLeft: 48,
    style: FONT,
    x: {
      domain: [1, Math.max(2, last)],
      label: i18n._(msg`Session`),
      ticks: points.length <= 10 ? points.map((p) => p.session) : undefined,
      tickFormat: 'd',
    },
    y:
      measure.format === 'percent'
        ? { domain: [0, 100], label: axisLabel, grid: true }
        : { label: axisLabel, grid: true, nice: true, zero: true },
    marks: [
      line(points, { x: 'session', y: 'score', stroke: c.border, strokeWidth: 1.5 }),
      line(fitLine, {
        x: 'session',
        y: 'score',
        stroke: c.success,
        strokeWidth: 2,
        strokeDasharray: '6 4',
      }),
      dot(
        points.filter((p) => !p.isMock),
        { x: 'session', y: 'score', r: 4, fill: c.primary, symbol: 'circle' },
      ),
      dot(
        points.filter((p) => p.isMock),
        {
          x: 'session',
          y: 'score',
          r: 4,
          fill: c.surface,
          stroke: c.muted,
          strokeWidth: 1.5,
          symbol: 'square',
        },
      ),
    ],
  });
}

/** One trial on a level-by-trial chart: its level (a list's length, an N-back's N) and outcome. */
export type LevelPoint = { position: number; level: number; isCorrect: boolean };

/**
 * Each trial's level in order, joined by a step line: circles correct, crosses errors, so an
 * adaptive ladder's climb and where it stopped are seen at a glance. The x axis runs to
 * `lastPosition` (the points' count unless given: a chart whose points skip some trials passes
 * the last trial's position).
 */
export function drawLevelChart(
  points: readonly LevelPoint[],
  labels: { trial: string; level: string },
  width: number,
  lastPosition: number = points.length,
) {
  const c = colours();
  const levels = points.map((p) => p.level);
  const low = Math.min(...levels, 2);
  const high = Math.max(...levels, 3);
  return plot({
    width,
    height: 220,
    marginLeft: 48,
    style: FONT,
    x: {
      label: labels.trial,
      domain: [0.5, Math.max(lastPosition, 2) + 0.5],
      ticks: points.map((p) => p.position),
      tickFormat: 'd',
    },
    y: {
      label: labels.level,
      grid: true,
      domain: [low - 0.5, high + 0.5],
      ticks: Array.from({ length: high - low + 1 }, (_, i) => low + i),
      tickFormat: 'd',
    },
    marks: [
      line(points, { x: 'position', y: 'level', stroke: c.border, strokeWidth: 1, curve: 'step' }),
      dot(
        points.filter((p) => p.isCorrect),
        { x: 'position', y: 'level', r: 4, fill: c.primary, symbol: 'circle' },
      ),
      dot(
        points.filter((p) => !p.isCorrect),
        { x: 'position', y: 'level', r: 5, stroke: c.danger, strokeWidth: 2, symbol: 'times' },
      ),
    ],
  });
}
