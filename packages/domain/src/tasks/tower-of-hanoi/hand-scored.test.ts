import { describe, expect, it } from 'vitest';
import { storedTrialOf } from '../shared/envelope';
import { DEFAULT_CONFIG } from './config';
import { towerOfHanoiTask } from './definition';
import { type Peg, shortestSolution } from './puzzle';
import { SCORING_VERSION, score } from './scoring';
import { playScriptedProblem, scriptMoves } from './testing';
import type { Trial } from './trial';

/**
 * Hand-scored runs of the methods review's kind (docs/scoring/tower-of-hanoi.md, "Scores" and
 * "Progress"), at the default configuration (the 13 Bishop problems, one attempt of 180 s):
 * (a) the six easiest problems solved in their minimum, the other seven given up (no disc
 *     lifted until the time runs out);
 * (b) all thirteen solved with two extra moves each (the smallest disc moved away and back
 *     first, then a shortest solution).
 * Every problem's first pickup is 2000 ms after its onset and each move takes 1000 ms, its drop
 * 300 ms after its lift. The expected values are worked out by hand below. The headline
 * (scoring version 3) is floor(optimal x 100 / problems), the problems solved in their minimum
 * ("perfect solutions"); the solution score, mean over the problems of (solved ? minimum / moves
 * : 0) x 100, is a task score and a trend.
 */
const config = DEFAULT_CONFIG;

/** The Bishop set as the scoring document lists it: start, goal, minimum. */
const BISHOP: readonly [string, string, number][] = [
  ['11', '33', 3],
  ['122', '333', 4],
  ['111', '322', 4],
  ['123', '333', 5],
  ['111', '321', 5],
  ['113', '333', 6],
  ['111', '331', 6],
  ['111', '333', 7],
  ['111', '211', 7],
  ['2111', '3333', 8],
  ['1111', '2333', 8],
  ['2113', '3333', 9],
  ['1111', '2331', 9],
];

const at = (trialNumber: number) => ({ phase: 'test' as const, block: 0, trialNumber });
const play = (trialNumber: number, moves: [Peg, Peg][]) =>
  playScriptedProblem(config, at(trialNumber), scriptMoves(moves, 2000, 1000));
const givenUp = (trialNumber: number) => playScriptedProblem(config, at(trialNumber), []);

/** The smallest disc from its peg to the next one and back: two moves that change nothing. */
function detour(start: string): [Peg, Peg][] {
  const from = Number(start.at(-1)) as Peg;
  const to = ((from % 3) + 1) as Peg;
  return [
    [from, to],
    [to, from],
  ];
}

/** Run (a): problems 1-6 in their minimum, 7-13 given up. */
const runA = (): Trial[] =>
  BISHOP.map(([start, goal], i) => (i < 6 ? play(i, shortestSolution(start, goal)) : givenUp(i)));

/** Run (b): every problem with the two-move detour first. */
const runB = (): Trial[] =>
  BISHOP.map(([start, goal], i) => play(i, [...detour(start), ...shortestSolution(start, goal)]));

const scoreOf = (trials: readonly Trial[]) =>
  score(
    config,
    trials.map((t) => storedTrialOf(t)),
  );

const trend = (key: string) =>
  towerOfHanoiTask.trendMeasures?.find((m) => m.key === key) as NonNullable<
    typeof towerOfHanoiTask.trendMeasures
  >[number];

