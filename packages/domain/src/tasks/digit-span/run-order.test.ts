import { describe, expect, it } from 'vitest';
import type { SavedTrial } from '../contract';
import { createRng } from '../shared/random';
import { type Config, ConfigSchema, DEFAULT_CONFIG } from './config';
import { type Plan, type Position, plan, plannedTrialAt } from './plan';
import { compareRunOrder, getNextPosition, isPosition, lengthOf, positionKey } from './run-order';

type Walked = Position & {
  isCorrect: boolean;
  /** The list's run-order field, as the server hands it over. */
  fields: { interrupted: boolean };
};

/** A position, as getNextPosition gives it. */
const at = (phase: string, block: number, trialNumber: number) => ({ phase, block, trialNumber });

/** A list saved at a position, answered right unless `isCorrect` says otherwise. */
const savedAt = (
  phase: string,
  block: number,
  trialNumber: number,
  isCorrect: boolean | null = true,
): SavedTrial => ({ ...at(phase, block, trialNumber), isCorrect });

/** How a list was answered: right or not, and whether the page was left during it. */
type Answer = boolean | { isCorrect: boolean; interrupted: boolean };

/** A whole run's positions, in order, answered by `answer`: nextPosition after each. */
function walk(config: Config, answer: (p: Position) => Answer): Walked[] {
  const saved: Walked[] = [];
  for (;;) {
    const next = getNextPosition(config, saved);
    if (!next) return saved;
    if (saved.length > 400) throw new Error('the run does not end');
    const given = answer(next);
    const { isCorrect, interrupted } =
      typeof given === 'boolean' ? { isCorrect: given, interrupted: false } : given;
    saved.push({ ...next, isCorrect, fields: { interrupted } });
  }
}

/**
 * Every ladder rule, checked on one walked run: the rules it breaks, as messages (empty when it
 * keeps them). Plain comparisons, not assertions, so that 100,000 lists are checked quickly.
 */
function ladderProblems(config: Config, run: readonly Walked[]): string[] {
  const problems: string[] = [];
  const fail = (message: string) => problems.push(message);
  const directions =
    config.directions === 'both' ? [0, 1] : [config.directions === 'forward' ? 0 : 1];
  // Run order: the directions in turn, practice before test, numbers in order, no repeats.
  for (let i = 1; i < run.length; i++) {
    if (compareRunOrder(run[i - 1] as Walked, run[i] as Walked) >= 0) fail('run order');
  }
  const blocks = [...new Set(run.map((t) => t.block))];
  if (blocks.join() !== directions.join()) fail(`directions ${blocks}`);
  for (const block of directions) {
    const practice = run.filter((t) => t.block === block && t.phase === 'practice');
    // Practice: lists until one is correct, at most practiceMaxTries, interrupted or not.
    if (practice.some((t, i) => t.trialNumber !== i)) fail('practice numbers');
    const firstCorrect = practice.findIndex((t) => t.isCorrect);
    const practiceGiven = firstCorrect === -1 ? config.practiceMaxTries : firstCorrect + 1;
    if (practice.length !== Math.min(practiceGiven, config.practiceMaxTries)) {
      fail(`practice lists ${practice.length}`);
    }
    const start = block === 0 ? config.forwardStartLength : config.backwardStartLength;
    const max = block === 0 ? config.forwardMaxLength : config.backwardMaxLength;
    const test = run.filter((t) => t.block === block && t.phase === 'test');
    // Interruptions: the first interruptionRepeats interrupted lists of the direction are each
    // followed by a new list in their place (same length and attempt, the next repeat); any
    // later one counts by its answer.
    let repeatsLeft = config.interruptionRepeats;
    const deciding: Walked[] = [];
    test.forEach((t, i) => {
      const at = lengthOf(config, t);
      const next = test[i + 1];
      const following = next && lengthOf(config, next);
      if (t.fields.interrupted && repeatsLeft > 0) {
        repeatsLeft -= 1;
        if (
          !following ||
          following.length !== at.length ||
          following.attempt !== at.attempt ||
          following.repeat !== at.repeat + 1
        ) {
          fail(`no new list after the interrupted ${positionKey(t)}`);
        }
      } else {
        if (following && following.repeat !== 0) fail(`a repeat after ${positionKey(t)}`);
        deciding.push(t);
      }
    });
    // The test lists that decide their places, by length: lengths from the start, one by one,
    // never beyond the maximum.
    const byLength = new Map<number, Walked[]>();
    for (const t of deciding) {
      const { length } = lengthOf(config, t);
      byLength.set(length, [...(byLength.get(length) ?? []), t]);
    }
    const lengths = [...byLength.keys()];
    if (lengths.some((length, i) => length !== start + i || length > max)) fail('lengths');
    lengths.forEach((length, i) => {
      const lists = byLength.get(length) as Walked[];
      // Every list of a length is given.
      const attempts = lists.map((t) => lengthOf(config, t).attempt);
      if (attempts.length !== config.trialsPerLength || attempts.some((a, j) => a !== j + 1)) {
        fail(`attempts at ${length}`);
      }
      // The next length follows exactly when one was correct and the maximum is not reached.
      const isLast = i === lengths.length - 1;
      if (isLast !== (!lists.some((t) => t.isCorrect) || length === max)) {
        fail(`stop rule at ${length}`);
      }
    });
  }
  return problems;
}

