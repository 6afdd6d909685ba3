import type { ResultTrial } from '@cogni/domain';
import { describe, expect, it } from 'vitest';
import { getDisplayedTrialPoints } from '../../lib/charts/chart-data';
import {
  describeTestRtChart,
  getCongruencySpread,
  getOmissionPositions,
  getTestRtSeries,
} from './chart-data';

/** A stored test trial as the API returns it. */
const trial = (
  trialNumber: number,
  congruency: 'congruent' | 'incongruent',
  responseType: 'correct' | 'error' | 'omission',
  reactionTime: number | null,
  wasInterrupted = false,
) =>
  ({
    phase: 'test',
    block: 0,
    trialNumber,
    congruency,
    responseType,
    reactionTime,
    isCorrect: responseType === 'correct',
    timing: { wasInterrupted },
  }) as unknown as ResultTrial;

const TRIALS = [
  trial(0, 'congruent', 'correct', 400),
  trial(1, 'incongruent', 'correct', 480),
  trial(2, 'incongruent', 'error', 350),
  trial(3, 'congruent', 'omission', null),
  trial(4, 'congruent', 'correct', 120),
  trial(5, 'incongruent', 'correct', 520, true),
  trial(6, 'incongruent', 'correct', 500),
];

describe('the flanker charts', () => {
  it('plot every answer, correct or not, and mark omissions', () => {
    expect(getTestRtSeries(TRIALS).map((p) => [p.position, p.isCorrect])).toEqual([
      [1, true],
      [2, true],
      [3, false],
      [5, true],
      [6, true],
      [7, true],
    ]);
    expect(getOmissionPositions(TRIALS)).toEqual([4]);
  });

  it('box the correct RTs the scores read: no anticipation, no interrupted trial, no error', () => {
    const names = { congruent: 'Congruent', incongruent: 'Incongruent' };
    const [congruent, incongruent] = getCongruencySpread(TRIALS, names);
    expect(congruent?.rtsMs).toEqual([400]);
    expect(incongruent?.rtsMs).toEqual([480, 500]);
    expect(incongruent?.meanMs).toBe(490);
  });

  it('say what the RT chart shows in words', () => {
    const { points, cutOffMs } = getDisplayedTrialPoints(getTestRtSeries(TRIALS));
    expect(describeTestRtChart(points, [4], cutOffMs, 7)).toBe(
      'Reaction time of each of the 5 correct answers in the 7 test trials, as circles in trial order, from 120 ms to 520 ms. 1 answer the wrong way, drawn as crosses, on trial 3. 1 trial missed, marked by dashed lines: 4.',
    );
  });
});
