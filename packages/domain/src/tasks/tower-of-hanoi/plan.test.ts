import { describe, expect, it } from 'vitest';
import { type Config, DEFAULT_CONFIG } from './config';
import { BISHOP_PROBLEMS, plan, problemAt } from './plan';
import { getNextPosition, runOrder } from './run-order';

const config = DEFAULT_CONFIG;
const random: Config = { ...config, problemSet: 'random3' };

describe('the plan', () => {
  it('gives the Bishop et al. (2001) set in order, with the published minimum moves', () => {
    const planned = plan('any', config);
    expect(planned.test.map((p) => p.minMoves)).toEqual([3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9]);
    expect(planned.test.map((p) => p.discs)).toEqual([2, 3, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4]);
    expect(planned.test.map((p) => p.id)).toEqual(BISHOP_PROBLEMS.map((_, i) => `bishop-${i + 1}`));
    expect(planned.practice).toEqual([
      { id: 'practice', discs: 2, start: '11', goal: '22', minMoves: 3 },
    ]);
    // The same for every participant.
    expect(plan('other', config)).toEqual(planned);
  });

  it('gives the classic tower from the left peg to the right', () => {
    const planned = plan('s', { ...config, problemSet: 'classic', classicDiscs: 4 });
    expect(planned.test).toEqual([
      { id: 'classic-4', discs: 4, start: '1111', goal: '3333', minMoves: 15 },
    ]);
  });

  it('draws distinct random 3-disc problems from the seed', () => {
    const planned = plan('seed-a', random);
    expect(planned.test).toHaveLength(10);
    expect(plan('seed-a', random)).toEqual(planned);
    expect(plan('seed-b', random)).not.toEqual(planned);
    const pairs = planned.test.map((p) => `${p.start}>${p.goal}`);
    expect(new Set(pairs).size).toBe(10);
    for (const problem of planned.test) {
      expect(problem.discs).toBe(3);
      expect(problem.start).not.toBe(problem.goal);
      expect(problem.minMoves).toBeGreaterThan(0);
    }
    const many = plan('seed-c', { ...random, randomProblems: 20 });
    expect(new Set(many.test.map((p) => `${p.start}>${p.goal}`)).size).toBe(20);
  });

  it('leaves the practice out when it is off', () => {
    expect(plan('s', { ...config, practice: false }).practice).toEqual([]);
  });
});

describe('the run order', () => {
  it('takes the practice problem, then every test problem, and resumes at the first unsaved', () => {
    const order = runOrder(config);
    expect(order).toHaveLength(14);
    expect(order[0]).toEqual({ phase: 'practice', block: 0, trialNumber: 0 });
    expect(order[13]).toEqual({ phase: 'test', block: 0, trialNumber: 12 });
    const planned = plan('s', config);
    for (const position of order) expect(problemAt(planned, position)).toBeDefined();
    expect(getNextPosition(config, [])).toEqual(order[0]);
    const saved = order.slice(0, 5).map((p) => ({ ...p, isCorrect: false }));
    expect(getNextPosition(config, saved)).toEqual(order[5]);
    const all = order.map((p) => ({ ...p, isCorrect: true }));
    expect(getNextPosition(config, all)).toBeNull();
    expect(runOrder({ ...random, practice: false, randomProblems: 4 })).toHaveLength(4);
  });
});
