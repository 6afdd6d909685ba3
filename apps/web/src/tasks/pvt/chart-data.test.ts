import type { ResultTrial } from '@cogni/domain';
import { describe, expect, it } from 'vitest';
import { getDisplayedTrialPoints } from '../../lib/charts/chart-data';
import {
  describePvtRtChart,
  describeTimeOnTaskChart,
  getPvtRtSeries,
  getTimeOnTaskSpread,
  getTimeoutPositions,
} from './chart-data';

function trial(
  phase: 'habituation' | 'test',
  trialNumber: number,
  type: 'valid' | 'lapse' | 'false_start' | 'timeout',
  reactionTime: number | null,
  elapsedMs: number,
): ResultTrial {
  return {
    phase,
    block: 0,
    trialNumber,
    response: reactionTime === null ? null : 'space',
    reactionTime,
    isCorrect: type === 'valid',
    inputModality: 'keyboard',
    exclusions: null,
    type,
    foreperiodMs: 3000,
    nFalseStarts: 0,
    falseStarts: [],
    elapsedMs,
  };
}

const TRIALS: ResultTrial[] = [
  trial('habituation', 0, 'valid', 900, 3000),
  trial('test', 0, 'valid', 250, 10_000),
  trial('test', 1, 'lapse', 640, 40_000),
  trial('test', 2, 'false_start', 70, 70_000),
  trial('test', 3, 'timeout', null, 110_000),
  trial('test', 4, 'valid', 300, 150_000),
  trial('test', 5, 'valid', 280, 180_000),
];

describe('PVT chart data', () => {
  it('plots every test response in order, valid ones as correct, and marks the timeouts', () => {
    expect(getPvtRtSeries(TRIALS)).toEqual([
      { position: 1, rtMs: 250, isCorrect: true },
      { position: 2, rtMs: 640, isCorrect: false },
      { position: 3, rtMs: 70, isCorrect: false },
      { position: 5, rtMs: 300, isCorrect: true },
      { position: 6, rtMs: 280, isCorrect: true },
    ]);
    expect(getTimeoutPositions(TRIALS)).toEqual([4]);
    const series = getDisplayedTrialPoints(getPvtRtSeries(TRIALS));
    const text = describePvtRtChart(series.points, [4], series.cutOffMs, 6);
    expect(text).toContain('3 valid responses as circles, from 250 ms to 300 ms');
    expect(text).toContain('Lapses and false starts as crosses, on counters 2, 3.');
    expect(text).toContain('1 timeout (no response), marked by dashed lines, on counter 4.');
    expect(describePvtRtChart([], [], null, 0)).toBe('No test trials were recorded.');
  });

  it('splits the scored reaction times at half the time on task, false starts and timeouts left out', () => {
    const [first, second] = getTimeOnTaskSpread(TRIALS);
    // Half of 180 s: 90 s.
    expect(first?.rtsMs).toEqual([250, 640]);
    expect(second?.rtsMs).toEqual([300, 280]);
    expect(describeTimeOnTaskChart(getTimeOnTaskSpread(TRIALS))).toContain(
      'First half of the test: mean 445 ms',
    );
  });
});
