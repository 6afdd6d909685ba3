import { describe, expect, it } from 'vitest';
import { storedTrialOf } from '../shared/envelope';
import { DEFAULT_CONFIG } from './config';
import { shortestSolution } from './puzzle';
import { score } from './scoring';
import { playScriptedProblem, scriptMoves } from './testing';

const config = { ...DEFAULT_CONFIG, timeLimitS: 20 };
const at = (phase: 'practice' | 'test', trialNumber: number) => ({ phase, block: 0, trialNumber });
/** bishop-1 ('11' -> '33') solved in its 3 moves: first pickup at 2000 ms, a move every second. */
const optimalFirstProblem = () =>
  playScriptedProblem(config, at('test', 0), scriptMoves(shortestSolution('11', '33'), 2000, 1000));

const stored = (trial: ReturnType<typeof playScriptedProblem>) => storedTrialOf(trial);

/**
 * A hand-scored run of the first three Bishop problems and the practice problem:
 * - practice '11' -> '22' (minimum 3): solved in 3 moves;
 * - bishop-1 '11' -> '33' (minimum 3): solved in 3 moves, first pickup at 2000 ms, moves every
 *   1000 ms, each drop 300 ms after its lift: solved at 4300 ms, execution (4300 - 2000) / 3;
 * - bishop-2 '122' -> '333' (minimum 4): solved in 6 moves (the smallest disc to peg 3 and back
 *   first), first pickup at 3000 ms; the page lost focus: its times are left out;
 * - bishop-3 '111' -> '322' (minimum 4): one move, one refused drop, one cancel and one
 *   empty-peg tap, then nothing until the 20 s limit: unsolved.
 */
function handScoredRun() {
  const practice = playScriptedProblem(
    config,
    at('practice', 0),
    scriptMoves(
      [
        [1, 3],
        [1, 2],
        [3, 2],
      ],
      1000,
      1000,
    ),
  );
  const first = optimalFirstProblem();
  const second = playScriptedProblem(
    config,
    at('test', 1),
    scriptMoves(
      [
        [2, 3],
        [3, 2],
        [1, 3],
        [2, 1],
        [2, 3],
        [1, 3],
      ],
      3000,
      1000,
    ),
    { interrupted: true },
  );
  const third = playScriptedProblem(config, at('test', 2), [
    { peg: 2, atMs: 3500 }, // empty: an empty-source tap
    { peg: 1, atMs: 4000 }, // lift the smallest disc
    { peg: 1, atMs: 4200 }, // put it back: a cancel
    { peg: 1, atMs: 4500 },
    { peg: 3, atMs: 4800 }, // smallest to the right
    { peg: 1, atMs: 5500 }, // lift the middle disc
    { peg: 3, atMs: 5800 }, // onto the smallest: refused
  ]);
  return [practice, first, second, third];
}