describe('hand-scored runs of the review', () => {
  it('(a) six easiest in the minimum, seven given up', () => {
    const trials = runA();
    expect(trials.map((t) => [t.solved, t.moves])).toEqual(
      BISHOP.map(([, , min], i) => (i < 6 ? [true, min] : [false, 0])),
    );
    const score = scoreOf(trials);
    // Solved: 6 of 13; optimal: the same 6 (moves = minimum for each).
    expect(score.totalTrials).toBe(13);
    expect(score.correctTrials).toBe(6);
    expect(score.scores.solved).toBe(6);
    expect(score.scores.optimal).toBe(6);
    // proportionOptimal = 6 / 13 = 0.461538...
    expect(score.scores.proportionOptimal).toBeCloseTo(0.461538, 6);
    // Excess moves: 0 on each solved problem, and the unsolved ones add nothing: 0 in all.
    expect(score.scores.totalExcessMoves).toBe(0);
    expect(score.scores.meanExcessMoves).toBe(0); // 0 / 6
    expect(score.scores.excessMoveRate).toBe(0); // 0 / (3 + 4 + 4 + 5 + 5 + 6 = 27)
    expect(score.scores.meanMoveEfficiency).toBe(1); // each min / moves = 1
    // Headline: 6 perfect solutions of 13: floor(6 x 100 / 13) = floor(600 / 13 = 46.15) = 46.
    expect(score.overallScore).toBe(46);
    // Solution score: (6 x 1 + 7 x 0) / 13 x 100 = 600 / 13 = 46.1538..., the charted trend.
    expect(score.scores.solutionScore).toBeCloseTo(46.1538, 4);
    expect(trend('solutionScore').value(score.scores)).toBeCloseTo(46.1538, 4);
    expect(score.scores.timedOut).toBe(7);
    // Planning: 2000 ms on each of the six with a pickup (the seven given up have none).
    expect(score.scores.medianPlanningTimeMs).toBe(2000);
    expect(score.averageReactionTime).toBe(2000);
  });

  it('(b) all thirteen with two extra moves each', () => {
    const trials = runB();
    expect(trials.map((t) => [t.solved, t.moves])).toEqual(
      BISHOP.map(([, , min]) => [true, min + 2]),
    );
    const score = scoreOf(trials);
    expect(score.correctTrials).toBe(13);
    expect(score.scores.solved).toBe(13);
    // None in its minimum: 0 optimal, 0 %.
    expect(score.scores.optimal).toBe(0);
    expect(score.scores.proportionOptimal).toBe(0);
    // Excess moves: 2 x 13 = 26; per solved problem 26 / 13 = 2; per minimum move 26 / 81
    // (3 + 4 + 4 + 5 + 5 + 6 + 6 + 7 + 7 + 8 + 8 + 9 + 9 = 81) = 0.320988.
    expect(score.scores.totalExcessMoves).toBe(26);
    expect(score.scores.meanExcessMoves).toBe(2);
    expect(score.scores.excessMoveRate).toBeCloseTo(0.320988, 6);
    // Efficiency: 3/5 + 2 x 4/6 + 2 x 5/7 + 2 x 6/8 + 2 x 7/9 + 2 x 8/10 + 2 x 9/11
    // = 0.6 + 1.333333 + 1.428571 + 1.5 + 1.555556 + 1.6 + 1.636364 = 9.653824 (66901 / 6930);
    // mean 9.653824 / 13 = 0.742602.
    expect(score.scores.meanMoveEfficiency).toBeCloseTo(0.742602, 6);
    // Solution score: 0.742602 x 100 = 74.2602, the charted trend.
    expect(score.scores.solutionScore).toBeCloseTo(74.2602, 4);
    expect(trend('solutionScore').value(score.scores)).toBeCloseTo(74.2602, 4);
    // Headline: 0 perfect solutions of 13: floor(0 x 100 / 13) = 0 (scoring version 2 gave the
    // solution score's floor, 74).
    expect(score.overallScore).toBe(0);
    expect(score.scores.medianPlanningTimeMs).toBe(2000);
  });

  it('scores under version 3: all thirteen in the minimum is exactly 100', () => {
    expect(SCORING_VERSION).toBe(3);
    const score = scoreOf(BISHOP.map(([start, goal], i) => play(i, shortestSolution(start, goal))));
    // 13 perfect solutions: floor(1300 / 13) = 100; the solution score 13 x 1 / 13 x 100 = 100.
    expect(score.overallScore).toBe(100);
    expect(score.scores.solutionScore).toBeCloseTo(100, 12);
  });

  it('ranks them: the headline (a) above (b), the solution score (b) above (a)', () => {
    const a = scoreOf(runA());
    const b = scoreOf(runB());
    // Perfect solutions: 6 against 0, each earned by a solution in the minimum, not by giving up.
    expect(a.overallScore).toBeGreaterThan(b.overallScore); // 46 > 0
    expect(a.scores.optimal).toBeGreaterThan(b.scores.optimal); // 6 > 0
    // The solution score credits every solution by its moves: 74.26 > 46.15.
    expect(b.scores.solutionScore).toBeGreaterThan(a.scores.solutionScore);
    // Excess moves reward the run that gave up (0 < 26): read them beside the 6 and 13 solved.
    expect(a.scores.totalExcessMoves).toBeLessThan(b.scores.totalExcessMoves);
  });
});

