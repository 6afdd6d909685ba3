import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attemptLimitMs, type Config, DEFAULT_CONFIG } from './config';
import { createEngine, type Input, nextDueMs, type State, type StepEvent, step } from './engine';
import { plan } from './plan';
import { allPositions, applyMove, type Peg } from './puzzle';
import { findTrialProblems, type Trial, TrialSchema } from './trial';

/**
 * Property tests of the server's check against the engine: whatever a participant does (any
 * pegs in any order, cancels, any pauses, time running out, attempts and move limits), the
 * problem the engine records passes the check; and each way of forging it is refused.
 */

const configArbitrary: fc.Arbitrary<Config> = fc.record({
  problemSet: fc.constantFrom('bishop' as const, 'random3' as const),
  classicDiscs: fc.constant(3),
  randomProblems: fc.constant(10),
  practice: fc.boolean(),
  timeLimitS: fc.integer({ min: 10, max: 40 }),
  maxAttempts: fc.integer({ min: 1, max: 3 }),
  moveLimit: fc.boolean(),
  moveLimitExtra: fc.integer({ min: 0, max: 4 }),
  testFeedback: fc.boolean(),
});

const inputArbitrary = fc.record({
  input: fc.oneof(
    {
      weight: 9,
      arbitrary: fc.constantFrom<Peg>(1, 2, 3).map((peg): Input => ({ kind: 'peg', peg })),
    },
    { weight: 1, arbitrary: fc.constant<Input>({ kind: 'cancel' }) },
  ),
  gapMs: fc.oneof(fc.double({ min: 0, max: 1500, noNaN: true }), fc.integer({ min: 0, max: 4000 })),
  modality: fc.constantFrom('keyboard' as const, 'mouse' as const, 'touch' as const),
});

const caseArbitrary = fc.record({
  config: configArbitrary,
  seed: fc.string({ minLength: 1, maxLength: 8 }),
  problem: fc.nat({ max: 12 }),
  onsetMs: fc.double({ min: 100, max: 1e6, noNaN: true }),
  inputs: fc.array(inputArbitrary, { maxLength: 120 }),
});

/** The test problem (`index` modulo the set) played with `inputs`, then the clock run out. */
type Case = typeof caseArbitrary extends fc.Arbitrary<infer T> ? T : never;

function play(c: Case) {
  const { config } = c;
  const planned = plan(c.seed, config);
  const trialNumber = c.problem % planned.test.length;
  const saved = [
    ...planned.practice.map((_, i) => ({
      phase: 'practice',
      block: 0,
      trialNumber: i,
      isCorrect: true,
    })),
    ...planned.test
      .slice(0, trialNumber)
      .map((_, i) => ({ phase: 'test', block: 0, trialNumber: i, isCorrect: true })),
  ];
  let state: State = createEngine({
    config,
    saved,
    timeOriginMs: 1.7e12,
  }).state;
  const trials: Trial[] = [];
  const send = (event: StepEvent) => {
    const outcome = step(config, planned, state, event);
    state = outcome.state;
    for (const effect of outcome.effects)
      if (effect.type === 'RECORD_TRIAL') trials.push(effect.trial);
  };
  send({ type: 'START', atMs: c.onsetMs - 300 });
  send({ type: 'ONSET', atMs: c.onsetMs, method: 'element-timing' });
  let now = c.onsetMs;
  for (const { input, gapMs, modality } of c.inputs) {
    if (trials.length > 0) break;
    now += gapMs;
    const due = nextDueMs(config, state);
    if (due !== null && now >= due) send({ type: 'TICK', atMs: due });
    if (trials.length > 0) break;
    send({ type: 'INPUT', input, atMs: now, modality });
  }
  while (trials.length === 0) {
    const due = nextDueMs(config, state) as number;
    now = Math.max(now, due);
    send({ type: 'TICK', atMs: now });
  }
  const trial = TrialSchema.parse(JSON.parse(JSON.stringify(trials[0])));
  return {
    trial,
    check: (t: Trial) => findTrialProblems(t, planned, config),
    config,
  };
}

const copy = (trial: Trial): Trial => JSON.parse(JSON.stringify(trial));

