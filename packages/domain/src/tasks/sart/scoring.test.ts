import { describe, expect, it } from 'vitest';
import { logLinearDPrime } from '../shared/normal';
import { DEFAULT_CONFIG } from './config';
import { type ScoredTrial, score } from './scoring';

const config = DEFAULT_CONFIG;

/**
 * A test trial from a short code: 'g400' a go digit pressed at 400 ms, 'o' a go digit missed,
 * 'w' the no-go digit withheld, 'c300' the no-go digit pressed at 300 ms; a trailing '!' marks
 * the trial interrupted.
 */
function trial(
  code: string,
  trialNumber: number,
  phase: 'practice' | 'test' = 'test',
): ScoredTrial {
  const interrupted = code.endsWith('!');
  const kind = code[0];
  const rt = kind === 'g' || kind === 'c' ? Number.parseFloat(code.slice(1)) : null;
  const isNogo = kind === 'w' || kind === 'c';
  const responded = rt !== null;
  return {
    phase,
    block: 0,
    trialNumber,
    isNogo,
    responded,
    reactionTime: rt,
    isCorrect: isNogo !== responded,
    nExtraResponses: 0,
    timing: { wasInterrupted: interrupted },
  };
}

const run = (codes: string[]) => codes.map((code, i) => trial(code, i));

/**
 * 32 test trials with hand-computed pre-error speeding and post-error slowing (numbers in the
 * comments are trial numbers).
 */
const HAND_RUN = run([
  'g400',
  'g380',
  'g360',
  'g340', // 0-3: four correct go
  'c300', //                          4: commission, run 0-3: mean 370
  'g450',
  'g420',
  'g410', //          5-7
  'o', //                             8: omission
  'g390', //                          9
  'w', //                            10: withhold; run 6-9 holds the omission: none
  'g395',
  'g385',
  'g405',
  'g415', // 11-14
  'w', //                            15: withhold, run 11-14: mean 400
  'g430',
  'g90',
  'g350',
  'g360', //  16-19: 17 is anticipatory
  'c280', //                         20: commission, run 16-19 holds the anticipation: none
  'g500',
  'g300',
  'g310',
  'g320',
  'g330', // 21-25
  'c250', //                         26: commission, run 22-25: mean 315
  'g410',
  'g150', //                 27-28: 28 is ambiguous
  'c200', //                         29: commission, run 25-28 holds 26: none
  'g460', //                         30
  'w', //                            31: withhold, run 27-30 holds 29: none
]);

