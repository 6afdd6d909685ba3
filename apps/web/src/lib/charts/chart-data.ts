import {
  englishText,
  type ScoreHistoryPoint,
  type TestType,
  type TrendMeasureInfo,
} from '@cogni/domain';

/** The mean; null for no values. */
export function getMean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((sum, v) => sum + v, 0) / values.length;
}

/** Sample standard deviation (n − 1); null below two values. */
export function getStandardDeviation(values: readonly number[]): number | null {
  const mean = getMean(values);
  if (mean === null || values.length < 2) return null;
  const squares = values.reduce((sum, v) => sum + (v - mean) ** 2, 0);
  return Math.sqrt(squares / (values.length - 1));
}

export function getMedian(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? 0) + upper) / 2;
}

/** The reaction times of one condition of a run, for the box plot of its RTs. */
export type ConditionRtSpread = {
  key: string;
  /** The condition named for people. */
  label: string;
  /** RTs of the condition's scored trials, ms: the values its mean is taken over. */
  rtsMs: number[];
  meanMs: number | null;
  sdMs: number | null;
};

/** A condition's spread from its RTs. */
export function toConditionRtSpread(
  key: string,
  label: string,
  rtsMs: number[],
): ConditionRtSpread {
  return { key, label, rtsMs, meanMs: getMean(rtsMs), sdMs: getStandardDeviation(rtsMs) };
}

/** One scored trial on the RT-by-trial chart. */
export type TestTrialPoint = {
  /** 1-based position in the scored phase, as the runner showed it ('trial 12 of 144'). */
  position: number;
  rtMs: number;
  isCorrect: boolean;
};

export type DisplayedTrialPoint = TestTrialPoint & {
  /** rtMs, or the chart's top when the RT is off the scale. */
  displayRtMs: number;
  isCutOff: boolean;
};

/** RTs above this many times the median squash the rest of the chart; they are drawn at the top. */
const CUT_OFF_FACTOR = 4;

/**
 * The points as the RT-by-trial chart draws them: a long pause (say 20 s against a median of
 * 700 ms) would flatten every other trial to the baseline, so it is drawn at the cut-off instead,
 * with its own symbol, and the text alternative says so.
 */
export function getDisplayedTrialPoints(points: readonly TestTrialPoint[]): {
  points: DisplayedTrialPoint[];
  cutOffMs: number | null;
} {
  const median = getMedian(points.map((p) => p.rtMs));
  const limit = median === null ? null : median * CUT_OFF_FACTOR;
  const cutOffMs = limit !== null && points.some((p) => p.rtMs > limit) ? limit : null;
  return {
    cutOffMs,
    points: points.map((p) => {
      const isCutOff = cutOffMs !== null && p.rtMs > cutOffMs;
      return { ...p, isCutOff, displayRtMs: isCutOff && cutOffMs !== null ? cutOffMs : p.rtMs };
    }),
  };
}

export type LinearFit = { slope: number; intercept: number };

/** Least-squares line y = slope·x + intercept; null below two points or when all x are equal. */
export function fitLinearRegression(points: readonly { x: number; y: number }[]): LinearFit | null {
  if (points.length < 2) return null;
  const meanX = points.reduce((sum, p) => sum + p.x, 0) / points.length;
  const meanY = points.reduce((sum, p) => sum + p.y, 0) / points.length;
  let sxy = 0;
  let sxx = 0;
  for (const p of points) {
    sxy += (p.x - meanX) * (p.y - meanY);
    sxx += (p.x - meanX) ** 2;
  }
  if (sxx === 0) return null;
  const slope = sxy / sxx;
  return { slope, intercept: meanY - slope * meanX };
}

export type ScoreTrendPoint = {
  /** 1 for the oldest session shown. */
  session: number;
  id: string;
  startTime: string;
  score: number;
  isMock: boolean;
};

export type ScoreTrend = {
  /** What is followed: the overall score or one of the task's trend measures. */
  measure: TrendMeasureInfo;
  /** The sessions with a value, oldest first. */
  points: ScoreTrendPoint[];
  /** Value against session number; null below two sessions. */
  fit: LinearFit | null;
};

/**
 * The overall score: the trend every task has, shown first. Its names are English like a task's
 * trend measures, and shown in the reader's language by translateEnglish (ADR 042).
 */
export const OVERALL_SCORE_MEASURE: TrendMeasureInfo = {
  key: 'overallScore',
  label: englishText(/*i18n*/ { id: 'charts.overallScore', message: 'Overall score' }),
  axisLabel: englishText(/*i18n*/ { id: 'charts.overallScoreAxis', message: 'Score (%)' }),
  format: 'percent',
  better: 'higher',
};

/**
 * A test type's values of `measure`, oldest first, with their trend line. Sessions are numbered
 * over all of the type's sessions, so a session keeps its number when it has no value of a
 * measure (a direction it did not take) and is left out of that measure's trend.
 */
export function getScoreTrend(
  history: readonly ScoreHistoryPoint[],
  testType: TestType,
  measure: TrendMeasureInfo = OVERALL_SCORE_MEASURE,
): ScoreTrend {
  const points = history
    .filter((point) => point.testType === testType)
    .flatMap((point, index) => {
      const score =
        measure.key === OVERALL_SCORE_MEASURE.key
          ? point.overallScore
          : (point.measures[measure.key] ?? null);
      if (score === null) return [];
      return [
        {
          session: index + 1,
          id: point.id,
          startTime: point.startTime,
          score,
          isMock: point.isMock,
        },
      ];
    });
  return {
    measure,
    points,
    fit: fitLinearRegression(points.map((p) => ({ x: p.session, y: p.score }))),
  };
}
