import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, MAX_EVENTS } from './config';
import { EXPORT_COLUMNS, exportedEvents } from './export-columns';
import { fixtureRun } from './fixture-run';
import { DEFAULT_PARTICIPANT, simulateParticipant } from './participant';
import { plan } from './plan';
import { playScriptedProblem, scriptMoves } from './testing';
import { findTrialProblems, type Trial, TrialSchema } from './trial';

const config = DEFAULT_CONFIG;
const SEED = 'trial-check';
const planned = plan(SEED, config);
const fixture = fixtureRun(SEED, config);
const check = (trial: Trial) => findTrialProblems(trial, planned, config);
const copy = (trial: Trial): Trial => JSON.parse(JSON.stringify(trial));
const practice = () => copy(fixture[0] as Trial);
const test = (n: number) => copy(fixture[n + 1] as Trial);

describe('findTowerOfHanoiTrialProblems', () => {
  it('accepts every problem of the fixture run and of simulated participants, on every problem set', () => {
    expect(fixture).toHaveLength(14);
    for (const trial of fixture) {
      expect(check(TrialSchema.parse(JSON.parse(JSON.stringify(trial))))).toEqual([]);
    }
    for (const problemSet of ['bishop', 'classic', 'random3'] as const) {
      for (const seed of ['a', 'b']) {
        const runConfig = {
          ...config,
          problemSet,
          classicDiscs: 4,
          maxAttempts: 2,
          timeLimitS: 30,
        };
        const runPlan = plan(seed, runConfig);
        const trials = simulateParticipant(seed, runConfig, {
          ...DEFAULT_PARTICIPANT,
          errorRate: 0.3,
          illegalRate: 0.2,
          cancelRate: 0.2,
          emptySourceRate: 0.2,
        });
        expect(trials.length).toBe(runPlan.practice.length + runPlan.test.length);
        for (const trial of trials) {
          expect(findTrialProblems(trial, runPlan, runConfig)).toEqual([]);
        }
      }
    }
  });

  it('has a cancel, a refused drop, an empty-peg tap and excess moves in the fixture run', () => {
    expect(practice()).toMatchObject({ cancels: 1, illegalAttempts: 1, moves: 3, solved: true });
    expect(test(1)).toMatchObject({ emptySourceAttempts: 1 });
    expect(test(2).moves).toBeGreaterThan(test(2).minMoves);
    expect(fixture.every((t) => t.solved)).toBe(true);
  });

  it('refuses a position the plan lacks, and a problem other than the planned one', () => {
    expect(check({ ...test(0), trialNumber: 13 })).toEqual([
      'trialNumber 13 does not exist in test (0-12)',
    ]);
    expect(check({ ...test(0), block: 1 })).toEqual(['block 1 does not exist (only 0)']);
    const noPractice = plan(SEED, { ...config, practice: false });
    expect(findTrialProblems(practice(), noPractice, config)).toEqual([
      'This run has no practice problem',
    ]);
    expect(check({ ...test(3), goal: '111' })).toEqual(["goal must be '333' for test problem 3"]);
    // Another problem's record at this position: its start is not this one's.
    expect(check({ ...test(3), trialNumber: 4 })).toContain(
      "problemId must be 'bishop-5' for test problem 4",
    );
  });

  it('refuses counts and times that do not follow from the events', () => {
    expect(check({ ...test(2), moves: test(2).minMoves })).toEqual([
      `moves must be ${test(2).moves} by the events`,
    ]);
    expect(check({ ...practice(), cancels: 0, illegalAttempts: 0 })).toEqual([
      'illegalAttempts must be 1 by the events',
      'cancels must be 1 by the events',
    ]);
    const trial = test(0);
    expect(check({ ...trial, reactionTime: (trial.reactionTime as number) + 50 })).toEqual([
      `reactionTime must be ${trial.reactionTime} by the events`,
      'reactionTime must be timing.responseTimestampMs minus timing.stimulusOnsetMs',
    ]);
    expect(check({ ...trial, totalTimeMs: trial.totalTimeMs + 1 })).toEqual([
      'totalTimeMs must be the last event’s atMs',
      'totalTimeMs must be timing.endMs minus timing.stimulusOnsetMs',
    ]);
    expect(check({ ...trial, endReason: 'timeLimit', timedOut: true })).toEqual([
      "endReason must be 'solved'",
    ]);
    expect(check({ ...trial, inputModality: 'touch' })).toEqual([
      "inputModality must be 'mouse', the first input's",
    ]);
  });

  it('refuses a solved flag the final position contradicts', () => {
    const trial = test(0);
    const unsolved = { ...trial, events: trial.events.slice(0, -2), solved: true };
    expect(check(unsolved)).toContain(
      "solved must be false: the discs ended at '32', not the goal '33'",
    );
    expect(check({ ...trial, solved: false, isCorrect: false })).toContain(
      'solved must be true: the last move reached the goal',
    );
  });

  it('refuses an illegal drop recorded as a move, and events after the solution', () => {
    const trial = practice();
    const index = trial.events.findIndex((e) => e.type === 'illegal');
    const event = trial.events[index] as Trial['events'][number];
    Object.assign(event, { type: 'drop', legal: true, after: '33' });
    expect(check(trial)[0]).toBe(
      `events[${index}]: the drop of disc 2 from peg 1 on peg 3 is not legal`,
    );
    const extra = test(0);
    const last = extra.events.at(-1) as Trial['events'][number];
    extra.events.push({
      ...last,
      type: 'pickup',
      to: null,
      from: 3,
      before: '33',
      after: '33',
      sinceLastMs: 0,
    });
    expect(check(extra)).toContain(
      `events[${extra.events.length - 1}]: the problem had already ended (solved)`,
    );
  });

  it('refuses a time-limit end that skips the attempts left', () => {
    const test0 = { phase: 'test', block: 0, trialNumber: 0 } as const;
    const oneAttempt = { ...config, timeLimitS: 10, maxAttempts: 1 };
    // A move, then attempt 1's time runs out: the end of a one-attempt problem.
    const trial = playScriptedProblem(oneAttempt, test0, scriptMoves([[1, 2]], 1000, 400), {
      seed: SEED,
    });
    expect(trial).toMatchObject({ endReason: 'timeLimit', attempts: 1, totalTimeMs: 10_000 });
    expect(findTrialProblems(trial, planned, oneAttempt)).toEqual([]);
    // With two attempts, the engine resets at attempt 1's limit; it never ends the problem there.
    const twoAttempts = { ...oneAttempt, maxAttempts: 2 };
    expect(findTrialProblems(trial, planned, twoAttempts)).toEqual([
      'The time limit ends the problem only in its last attempt: 1 of 2 were begun',
    ]);
  });

  it('keeps a full record within one request to the server', () => {
    // apps/server/src/lib/body-limit.ts: the largest request body the server takes.
    const maxBodyBytes = 64 * 1024;
    const classic = {
      ...config,
      problemSet: 'classic' as const,
      classicDiscs: 5,
      timeLimitS: 600,
      practice: false,
    };
    // Empty-peg taps by keyboard through a whole 600 s attempt, at times with every digit.
    const taps = Array.from({ length: MAX_EVENTS }, (_, i) => ({
      peg: 2 as const,
      atMs: 100_000.123 + i * 1387.337,
      modality: 'keyboard' as const,
    }));
    const trial = playScriptedProblem(classic, { phase: 'test', block: 0, trialNumber: 0 }, taps);
    expect(trial).toMatchObject({ endReason: 'eventLimit', discs: 5 });
    expect(trial.events).toHaveLength(MAX_EVENTS);
    // The record is ASCII, so its length in characters is its size in bytes.
    expect(JSON.stringify(trial)).toMatch(/^[\x20-\x7e]*$/);
    expect(JSON.stringify(trial).length).toBeLessThan(maxBodyBytes);
  });

  it('refuses times that go backwards or reach past the time limit', () => {
    const back = test(0);
    (back.events[2] as Trial['events'][number]).atMs -= 1000;
    expect(check(back)).toContain('events[2]: atMs goes back in time');
    const late = test(0);
    for (const event of late.events) event.atMs += 180_000;
    (late.events[0] as Trial['events'][number]).sinceLastMs += 180_000;
    expect(check(late)).toContain(
      "events[0]: atMs 182000.25 is past the attempt's time limit (180000)",
    );
  });
});

describe('the export columns', () => {
  it('write the events as JSON with their attempt and distance to the goal', () => {
    const trial = { ...test(2), timing: null, flags: [] } as never;
    const column = EXPORT_COLUMNS.find((c) => c.name === 'toh_events');
    const events = JSON.parse(String(column?.value(trial)));
    expect(events).toEqual(exportedEvents(test(2).goal, test(2).events));
    expect(events.at(-1)).toMatchObject({ type: 'drop', attempt: 1, distanceToGoal: 0 });
    const excess = EXPORT_COLUMNS.find((c) => c.name === 'toh_excess_moves');
    expect(excess?.value(trial)).toBe(test(2).moves - test(2).minMoves);
  });
});