describe('the server check against everything the engine records', () => {
  it('accepts every problem the engine records, whatever the participant did', () => {
    fc.assert(
      fc.property(caseArbitrary, (c) => {
        const { trial, check } = play(c);
        expect(check(trial)).toEqual([]);
      }),
      { numRuns: 400 },
    );
  });

  it('refuses positions that do not follow from the moves', () => {
    fc.assert(
      fc.property(caseArbitrary, fc.nat(), fc.nat(), (c, which, other) => {
        const { trial, check } = play(c);
        fc.pre(trial.events.length > 0);
        const forged = copy(trial);
        const event = forged.events[which % forged.events.length] as Trial['events'][number];
        const positions = allPositions(event.after.length).filter((p) => p !== event.after);
        event.after = positions[other % positions.length] as string;
        expect(check(forged)).not.toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses a refused drop recorded as a legal move', () => {
    fc.assert(
      fc.property(caseArbitrary, (c) => {
        const { trial, check } = play(c);
        const index = trial.events.findIndex((e) => e.type === 'illegal');
        fc.pre(index >= 0);
        const forged = copy(trial);
        const event = forged.events[index] as Trial['events'][number];
        // The larger disc put on the smaller one, as if it were allowed.
        const i = event.before.lastIndexOf(String(event.from));
        Object.assign(event, {
          type: 'drop',
          legal: true,
          after: event.before.slice(0, i) + String(event.to) + event.before.slice(i + 1),
        });
        expect(check(forged)).not.toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses a solved flag the final position contradicts', () => {
    fc.assert(
      fc.property(caseArbitrary, (c) => {
        const { trial, check } = play(c);
        const forged = { ...copy(trial), solved: !trial.solved, isCorrect: !trial.solved };
        expect(check(forged)).not.toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  it('refuses times that go backwards, and inputs past the time limit', () => {
    fc.assert(
      fc.property(caseArbitrary, fc.nat(), (c, which) => {
        const { trial, check, config } = play(c);
        fc.pre(trial.events.length > 1);
        const back = copy(trial);
        const i = 1 + (which % (back.events.length - 1));
        const event = back.events[i] as Trial['events'][number];
        event.atMs = (back.events[i - 1]?.atMs as number) - 1;
        event.sinceLastMs = 0;
        expect(check(back)).not.toEqual([]);

        // An input moved past its attempt's limit, with nothing after it to go back in time:
        // only the deadline check can refuse it, and it must, for that event.
        const late = copy(trial);
        const last = late.events.findLastIndex((e) => e.type !== 'reset');
        fc.pre(last >= 0);
        late.events = late.events.slice(0, last + 1);
        const moved = late.events[last] as Trial['events'][number];
        const resets = late.events.filter((e) => e.type === 'reset');
        const deadlineMs = (resets.at(-1)?.atMs ?? 0) + attemptLimitMs(config);
        const shift = deadlineMs + 1 - moved.atMs;
        moved.atMs += shift;
        moved.sinceLastMs += shift;
        expect(check(late)).toContain(
          `events[${last}]: atMs ${moved.atMs} is past the attempt's time limit (${deadlineMs})`,
        );
      }),
      { numRuns: 200 },
    );
  });
});

describe('a forged solution', () => {
  it('is refused when it reaches the goal in fewer moves than the minimum', () => {
    const config = DEFAULT_CONFIG;
    const planned = plan('forge', config);
    const problem = planned.test[12] as (typeof planned.test)[number];
    // One "move" straight from the start to the goal, and the counts to match.
    const event = (type: 'pickup' | 'drop', atMs: number, after: string) => ({
      type,
      disc: 1,
      from: 1 as const,
      to: type === 'drop' ? (3 as const) : null,
      legal: true,
      before: problem.start,
      after,
      atMs,
      sinceLastMs: type === 'drop' ? 500 : 1000,
      modality: 'mouse' as const,
    });
    const forged: Trial = {
      phase: 'test',
      block: 0,
      trialNumber: 12,
      problemId: problem.id,
      discs: problem.discs,
      start: problem.start,
      goal: problem.goal,
      minMoves: problem.minMoves,
      events: [event('pickup', 1000, problem.start), event('drop', 1500, problem.goal)],
      solved: true,
      endReason: 'solved',
      timedOut: false,
      attempts: 1,
      moves: 1,
      totalMoves: 1,
      illegalAttempts: 0,
      emptySourceAttempts: 0,
      cancels: 0,
      firstMoveTimeMs: 1500,
      solutionTimeMs: 1500,
      totalTimeMs: 1500,
      restarted: false,
      response: null,
      reactionTime: 1000,
      isCorrect: true,
      inputModality: 'mouse',
      startTime: '2026-11-01T10:00:00.000Z',
      endTime: '2026-11-01T10:00:01.500Z',
      timing: {
        stimulusOnsetMs: 5000,
        responseTimestampMs: 6000,
        onsetMethod: 'element-timing',
        wasInterrupted: false,
        endMs: 6500,
      },
    };
    const problems = findTrialProblems(forged, planned, config);
    expect(problems).toContain(`A solution takes at least ${problem.minMoves} moves, not 1`);
    expect(problems.some((p) => p.startsWith('events[1]: after must be'))).toBe(true);
    expect(applyMove(problem.start, 1, 3)).not.toBe(problem.goal);
  });
});
