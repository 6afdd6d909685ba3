import type { ResultTrial } from '@cogni/domain';
import { describe, expect, it } from 'vitest';
import { getDisplayedTrialPoints } from '../../lib/charts/chart-data';
import {
  describeGoCommissionChart,
  describeTestRtChart,
  getGoCommissionSpread,
  getOmissionPositions,
  getTestRtSeries,
} from './chart-data';

function trial(
  phase: 'practice' | 'test',
  trialNumber: number,
  responseType: 'hit' | 'omission' | 'commission' | 'correct_rejection',
  reactionTime: number | null,
  extra: Record<string, unknown> = {},
): ResultTrial {
  const isGo = responseType === 'hit' || responseType === 'omission';
  return {
    phase,
    block: 0,
    trialNumber,
    response: reactionTime === null ? null : 'space',
    reactionTime,
    isCorrect: responseType === 'hit' || responseType === 'correct_rejection',
    inputModality: 'keyboard',
    exclusions: null,
    stimulusType: isGo ? 'go' : 'nogo',
    stimulusId: isGo ? 'solid' : 'outline',
    responded: reactionTime !== null,
    responseType,
    nExtraResponses: 0,
    lateResponse: false,
    ...extra,
  };
}

const TRIALS: ResultTrial[] = [
  trial('practice', 0, 'hit', 999),
  trial('test', 0, 'hit', 300),
  trial('test', 1, 'omission', null),
  trial('test', 2, 'commission', 250),
  trial('test', 3, 'correct_rejection', null),
  trial('test', 4, 'hit', 80),
  trial('test', 5, 'hit', 400, { timing: { wasInterrupted: true } }),
  trial('test', 6, 'hit', 500),
];

const NAMES = { hit: 'Go, pressed (hits)', commission: 'No-go, pressed (commissions)' };

describe('Go/No-Go chart data', () => {
  it('plots the test presses by position: hits correct, commissions errors', () => {
    expect(getTestRtSeries(TRIALS)).toEqual([
      { position: 1, rtMs: 300, isCorrect: true },
      { position: 3, rtMs: 250, isCorrect: false },
      { position: 5, rtMs: 80, isCorrect: true },
      { position: 6, rtMs: 400, isCorrect: true },
      { position: 7, rtMs: 500, isCorrect: true },
    ]);
    expect(getOmissionPositions(TRIALS)).toEqual([2]);
  });

  it('spreads go and commission RTs as the scores count them: no anticipations, no interrupted trials', () => {
    const [hits, commissions] = getGoCommissionSpread(TRIALS, NAMES);
    expect(hits).toMatchObject({ key: 'hit', rtsMs: [300, 500], meanMs: 400 });
    expect(commissions).toMatchObject({ key: 'commission', rtsMs: [250], meanMs: 250 });
  });

  it('says in words what the charts show', () => {
    const series = getDisplayedTrialPoints(getTestRtSeries(TRIALS));
    const text = describeTestRtChart(series.points, [2], series.cutOffMs, 7);
    expect(text).toContain('4 go trials answered in the 7 test trials');
    expect(text).toContain('1 press on no-go trials (commissions), drawn as crosses, on trial 3.');
    expect(text).toContain('1 go trial missed (omissions), marked by dashed lines, on trial 2.');
    expect(describeTestRtChart([], [], null, 0)).toBe('No test trials were recorded.');
    const spread = describeGoCommissionChart(getGoCommissionSpread(TRIALS, NAMES));
    expect(spread).toContain('Go, pressed (hits): mean 400 ms, SD 141 ms, 2 trials');
    expect(spread).toContain('No-go, pressed (commissions): mean 250 ms, 1 trial');
  });
});