describe('score against hand-computed runs', () => {
  it('computes pre-error speeding over uninterrupted runs of 4 correct go trials', () => {
    const { preErrorSpeeding } = score(config, HAND_RUN).scores;
    // Before commissions 4 and 26: (370 + 315) / 2 = 342.5 (an anticipation breaks the run before
    // 20); before withhold 15: 400. Difference 400 - 342.5 = 57.5.
    expect(preErrorSpeeding.commissionRuns).toBe(2);
    expect(preErrorSpeeding.withholdRuns).toBe(1);
    expect(preErrorSpeeding.preCommissionRtMs).toBe(342.5);
    expect(preErrorSpeeding.preWithholdRtMs).toBe(400);
    expect(preErrorSpeeding.differenceMs).toBe(57.5);
  });

  it('breaks a run at a trial that was not saved', () => {
    // Without trial 1, commission 4 has no run of 4 before it.
    const { preErrorSpeeding } = score(
      config,
      HAND_RUN.filter((t) => t.trialNumber !== 1),
    ).scores;
    expect(preErrorSpeeding.commissionRuns).toBe(1);
    expect(preErrorSpeeding.preCommissionRtMs).toBe(315);
  });

  it('computes post-error slowing, traditional and robust', () => {
    const { postErrorSlowing } = score(config, HAND_RUN).scores;
    // Robust: commissions with valid correct go on both sides: 4 (450 - 340 = 110), 20
    // (500 - 360 = 140), 26 (410 - 330 = 80); 29 has the ambiguous 150 before it. Mean 110.
    expect(postErrorSlowing.pairs).toBe(3);
    expect(postErrorSlowing.robustMs).toBe(110);
    // Traditional: after commissions 5, 21, 27, 30: (450 + 500 + 410 + 460) / 4 = 455. After a
    // correct trial (withholds and go successes, the anticipatory 17 too), the valid go trials
    // 1 2 3 6 7 11 12 13 14 16 18 19 22 23 24 25: 5910 / 16 = 369.375. 455 - 369.375 = 85.625.
    expect(postErrorSlowing.postErrorTrials).toBe(4);
    expect(postErrorSlowing.postCorrectTrials).toBe(16);
    expect(postErrorSlowing.traditionalMs).toBe(85.625);
  });

  it('computes the rates, the go RTs, the headline and the report cells', () => {
    const result = score(config, HAND_RUN);
    const s = result.scores;
    // 25 go (24 answered, 1 omission), 7 no-go (4 commissions, 3 withheld).
    expect(s.commissions).toBe(4);
    expect(s.commissionPercent).toBeCloseTo((4 / 7) * 100, 12);
    expect(s.omissions).toBe(1);
    expect(s.omissionPercent).toBe(4);
    expect(s.anticipations).toBe(1);
    expect(s.anticipationPercent).toBe(4);
    // Valid go RTs: the 24 answered but 90 and 150: 8520 / 22.
    expect(s.meanGoRtMs).toBeCloseTo(8520 / 22, 10);
    expect(s.meanAllGoRtMs).toBe(365); // 8760 / 24
    // Valid commissions: 300 280 250 200.
    expect(s.meanCommissionRtMs).toBe(257.5);
    expect(s.dPrime).toBe(logLinearDPrime(24, 25, 4, 7));
    expect(s.counts).toEqual({
      goTrials: 25,
      noGoTrials: 7,
      goSuccesses: 24,
      nogoSuccesses: 3,
      anticipatoryResponses: 1,
      ambiguousResponses: 1,
      validResponses: 26,
      extraResponses: 0,
      interrupted: 0,
    });
    // Headline: floor(100 x (24/25 + 3/7) / 2) = floor(24300 / 350) = floor(69.43) = 69.
    expect(result.overallScore).toBe(69);
    expect(s.balancedAccuracy).toBeCloseTo((24 / 25 + 3 / 7) / 2, 12);
    expect(result).toMatchObject({ totalTrials: 32, correctTrials: 27 });
    expect(result.averageReactionTime).toBe(s.meanGoRtMs);
    expect(result.reportCells).toEqual({
      go: {
        trialCount: 25,
        rtTrialCount: 22,
        meanRtMs: s.meanGoRtMs,
        errorTrialCount: 25,
        errorRatePercent: 4,
      },
      nogo: {
        trialCount: 7,
        rtTrialCount: 0,
        meanRtMs: null,
        errorTrialCount: 7,
        errorRatePercent: (4 / 7) * 100,
      },
    });
    // Every test trial is listed; the RTs left out of the RT scores say why.
    expect(result.trialExclusions).toHaveLength(32);
    expect(result.trialExclusions.filter((t) => t.exclusions.length > 0)).toEqual([
      { phase: 'test', block: 0, trialNumber: 17, exclusions: ['anticipation'] },
      { phase: 'test', block: 0, trialNumber: 28, exclusions: ['ambiguous'] },
    ]);
  });

  it('leaves post-error slowing null under 3 pairs or post-error trials, and interrupted trials out of RTs', () => {
    const trials = run(['g400', 'g420!', 'c300', 'g500', 'g400', 'c300', 'g450', 'w', 'g380']);
    const s = score(config, trials).scores;
    // Commission 2: before it the interrupted 420, so no robust pair; commission 5: 400 -> 450.
    expect(s.postErrorSlowing).toMatchObject({
      pairs: 1,
      robustMs: null,
      postErrorTrials: 2,
      traditionalMs: null,
    });
    // Valid go RTs: 400 500 400 450 380 (the interrupted 420 left out).
    expect(s.meanGoRtMs).toBe(426);
    expect(s.medianGoRtMs).toBe(400);
    expect(s.counts.interrupted).toBe(1);
    // No run of 4 correct go trials before any no-go digit.
    expect(s.preErrorSpeeding).toEqual({
      preCommissionRtMs: null,
      preWithholdRtMs: null,
      differenceMs: null,
      commissionRuns: 0,
      withholdRuns: 0,
    });
  });

  it('raises the quality flags: stopped responding, too fast, pressing for everything', () => {
    const stopped = score(config, run(['o', 'o', 'g400', 'w', 'o'])).scores.qcFlags;
    expect(stopped).toEqual({
      omissionRateAbove50Percent: true,
      meanGoRtBelow200: false,
      indiscriminatePressing: false,
    });
    // Every digit pressed, 2 of 5 go presses anticipatory (40 %): mean go RT (50 + 60 + 150 +
    // 180 + 210) / 5 = 130.
    const everything = score(
      config,
      run(['g50', 'g60', 'c70', 'g150', 'g180', 'c90', 'g210']),
    ).scores;
    expect(everything.qcFlags).toEqual({
      omissionRateAbove50Percent: false,
      meanGoRtBelow200: true,
      indiscriminatePressing: true,
    });
    expect(everything.meanAllGoRtMs).toBe(130);
    // One valid RT: no SD, no CV.
    expect(everything.sdGoRtMs).toBeNull();
    expect(everything.cvGoRt).toBeNull();
  });

  it('scores only the test, counts practice apart, and gives nulls without test trials', () => {
    const practice = ['g400', 'c300', 'o', 'w'].map((code, i) => trial(code, i, 'practice'));
    const result = score(config, practice);
    expect(result).toMatchObject({
      overallScore: 0,
      totalTrials: 0,
      correctTrials: 0,
      averageReactionTime: null,
    });
    const s = result.scores;
    expect(s.practice).toEqual({ trials: 4, correct: 2 });
    for (const value of [
      s.commissionPercent,
      s.omissionPercent,
      s.anticipationPercent,
      s.meanGoRtMs,
      s.dPrime,
      s.balancedAccuracy,
    ]) {
      expect(value).toBeNull();
    }
    expect(Object.values(s.qcFlags)).toEqual([false, false, false]);
  });

  it('weighs go and no-go digits equally in the headline: pressing for everything or nothing scores 50', () => {
    const digits = (nogo: string, go: string) =>
      run(Array.from({ length: 18 }, (_, i) => (i % 9 === 2 ? nogo : go)));
    expect(score(config, digits('c300', 'g300')).overallScore).toBe(50);
    expect(score(config, digits('w', 'o')).overallScore).toBe(50);
    expect(score(config, digits('w', 'g300')).overallScore).toBe(100);
    // A whole percentage is exact: 1 of 2 no-go withheld, all go answered: 75.
    expect(score(config, run(['g300', 'w', 'g300', 'c300'])).overallScore).toBe(75);
  });
});
