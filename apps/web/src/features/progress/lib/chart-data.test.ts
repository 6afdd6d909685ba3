import {
  DEFAULT_STROOP_CONFIG,
  planRun,
  REPORT_CELLS,
  RESPONSE_KEYS,
  type ResultTrial,
  type ScoreHistoryPoint,
  scoreStroop,
} from '@cogni/domain';
import { describe, expect, it } from 'vitest';
import {
  fitLinearRegression,
  getCellRtSpread,
  getDisplayedTrialPoints,
  getMedian,
  getRestBreakPositions,
  getScoreTrend,
  getStandardDeviation,
  getTestTrialSeries,
} from './chart-data';
import {
  describeCellRtChart,
  describeScoreTrend,
  describeTrialRtChart,
} from './chart-descriptions';

/** A whole default run: every 12th test trial wrong, RTs spread over 500-899 ms. */
function fixtureTrials(): ResultTrial[] {
  const plans = planRun('chart-data', DEFAULT_STROOP_CONFIG);
  return [...plans.sample, ...plans.practice, ...plans.test].map((planned, i) => {
    const isCorrect = !(planned.phase === 'test' && planned.trialNumber % 12 === 5);
    return {
      ...planned,
      response: isCorrect
        ? planned.correctKey
        : (RESPONSE_KEYS.find((k) => k !== planned.correctKey) ?? 'R'),
      reactionTime: 500 + ((i * 37) % 400) + 0.25,
      isCorrect,
      isCongruent: null,
    };
  });
}

function historyPoint(
  id: string,
  overallScore: number,
  testType: ScoreHistoryPoint['testType'] = 'stroopTest',
): ScoreHistoryPoint {
  return {
    id,
    testType,
    startTime: '2026-01-01T00:00:00.000Z',
    overallScore,
    averageReactionTime: 700,
    isMock: id.startsWith('mock'),
  };
}

describe('chart data', () => {
  it("takes each cell's RTs from the same trials as the stored cell means", () => {
    const trials = fixtureTrials();
    const summary = scoreStroop(DEFAULT_STROOP_CONFIG, trials);
    const spread = getCellRtSpread(DEFAULT_STROOP_CONFIG, trials);
    expect(spread.map((s) => s.cell)).toEqual([...REPORT_CELLS]);
    for (const cell of spread) {
      expect(cell.meanMs).toBeCloseTo(summary.metrics.cells[cell.cell].meanRtMs ?? Number.NaN, 9);
      expect(cell.rtsMs.length).toBeGreaterThan(20);
    }
  });

  it('computes the median and the sample standard deviation', () => {
    expect(getMedian([])).toBeNull();
    expect(getMedian([3, 1, 2])).toBe(2);
    expect(getMedian([4, 1, 3, 2])).toBe(2.5);
    expect(getStandardDeviation([5])).toBeNull();
    expect(getStandardDeviation([2, 4, 4, 4, 5, 5, 7, 9])).toBeCloseTo(2.138, 3);
  });

  it('numbers the 144 test trials from 1 and marks the rest breaks after 40, 80 and 120', () => {
    const series = getTestTrialSeries(fixtureTrials());
    expect(series).toHaveLength(144);
    expect(series[0]?.position).toBe(1);
    expect(series.at(-1)?.position).toBe(144);
    expect(series.filter((p) => !p.isCorrect)).toHaveLength(12);
    expect(getRestBreakPositions(DEFAULT_STROOP_CONFIG)).toEqual([40, 80, 120]);
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
      'Scores of your 3 sessions, oldest first: from 80% to 90% (lowest 80%, highest 90%). The dashed trend line changes by +5 points per session. 1 session is mock data, drawn as squares.',
    );
    expect(describeScoreTrend(getScoreTrend([historyPoint('a', 80)], 'stroopTest'))).toBe(
      'One session so far, scoring 80%. Take the test again to see a trend.',
    );
  });

  it('describes the RT of every condition in words', () => {
    const text = describeCellRtChart(getCellRtSpread(DEFAULT_STROOP_CONFIG, fixtureTrials()));
    for (const name of [
      'Word cue, switch',
      'Word cue, repeat',
      'Colour cue, switch',
      'Colour cue, repeat',
    ]) {
      expect(text).toMatch(new RegExp(`${name}: mean \\d+ ms, SD \\d+ ms, \\d+ trials`));
    }
  });
});
