import { describe, expect, it } from 'vitest';
import { ConfigSchema, DEFAULT_CONFIG } from './config';
import { getTrialFlags } from './plausibility';
import { reportCellOf, type ScoredTrial, score } from './scoring';
import { scoredTrial } from './testing';
import type { TrialType } from './trial';

/** A scored trial: its type, RT and foreperiod, trialNumber + 1 minutes into the test. */
const trial = (
  trialNumber: number,
  type: TrialType,
  reactionTime: number | null,
  foreperiodMs: number,
  extra: Partial<ScoredTrial> = {},
) => scoredTrial(trialNumber, type, reactionTime, { foreperiodMs, ...extra });

/**
 * A hand-scored run (PVT-10: lapse from 500 ms, false start under 100 ms): eight counters, one
 * of them interrupted (left out of every score, its false start and extra presses too), and a
 * habituation trial that counts for nothing.
 */
const TRIALS: ScoredTrial[] = [
  { ...trial(0, 'valid', 300, 2000, { nFalseStarts: 1 }), phase: 'habituation' },
  trial(0, 'valid', 250, 3000),
  trial(1, 'valid', 200, 6000, { nFalseStarts: 1 }),
  trial(2, 'lapse', 600, 4000),
  trial(3, 'false_start', 80, 7000),
  trial(4, 'timeout', null, 2500),
  trial(5, 'valid', 400, 5000, { nFalseStarts: 2, nExtraResponses: 1 }),
  trial(6, 'lapse', 1000, 9000),
  trial(7, 'valid', 300, 8000, {
    nFalseStarts: 1,
    nExtraResponses: 2,
    timing: { wasInterrupted: true },
  }),
];