describe('the headline and the progress measures never reward giving a problem up', () => {
  /** Is `after` no better than `before` on the measure (better: 'higher' or 'lower')? */
  const noBetter = (better: 'higher' | 'lower', before: number | null, after: number | null) =>
    before === null || after === null || (better === 'higher' ? after <= before : after >= before);

  /** The moves measures progress tracking follows: the trends but planning time. */
  const movesMeasures = () =>
    (towerOfHanoiTask.trendMeasures ?? []).filter((m) => m.format !== 'ms');

  it('follows the solution score, not the perfect solutions the overall score already is', () => {
    expect(movesMeasures().map((m) => m.key)).toEqual(['solutionScore']);
    expect(towerOfHanoiTask.trendMeasures?.map((m) => m.key)).toEqual([
      'solutionScore',
      'planningTime',
    ]);
  });

  it('scores run (a) and (b) with any one problem given up no better, the solution score lower', () => {
    for (const [name, base] of [
      ['(a)', runA()],
      ['(b)', runB()],
    ] as const) {
      const baseScore = scoreOf(base);
      for (let k = 0; k < BISHOP.length; k++) {
        const score = scoreOf(base.map((t, i) => (i === k ? givenUp(k) : t)));
        const at = `${name}, problem ${k + 1}`;
        expect(score.overallScore, at).toBeLessThanOrEqual(baseScore.overallScore);
        if (base[k]?.solved) {
          expect(score.scores.solutionScore, at).toBeLessThan(baseScore.scores.solutionScore);
        }
        for (const measure of movesMeasures()) {
          const before = measure.value(baseScore.scores);
          const after = measure.value(score.scores);
          expect(noBetter(measure.better, before, after), `${measure.key}, ${at}`).toBe(true);
        }
      }
    }
  });

  it('lowers the headline of run (a) by giving up one of its perfect solutions', () => {
    // 5 of 13: floor(500 / 13 = 38.46) = 38, below 46.
    const score = scoreOf(runA().map((t, i) => (i === 0 ? givenUp(0) : t)));
    expect(score.overallScore).toBe(38);
  });

  it('scores run (a) no better than (a) with its seven given-up problems solved, two extra moves each', () => {
    const a = scoreOf(runA());
    const b = runB();
    const completed = scoreOf(runA().map((t, i) => (i < 6 ? t : (b[i] as Trial))));
    // The same six perfect solutions: the headline 46 either way.
    expect(completed.overallScore).toBe(a.overallScore);
    // Solution score: (6 x 1 + 6/8 + 2 x 7/9 + 2 x 8/10 + 2 x 9/11) / 13 x 100
    // = (6 + 0.75 + 1.555556 + 1.6 + 1.636364 = 11.541919) / 13 x 100 = 88.78, above 46.15.
    expect(completed.scores.solutionScore).toBeCloseTo(88.784, 3);
    expect(completed.scores.solutionScore).toBeGreaterThan(a.scores.solutionScore);
    for (const measure of movesMeasures()) {
      expect(
        noBetter(measure.better, measure.value(completed.scores), measure.value(a.scores)),
        measure.key,
      ).toBe(true);
    }
  });
});
