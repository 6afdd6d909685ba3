import { describe, expect, it } from 'vitest';
import type { RunScore } from '../contract';
import { storedTrialOf } from '../shared/envelope';
import { createRng } from '../shared/random';
import { mean, median } from '../shared/statistics';
import { DEFAULT_CONFIG } from './config';
import { DEFAULT_PARTICIPANT, simulateParticipant } from './participant';
import { getTrialFlags } from './plausibility';
import { shortestSolution } from './puzzle';
import { REPORT_CELLS, type Scores, score } from './scoring';
import { playScriptedProblem, scriptMoves } from './testing';
import type { Trial } from './trial';

/**
 * Every time score, and every report cell's RT, recomputed from the stored trials and the run's
 * `trialExclusions` alone (docs/scoring/tower-of-hanoi.md, "Exclusions"): a test problem is
 * timed exactly when trialExclusions does not list it; the planning time is the trial's
 * reactionTime, the first-move and solution times its own fields, the time per move the solving
 * attempt's first pickup to the solving drop over its moves, and the total time every test
 * problem's totalTimeMs, excluded or not (a duration, not a measure of planning). It also checks
 * that each reason the scores leave a problem out for (restarted, interrupted, a time under its
 * floor) is listed for that problem, and nothing else is.
 */

const config = { ...DEFAULT_CONFIG, timeLimitS: 30 };

const present = (values: readonly (number | null)[]) =>
  values.filter((v): v is number => v !== null);

/** The solving attempt's first pickup to its solving drop, per move. */
function executionPerMove(trial: Trial): number {
  const lastReset = trial.events.findLastIndex((e) => e.type === 'reset');
  const attempt = trial.events.slice(lastReset + 1);
  const firstPickup = attempt.find((e) => e.type === 'pickup')?.atMs as number;
  return ((trial.solutionTimeMs as number) - firstPickup) / trial.moves;
}

type Stored = ReturnType<typeof storedTrialOf<Trial>>;

/** The reasons a problem is left out of the time scores, read from the trial itself. */
function reasonsOf(trial: Stored): string[] {
  const reasons: string[] = [];
  if (trial.restarted) reasons.push('restarted');
  if (trial.timing?.wasInterrupted) reasons.push('interrupted');
  if (getTrialFlags(trial).includes('tooFast')) reasons.push('tooFast');
  return reasons;
}

function expectScoresFollowExclusions(trials: readonly Stored[], score: RunScore<Scores>) {
  const listed = new Map(
    score.trialExclusions
      .filter((t) => t.exclusions.length > 0)
      .map((t) => [`${t.phase}:${t.block}:${t.trialNumber}`, t.exclusions]),
  );
  const test = trials.filter((t) => t.phase === 'test');
  for (const trial of test) {
    const key = `test:${trial.block}:${trial.trialNumber}`;
    expect(listed.get(key) ?? [], key).toEqual(reasonsOf(trial));
  }
  expect(score.trialExclusions.every((t) => t.phase === 'test')).toBe(true);
  const timed = test.filter((t) => !listed.has(`test:${t.block}:${t.trialNumber}`));
  const timedSolved = timed.filter((t) => t.solved);
  const planning = present(timed.map((t) => t.reactionTime));
  const { scores } = score;
  expect(score.averageReactionTime).toBe(mean(planning));
  expect(scores.medianPlanningTimeMs).toBe(median(planning));
  expect(scores.medianFirstMoveTimeMs).toBe(median(present(timed.map((t) => t.firstMoveTimeMs))));
  expect(scores.medianSolutionTimeMs).toBe(
    median(present(timedSolved.map((t) => t.solutionTimeMs))),
  );
  const execution = median(timedSolved.map(executionPerMove));
  if (execution === null) expect(scores.medianExecutionTimePerMoveMs).toBeNull();
  else expect(scores.medianExecutionTimePerMoveMs).toBeCloseTo(execution, 9);
  expect(scores.totalTimeMs).toBe(test.reduce((sum, t) => sum + t.totalTimeMs, 0));
  const count = (reason: string) =>
    score.trialExclusions.filter((t) => t.exclusions.includes(reason)).length;
  expect(scores.restarted).toBe(count('restarted'));
  expect(scores.interrupted).toBe(count('interrupted'));
  for (const { key } of REPORT_CELLS) {
    const inCell = (t: Stored) => `discs-${t.discs}` === key;
    const cellPlanning = present(timed.filter(inCell).map((t) => t.reactionTime));
    expect(score.reportCells[key], key).toMatchObject({
      trialCount: test.filter(inCell).length,
      rtTrialCount: cellPlanning.length,
      meanRtMs: mean(cellPlanning),
    });
  }
}

const at = (trialNumber: number) => ({ phase: 'test' as const, block: 0, trialNumber });

/**
 * The first six Bishop problems, one of each kind: timed and optimal; restarted after a reload;
 * interrupted; a first pickup 60 ms after the onset (under the 100 ms floor); a drop 20 ms after
 * its lift (under the 50 ms floor), restarted as well; and unsolved with one move.
 */
function scriptedRun(): Stored[] {
  const solve = (n: number, start: string, goal: string, firstMs: number, liftMs = 300) =>
    playScriptedProblem(
      config,
      at(n),
      scriptMoves(shortestSolution(start, goal), firstMs, 1000, liftMs),
    );
  const trials: Trial[] = [
    solve(0, '11', '33', 2000),
    { ...solve(1, '122', '333', 2500), restarted: true },
    playScriptedProblem(config, at(2), scriptMoves(shortestSolution('111', '322'), 3000, 1000), {
      interrupted: true,
    }),
    solve(3, '123', '333', 60),
    { ...solve(4, '111', '321', 4000, 20), restarted: true },
    playScriptedProblem(config, at(5), [
      { peg: 3, atMs: 5000 },
      { peg: 1, atMs: 5400 },
    ]),
  ];
  return trials.map((t) => storedTrialOf(t));
}

describe('the time scores and report cells follow the trials’ exclusions', () => {
  it('recomputes every time score of a run with each kind of exclusion', () => {
    const trials = scriptedRun();
    const scores = score(config, trials);
    expect(scores.trialExclusions.filter((t) => t.exclusions.length > 0)).toEqual([
      { phase: 'test', block: 0, trialNumber: 1, exclusions: ['restarted'] },
      { phase: 'test', block: 0, trialNumber: 2, exclusions: ['interrupted'] },
      { phase: 'test', block: 0, trialNumber: 3, exclusions: ['tooFast'] },
      { phase: 'test', block: 0, trialNumber: 4, exclusions: ['restarted', 'tooFast'] },
    ]);
    expectScoresFollowExclusions(trials, scores);
  });

  it('recomputes them over 20 simulated runs, with problems restarted and interrupted at random', () => {
    const rng = createRng('exclusions');
    for (let run = 0; run < 20; run++) {
      const trials = simulateParticipant(
        `exclusions-${run}`,
        DEFAULT_CONFIG,
        DEFAULT_PARTICIPANT,
      ).map((trial) => {
        const restarted = rng() < 0.15;
        const interrupted = rng() < 0.15;
        return storedTrialOf({
          ...trial,
          restarted,
          timing: { ...trial.timing, wasInterrupted: interrupted },
        });
      });
      const scores = score(DEFAULT_CONFIG, trials);
      expectScoresFollowExclusions(trials, scores);
    }
  });
});
