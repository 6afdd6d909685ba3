import type { ScoreHistoryPoint } from '@cogni/domain';
import { describe, expect, it } from 'vitest';
import {
  fitLinearRegression,
  getDisplayedTrialPoints,
  getMedian,
  getScoreTrend,
  getStandardDeviation,
} from './chart-data';
import { describeScoreTrend, describeTrialRtChart } from './chart-descriptions';

function historyPoint(
  id: string,
  overallScore: number,
  testType: ScoreHistoryPoint['testType'] = 'stroopTest',
  measures: ScoreHistoryPoint['measures'] = {},
): ScoreHistoryPoint {
  return {
    id,
    testType,
    startTime: '2026-01-01T00:00:00.000Z',
    overallScore,
    averageReactionTime: 700,
    isMock: id.startsWith('mock'),
    measures,
  };
}

describe('chart data', () => {
  it('computes the median and the sample standard deviation', () => {
    expect(getMedian([])).toBeNull();
    expect(getMedian([3, 1, 2])).toBe(2);
    expect(getMedian([4, 1, 3, 2])).toBe(2.5);
    expect(getStandardDeviation([5])).toBeNull();
    expect(getStandardDeviation([2, 4, 4, 4, 5, 5, 7, 9])).toBeCloseTo(2.138, 3);
  });

  it('draws an RT far off the scale at the cut-off, and says so', () => {
    const points = [600, 700, 800, 20_000].map((rtMs, i) => ({
      position: i + 1,
      rtMs,
      isCorrect: i !== 1,
    }));
    const displayed = getDisplayedTrialPoints(points);
    expect(displayed.cutOffMs).toBe(3000);
    expect(displayed.points.map((p) => [p.displayRtMs, p.isCutOff])).toEqual([
      [600, false],
      [700, false],
      [800, false],
      [3000, true],
    ]);
    const text = describeTrialRtChart(displayed.points, displayed.cutOffMs);
    expect(text).toContain('1 error, drawn as crosses, on trial 2.');
    expect(text).toContain('1 reaction time above 3000 ms is drawn as a triangle at the top.');
    expect(getDisplayedTrialPoints(points.slice(0, 3)).cutOffMs).toBeNull();
  });

  it('fits a least-squares line, and none below two distinct points', () => {
    expect(
      fitLinearRegression([
        { x: 1, y: 3 },
        { x: 2, y: 5 },
        { x: 3, y: 7 },
      ]),
    ).toEqual({ slope: 2, intercept: 1 });
    expect(fitLinearRegression([{ x: 1, y: 3 }])).toBeNull();
    expect(
      fitLinearRegression([
        { x: 2, y: 3 },
        { x: 2, y: 5 },
      ]),
    ).toBeNull();
  });

  it("numbers one test type's sessions oldest first and describes their trend", () => {
    const history = [
      historyPoint('a', 80),
      historyPoint('n', 50, 'nbackTest'),
      historyPoint('mock-b', 85),
      historyPoint('c', 90),
    ];
    const trend = getScoreTrend(history, 'stroopTest');
    expect(trend.points.map((p) => [p.session, p.id, p.score])).toEqual([
      [1, 'a', 80],
      [2, 'mock-b', 85],
      [3, 'c', 90],
    ]);
    expect(trend.fit?.slope).toBeCloseTo(5, 9);
    expect(describeScoreTrend(trend)).toBe(
      'Overall score of your 3 sessions, oldest first: from 80% to 90% (lowest 80%, highest 90%). The dashed trend line changes by +5 points per session. 1 session is mock data, drawn as squares.',
    );
    expect(describeScoreTrend(getScoreTrend([historyPoint('a', 80)], 'stroopTest'))).toBe(
      'One session so far, with overall score 80%. Take the test again to see a trend.',
    );
  });

  it("follows a task's own measure, keeping each session's number where a session has none", () => {
    const measure = {
      key: 'switchCostMs',
      label: 'Switch cost',
      axisLabel: 'Switch cost (ms)',
      format: 'ms',
      better: 'lower',
    } as const;
    const history = [
      historyPoint('a', 80, 'stroopTest', { switchCostMs: 120 }),
      historyPoint('b', 85, 'stroopTest', { switchCostMs: null }),
      historyPoint('c', 90, 'stroopTest', { switchCostMs: 80 }),
    ];
    const trend = getScoreTrend(history, 'stroopTest', measure);
    expect(trend.points.map((p) => [p.session, p.score])).toEqual([
      [1, 120],
      [3, 80],
    ]);
    expect(trend.fit?.slope).toBeCloseTo(-20, 9);
    expect(describeScoreTrend(trend)).toBe(
      'Switch cost of your 2 sessions, oldest first: from 120 ms to 80 ms (lowest 80 ms, highest 120 ms). The dashed trend line changes by \u221220 ms per session (lower is better).',
    );
    expect(describeScoreTrend(getScoreTrend([historyPoint('b', 85)], 'stroopTest', measure))).toBe(
      'No switch cost yet.',
    );
  });
});
