import type { ResultTrial } from '@cogni/domain';
import { describe, expect, it } from 'vitest';
import { getDisplayedTrialPoints } from '../../lib/charts/chart-data';
import {
  describeAnswerRtChart,
  describeHitRtChart,
  getAnswerRtSeries,
  getHitRtSpread,
  getOmissionPositions,
} from './chart-data';

function trial(
  level: number,
  isTarget: boolean | null,
  answer: 'match' | 'no-match' | null,
  reactionTime: number | null,
): ResultTrial {
  const responseType =
    isTarget === null
      ? 'filler'
      : isTarget
        ? answer === 'match'
          ? 'hit'
          : 'miss'
        : answer === null
          ? 'omission'
          : answer === 'match'
            ? 'false_alarm'
            : 'correct_rejection';
  return {
    phase: 'test',
    block: level * 10,
    trialNumber: 0,
    level,
    isTarget,
    answer,
    reactionTime,
    responseType,
    isCorrect:
      isTarget === null ? null : responseType === 'hit' || responseType === 'correct_rejection',
  } as unknown as ResultTrial;
}

const TRIALS = [
  trial(1, null, 'no-match', 500),
  trial(1, true, 'match', 400),
  trial(1, false, 'match', 450),
  trial(1, false, null, null),
  trial(2, null, 'no-match', 500),
  trial(2, true, 'match', 600),
  trial(2, true, 'match', 120),
  { ...trial(1, true, 'match', 300), phase: 'practice' } as ResultTrial,
];

describe('N-back chart data', () => {
  it('puts the scored test answers in run order, fillers and practice left out', () => {
    expect(getAnswerRtSeries(TRIALS)).toEqual([
      { position: 1, rtMs: 400, isCorrect: true },
      { position: 2, rtMs: 450, isCorrect: false },
      { position: 4, rtMs: 600, isCorrect: true },
      { position: 5, rtMs: 120, isCorrect: true },
    ]);
    expect(getOmissionPositions(TRIALS)).toEqual([3]);
  });

  it("gives hits' RTs by level, anticipations left out, and says so in words", () => {
    const spread = getHitRtSpread(TRIALS);
    expect(spread.map((s) => [s.label, s.rtsMs])).toEqual([
      ['1-back hits', [400]],
      ['2-back hits', [600]],
    ]);
    expect(describeHitRtChart(spread)).toContain('1-back hits: mean 400 ms, 1 trial');
    const series = getDisplayedTrialPoints(getAnswerRtSeries(TRIALS));
    const text = describeAnswerRtChart(series.points, [3], series.cutOffMs, 5);
    expect(text).toContain('4 answers to the 5 scored letters');
    expect(text).toContain('1 letter without an answer');
    expect(describeAnswerRtChart([], [], null, 0)).toBe('No scored test trials were recorded.');
  });
});