describe('the run order', () => {
  it('walks the ladder by its rules over 100,000 lists answered and interrupted at random', () => {
    const configs = [
      DEFAULT_CONFIG,
      ConfigSchema.parse({
        trialsPerLength: 3,
        practiceMaxTries: 1,
        interruptionRepeats: 4,
      }),
      ConfigSchema.parse({ directions: 'backward', trialsPerLength: 1 }),
      ConfigSchema.parse({
        directions: 'forward',
        practiceMaxTries: 0,
        forwardStartLength: 5,
        forwardMaxLength: 6,
        interruptionRepeats: 0,
      }),
    ];
    const plans = configs.map((config, c) => plan(`ladder-${c}`, config));
    const rng = createRng('ladder');
    const problems: string[] = [];
    let lists = 0;
    let stoppedByRule = 0;
    let stoppedAtMax = 0;
    let repeats = 0;
    for (let r = 0; r < 12_000; r++) {
      const c = r % configs.length;
      const config = configs[c] as Config;
      // Each run its own chance of recalling a list, from hopeless to perfect, and of being
      // interrupted during one, from never to often.
      const pCorrect = rng();
      const pInterrupted = rng() < 0.5 ? 0 : rng() * 0.5;
      const run = walk(config, () => ({
        isCorrect: rng() < pCorrect,
        interrupted: rng() < pInterrupted,
      }));
      repeats += run.filter((t) => lengthOf(config, t).repeat > 0).length;
      for (const problem of ladderProblems(config, run)) problems.push(`run ${r}: ${problem}`);
      for (const position of run) {
        if (!isPosition(config, position) || !plannedTrialAt(plans[c] as Plan, config, position)) {
          problems.push(`run ${r}: no planned list at ${positionKey(position)}`);
        }
      }
      const last = run.at(-1) as Walked;
      const lastLength = lengthOf(config, last).length;
      const max = last.block === 0 ? config.forwardMaxLength : config.backwardMaxLength;
      if (last.phase === 'test' && lastLength === max) stoppedAtMax += 1;
      else stoppedByRule += 1;
      lists += run.length;
    }
    expect(problems.slice(0, 10)).toEqual([]);
    expect(lists).toBeGreaterThanOrEqual(100_000);
    expect(stoppedByRule).toBeGreaterThan(1000);
    expect(stoppedAtMax).toBeGreaterThan(1000);
    expect(repeats).toBeGreaterThan(5000);
  });

  it('stops a direction after both lists of a length fail, and gives the 28 lists of a perfect run', () => {
    const config = DEFAULT_CONFIG;
    const perfect = walk(config, () => true);
    expect(perfect.filter((t) => t.phase === 'practice')).toHaveLength(2);
    expect(perfect.filter((t) => t.phase === 'test')).toHaveLength(14 + 14);
    // Right up to 5 forward and 3 backward, wrong from then on.
    const run = walk(
      config,
      (p) => p.phase === 'practice' || lengthOf(config, p).length <= (p.block === 0 ? 5 : 3),
    );
    const lengths = (block: number) =>
      run
        .filter((t) => t.phase === 'test' && t.block === block)
        .map((t) => lengthOf(config, t).length);
    expect(lengths(0)).toEqual([3, 3, 4, 4, 5, 5, 6, 6]);
    expect(lengths(1)).toEqual([2, 2, 3, 3, 4, 4]);
  });

  it('goes on after a wrong first list of a length, and after four wrong practice lists', () => {
    const config = DEFAULT_CONFIG;
    const run = walk(config, (p) => {
      const { length, attempt } = lengthOf(config, p);
      return p.phase === 'test' && attempt === 2 && length < 5;
    });
    expect(run.filter((t) => t.phase === 'practice' && t.block === 0)).toHaveLength(4);
    // Lengths 3 and 4: the second list right; length 5: both wrong, the direction ends. Test
    // numbers are place x 3: each place has room for two new lists after interruptions.
    expect(
      run.filter((t) => t.phase === 'test' && t.block === 0).map((t) => t.trialNumber),
    ).toEqual([0, 3, 6, 9, 12, 15]);
  });

  it('gives the same length again after an interrupted list, twice per direction at most', () => {
    const config = ConfigSchema.parse({ directions: 'forward', practiceMaxTries: 0 });
    // Every list up to 4 digits right, none of 5. Interrupted: the second list of 3 and the
    // first of 4 (right, but an interrupted list counts neither way: each is given again), and
    // both lists of 5, over the limit.
    const interrupted = new Set([3, 6, 12, 15]);
    const run = walk(config, (p) => ({
      isCorrect: lengthOf(config, p).length < 5,
      interrupted: interrupted.has(p.trialNumber),
    }));
    const rows = run.map((t) => {
      const { length, attempt, repeat } = lengthOf(config, t);
      return `${t.trialNumber}: ${length}/${attempt}/${repeat}${t.fields.interrupted ? ' interrupted' : ''}`;
    });
    expect(rows).toEqual([
      '0: 3/1/0',
      '3: 3/2/0 interrupted',
      '4: 3/2/1',
      '6: 4/1/0 interrupted',
      '7: 4/1/1',
      '9: 4/2/0',
      // No repeat left: the interrupted first list of 5 counts (wrong), and so does the second.
      '12: 5/1/0 interrupted',
      '15: 5/2/0 interrupted',
    ]);
    // The same answers under the procedure of task version 1.0.0 (no repeats): every list
    // counts by its answer, the places are numbered one by one.
    const old = ConfigSchema.parse({
      directions: 'forward',
      practiceMaxTries: 0,
      interruptionRepeats: 0,
    });
    const oldRun = walk(old, (p) => ({
      isCorrect: lengthOf(old, p).length < 5,
      interrupted: [1, 2, 4, 5].includes(p.trialNumber),
    }));
    expect(oldRun.map((t) => t.trialNumber)).toEqual([0, 1, 2, 3, 4, 5]);
    // Stored trials without the run-order field (from before it existed) are read as not
    // interrupted.
    const bare = [savedAt('test', 0, 0), savedAt('test', 0, 3)];
    expect(getNextPosition(config, bare)).toEqual(at('test', 0, 6));
  });

  it('resumes after any prefix of a run where the run went on, whatever order the saves came in', () => {
    const config = DEFAULT_CONFIG;
    const rng = createRng('resume');
    for (let r = 0; r < 200; r++) {
      const run = walk(config, () => ({ isCorrect: rng() < 0.7, interrupted: rng() < 0.2 }));
      const cut = Math.floor(rng() * (run.length + 1));
      const prefix: SavedTrial[] = run.slice(0, cut).reverse();
      expect(getNextPosition(config, prefix)).toEqual(
        run[cut]
          ? { phase: run[cut].phase, block: run[cut].block, trialNumber: run[cut].trialNumber }
          : null,
      );
    }
  });

  it('ignores positions the run cannot have, and starts at the first practice list', () => {
    const config = DEFAULT_CONFIG;
    expect(getNextPosition(config, [])).toEqual(at('practice', 0, 0));
    const strange = [savedAt('test', 5, 0), savedAt('warmup', 0, 0), savedAt('practice', 0, 9)];
    expect(getNextPosition(config, strange)).toEqual(at('practice', 0, 0));
    const backwardOnly = ConfigSchema.parse({
      directions: 'backward',
      practiceMaxTries: 0,
    });
    expect(getNextPosition(backwardOnly, [])).toEqual(at('test', 1, 0));
    expect(isPosition(backwardOnly, at('test', 0, 0))).toBe(false);
    // A correctness of null (unknown) counts as not correct.
    const unknown = [0, 1, 2, 3].map((n) => savedAt('practice', 0, n, null));
    expect(getNextPosition(config, unknown)).toEqual(at('test', 0, 0));
  });
});