describe('PVT scoring', () => {
  it('scores a hand-computed run', () => {
    const result = score(DEFAULT_CONFIG, TRIALS);
    // Scored RTs (valid and lapses, not interrupted): 250, 200, 600, 400, 1000. The envelope's
    // counts are every counter of the test and its valid responses, trial 7 included.
    expect(result).toMatchObject({
      overallScore: 30,
      totalTrials: 8,
      correctTrials: 4,
      averageReactionTime: 490,
    });
    const { scores } = result;
    expect(scores).toMatchObject({
      variant: 'PVT-10',
      lapseThresholdMs: 500,
      falseStartThresholdMs: 100,
      durationS: 600,
      // Three valid responses, two slow ones and the timeout; not the 80 ms response (a false
      // start) nor the interrupted trial 7.
      stimuli: 6,
      meanRtMs: 490,
      medianRtMs: 400,
      // Two slow responses and the timeout.
      lapses: 3,
      // Three presses before a counter (not trial 7's) and the 80 ms response.
      falseStarts: 4,
      // The speed scores take the timeout at 30 s: k = max(1, round(6 / 10)) = 1, the fastest
      // 200 ms, the slowest the timeout (1000 / 30000).
      fastest10PercentSpeed: 5,
      slowest10PercentSpeed: 1000 / 30_000,
      fastest10PercentRtMs: 200,
      counts: {
        valid: 3,
        slowResponses: 2,
        timeouts: 1,
        falseStartsBeforeCounter: 3,
        falseStartResponses: 1,
        extraResponses: 1,
        interrupted: 1,
        resumed: 0,
      },
      habituation: { trials: 1, falseStarts: 1 },
      qcFlags: { falseStartsAbove10: false, pageInterrupted: true },
    });
    // Three lapses over six stimuli.
    expect(scores.lapseRate).toBe(0.5);
    // (4 + 5 + 1000/600 + 2.5 + 1 + 1000/30000) / 6: the timeout at the timeout's speed.
    expect(scores.meanSpeed).toBeCloseTo((4 + 5 + 1000 / 600 + 2.5 + 1 + 1000 / 30_000) / 6, 12);
    // Squared deviations from 490: 57600 + 84100 + 12100 + 8100 + 260100 = 422000, / 4.
    expect(scores.sdRtMs).toBeCloseTo(Math.sqrt(105_500), 9);
    expect(scores.cvRt).toBeCloseTo(Math.sqrt(105_500) / 490, 12);
    // 1 - (3 lapses + 4 false starts) / (6 stimuli + 4 false starts) = 0.3.
    expect(scores.performanceScore).toBeCloseTo(0.3, 12);
    // 1/RT against minutes on task (1, 2, 3, 5, 6, 7; the timeout at minute 5 at 1/30):
    // Sxy = -469/30, Sxx = 28.
    expect(scores.speedSlopePerMinute).toBeCloseTo(-469 / 30 / 28, 12);
    // PVT-10 cells split at 6 s: short are trials 0, 2, 4, 5 (valid 250 and 400 ms; a lapse and
    // a timeout), long are 1, 3, 6 (valid 200 ms; a false start and a lapse); 7 is interrupted.
    const empty = {
      trialCount: 0,
      rtTrialCount: 0,
      meanRtMs: null,
      errorTrialCount: 0,
      errorRatePercent: null,
    };
    expect(result.reportCells).toEqual({
      pvt10Short: {
        trialCount: 4,
        rtTrialCount: 2,
        meanRtMs: 325,
        errorTrialCount: 4,
        errorRatePercent: 50,
      },
      pvt10Long: {
        trialCount: 3,
        rtTrialCount: 1,
        meanRtMs: 200,
        errorTrialCount: 3,
        errorRatePercent: (2 / 3) * 100,
      },
      pvtBShort: empty,
      pvtBLong: empty,
    });
    expect(result.trialExclusions.filter((t) => t.exclusions.length > 0)).toEqual([
      { phase: 'test', block: 0, trialNumber: 3, exclusions: ['falseStart'] },
      { phase: 'test', block: 0, trialNumber: 4, exclusions: ['timeout'] },
      { phase: 'test', block: 0, trialNumber: 7, exclusions: ['interrupted'] },
    ]);
  });

  it('takes the fastest and slowest 10 % as k = max(1, round(n / 10)) responses, halves up', () => {
    const run = (n: number) =>
      score(
        DEFAULT_CONFIG,
        Array.from({ length: n }, (_, i) => trial(i, 'valid', 200 + i, 3000)),
      ).scores;
    // n = 25: k = 3 (2.5 rounds up), so the fastest three are 200, 201, 202 ms.
    expect(run(25).fastest10PercentRtMs).toBe(201);
    expect(run(25).slowest10PercentSpeed).toBeCloseTo((1000 / 222 + 1000 / 223 + 1000 / 224) / 3);
    // n = 14: k = 1; n = 15: k = 2.
    expect(run(14).fastest10PercentRtMs).toBe(200);
    expect(run(15).fastest10PercentRtMs).toBe(200.5);
    expect(run(4).fastest10PercentRtMs).toBe(200);
  });

  it('judges lapses by the variant: PVT-B from 355 ms', () => {
    const b = ConfigSchema.parse({ variant: 'PVT-B' });
    const result = score(b, [trial(0, 'lapse', 400, 3000), trial(1, 'valid', 300, 3000)]);
    expect(result.scores).toMatchObject({ variant: 'PVT-B', lapseThresholdMs: 355, lapses: 1 });
  });

  it('flags more than 10 false starts, and scores an empty test as nothing', () => {
    const many = score(DEFAULT_CONFIG, [
      trial(0, 'valid', 250, 3000, { nFalseStarts: 10 }),
      trial(1, 'false_start', 50, 3000),
    ]);
    expect(many.scores.falseStarts).toBe(11);
    expect(many.scores.qcFlags.falseStartsAbove10).toBe(true);
    const ten = score(DEFAULT_CONFIG, [trial(0, 'valid', 250, 3000, { nFalseStarts: 10 })]);
    expect(ten.scores.qcFlags.falseStartsAbove10).toBe(false);
    const empty = score(DEFAULT_CONFIG, []);
    expect(empty).toMatchObject({ overallScore: 0, totalTrials: 0, averageReactionTime: null });
    expect(empty.scores).toMatchObject({
      meanRtMs: null,
      meanSpeed: null,
      lapseRate: null,
      performanceScore: null,
      fastest10PercentSpeed: null,
    });
  });

  it("puts test trials in a cell by variant and foreperiod, split at the middle of the variant's range", () => {
    const cell = (variant: 'PVT-10' | 'PVT-B', foreperiodMs: number, phase = 'test') =>
      reportCellOf({ phase, variant, foreperiodMs });
    expect(cell('PVT-10', 5999)).toBe('pvt10Short');
    expect(cell('PVT-10', 6000)).toBe('pvt10Long');
    expect(cell('PVT-B', 3499)).toBe('pvtBShort');
    expect(cell('PVT-B', 3500)).toBe('pvtBLong');
    // By the trial's variant, whatever its range was set to.
    expect(cell('PVT-10', 500)).toBe('pvt10Short');
    expect(cell('PVT-10', 3000, 'habituation')).toBeNull();
  });

  it('leaves an interrupted trial out of every score', () => {
    const plain = [trial(0, 'valid', 250, 3000), trial(1, 'lapse', 700, 4000)];
    const interrupted = trial(2, 'timeout', null, 3000, {
      nFalseStarts: 3,
      timing: { wasInterrupted: true },
    });
    const without = score(DEFAULT_CONFIG, plain);
    const withIt = score(DEFAULT_CONFIG, [...plain, interrupted]);
    const { counts: c1, qcFlags: q1, ...rest1 } = without.scores;
    const { counts: c2, qcFlags: q2, ...rest2 } = withIt.scores;
    expect(rest2).toEqual(rest1);
    expect(c2).toEqual({ ...c1, interrupted: 1 });
    expect(q2).toEqual({ ...q1, pageInterrupted: true });
    expect(withIt.overallScore).toBe(without.overallScore);
    expect(withIt.reportCells).toEqual(without.reportCells);
    expect(withIt.totalTrials).toBe(3);
  });

  it('leaves a response under the floor out of the RT scores when the false-start threshold is lower', () => {
    const config = ConfigSchema.parse({ ...DEFAULT_CONFIG, falseStartMs: 0 });
    const trials = [trial(0, 'valid', 250, 3000), trial(1, 'valid', 0.001, 3000)];
    expect(getTrialFlags(trials[1] as ScoredTrial)).toEqual(['tooFast']);
    expect(getTrialFlags(trials[0] as ScoredTrial)).toEqual([]);
    const result = score(config, trials);
    expect(result.averageReactionTime).toBe(250);
    expect(result.scores.fastest10PercentRtMs).toBe(250);
    // Still a valid response: counted, and no error in its cell.
    expect(result.scores.counts.valid).toBe(2);
    expect(result.reportCells.pvt10Short).toMatchObject({
      trialCount: 2,
      rtTrialCount: 1,
      meanRtMs: 250,
      errorRatePercent: 0,
    });
    expect(result.trialExclusions.filter((t) => t.exclusions.length > 0)).toEqual([
      { phase: 'test', block: 0, trialNumber: 1, exclusions: ['tooFast'] },
    ]);
  });
});