describe('scoreTowerOfHanoi', () => {
  it('scores a hand-computed run', () => {
    const trials = handScoredRun();
    expect(trials.map((t) => [t.solved, t.moves])).toEqual([
      [true, 3],
      [true, 3],
      [true, 6],
      [false, 1],
    ]);
    const scores = score(config, trials.map(stored));
    expect(scores.totalTrials).toBe(3);
    expect(scores.correctTrials).toBe(2);
    // Solution score: (3/3 + 4/6 + 0) / 3 x 100 = 55.56.
    expect(scores.scores.solutionScore).toBeCloseTo((100 * (1 + 4 / 6)) / 3, 10);
    // Headline: 1 of 3 solved in the minimum (bishop-1): floor(100 / 3) = 33.
    expect(scores.overallScore).toBe(33);
    expect(scores.scores).toMatchObject({
      problems: 3,
      solved: 2,
      solvedFirstAttempt: 2,
      optimal: 1,
      totalExcessMoves: 2,
      meanExcessMoves: 1,
      illegalAttempts: 1,
      emptySourceAttempts: 1,
      cancels: 1,
      timedOut: 1,
      moveLimitReached: 0,
      restarted: 0,
      interrupted: 1,
      practice: { solved: true, moves: 3, minMoves: 3 },
    });
    expect(scores.scores.proportionSolved).toBeCloseTo(2 / 3, 12);
    expect(scores.scores.proportionOptimal).toBeCloseTo(1 / 3, 12);
    expect(scores.scores.excessMoveRate).toBeCloseTo(2 / 7, 12);
    expect(scores.scores.meanMoveEfficiency).toBeCloseTo((1 + 4 / 6) / 2, 12);
    // Times of bishop-1 and bishop-3 (bishop-2 was interrupted).
    expect(scores.scores.medianPlanningTimeMs).toBe((2000 + 4000) / 2);
    expect(scores.averageReactionTime).toBe(3000);
    expect(scores.scores.medianFirstMoveTimeMs).toBe((2300 + 4800) / 2);
    expect(scores.scores.medianSolutionTimeMs).toBe(4300);
    expect(scores.scores.medianExecutionTimePerMoveMs).toBeCloseTo(2300 / 3, 9);
    expect(scores.scores.totalTimeMs).toBe(4300 + 8300 + 20_000);
    expect(scores.trialExclusions.filter((t) => t.exclusions.length > 0)).toEqual([
      { phase: 'test', block: 0, trialNumber: 1, exclusions: ['interrupted'] },
    ]);
    // bishop-1 (2 discs) optimal; bishop-2 and -3 (3 discs) not, and only bishop-3's planning.
    expect(scores.reportCells['discs-2']).toEqual({
      trialCount: 1,
      rtTrialCount: 1,
      meanRtMs: 2000,
      errorTrialCount: 1,
      errorRatePercent: 0,
    });
    expect(scores.reportCells['discs-3']).toEqual({
      trialCount: 2,
      rtTrialCount: 1,
      meanRtMs: 4000,
      errorTrialCount: 2,
      errorRatePercent: 100,
    });
    expect(scores.reportCells['discs-4']?.trialCount).toBe(0);
  });

  it('scores from the moves, not from the counts sent beside them', () => {
    const trials = handScoredRun().map(stored);
    const forged = trials.map((t) => ({ ...t, moves: t.minMoves, illegalAttempts: 0 }));
    expect(score(config, forged)).toEqual(score(config, trials));
  });

  it('gives 0 to a run without test problems', () => {
    const scores = score(config, []);
    expect(scores.overallScore).toBe(0);
    expect(scores.scores.solutionScore).toBe(0);
    expect(scores.scores.proportionOptimal).toBeNull();
  });

  it('gives 100 to a run of optimal solutions, and 0 to one with none solved', () => {
    const optimal = optimalFirstProblem();
    expect(score(config, [stored(optimal)]).overallScore).toBe(100);
    const none = playScriptedProblem(config, at('test', 0), []);
    const scores = score(config, [stored(none)]);
    expect(scores.overallScore).toBe(0);
    expect(scores.scores).toMatchObject({
      solved: 0,
      excessMoveRate: null,
      meanMoveEfficiency: null,
      medianPlanningTimeMs: null,
    });
    expect(scores.averageReactionTime).toBeNull();
  });

  it('leaves a problem with a time under its floor out of the time scores and the report RT', () => {
    const trial = stored(optimalFirstProblem());
    const forged = {
      ...trial,
      events: trial.events.map((e) => ({
        ...e,
        atMs: e.atMs * 1e-4,
        sinceLastMs: e.sinceLastMs * 1e-4,
      })),
    };
    const scores = score(config, [forged]);
    expect(scores.averageReactionTime).toBeNull();
    expect(scores.scores.medianPlanningTimeMs).toBeNull();
    expect(scores.scores.medianFirstMoveTimeMs).toBeNull();
    expect(scores.scores.medianSolutionTimeMs).toBeNull();
    expect(scores.scores.medianExecutionTimePerMoveMs).toBeNull();
    // Its moves still count.
    expect(scores.scores.optimal).toBe(1);
    expect(scores.overallScore).toBe(100);
    expect(scores.reportCells['discs-2']).toMatchObject({ trialCount: 1, rtTrialCount: 0 });
    expect(scores.trialExclusions.filter((t) => t.exclusions.length > 0)).toEqual([
      { phase: 'test', block: 0, trialNumber: 0, exclusions: ['tooFast'] },
    ]);
  });

  it('leaves a problem given again after a reload out of the time scores', () => {
    const trial = stored(optimalFirstProblem());
    const scores = score(config, [{ ...trial, restarted: true }]);
    expect(scores.scores.medianPlanningTimeMs).toBeNull();
    expect(scores.scores.optimal).toBe(1);
    expect(scores.trialExclusions.filter((t) => t.exclusions.length > 0)).toEqual([
      { phase: 'test', block: 0, trialNumber: 0, exclusions: ['restarted'] },
    ]);
  });
});
