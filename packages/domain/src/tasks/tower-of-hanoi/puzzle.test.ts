import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from './config';
import { plan } from './plan';
import {
  allPositions,
  applyMove,
  discsOn,
  isLegalMove,
  legalMoves,
  minimumMoves,
  type Peg,
  shortestSolution,
  stackOf,
  topDisc,
  tower,
} from './puzzle';

/**
 * The fewest moves by iterative deepening: a depth-first search of every move sequence up to a
 * depth, one depth after another, with nothing shared with the breadth-first solver but the
 * rules (written out again here).
 */
function bruteForceMinimum(start: string, goal: string): number {
  const n = start.length;
  const top = (position: string, peg: string) => {
    const i = position.lastIndexOf(peg);
    return i === -1 ? Number.POSITIVE_INFINITY : n - i;
  };
  const search = (position: string, depth: number, previous: string | null): boolean => {
    if (position === goal) return true;
    if (depth === 0) return false;
    for (const from of '123') {
      for (const to of '123') {
        if (from === to || top(position, from) === Number.POSITIVE_INFINITY) continue;
        if (top(position, to) < top(position, from)) continue;
        const i = position.lastIndexOf(from);
        const after = position.slice(0, i) + to + position.slice(i + 1);
        if (after === previous) continue;
        if (search(after, depth - 1, position)) return true;
      }
    }
    return false;
  };
  for (let depth = 0; ; depth++) if (search(start, depth, null)) return depth;
}

describe('the rules', () => {
  it('reads a position: the peg of each disc, the largest first', () => {
    expect(topDisc('123', 1)).toBe(3);
    expect(topDisc('123', 3)).toBe(1);
    expect(topDisc('113', 1)).toBe(2);
    expect(topDisc('113', 2)).toBeNull();
    expect(stackOf('1131', 1)).toEqual([4, 3, 1]);
    expect(discsOn('1131', 1)).toBe(3);
    expect(tower(4, 2)).toBe('2222');
  });

  it('moves only a top disc, never onto a smaller one, never onto its own peg', () => {
    expect(isLegalMove('111', 1, 2)).toBe(true);
    expect(isLegalMove('113', 1, 3)).toBe(false); // the middle disc onto the smallest
    expect(isLegalMove('113', 3, 1)).toBe(true);
    expect(isLegalMove('113', 2, 1)).toBe(false); // from an empty peg
    expect(isLegalMove('113', 1, 1)).toBe(false);
    expect(applyMove('111', 1, 3)).toBe('113');
    expect(applyMove('113', 1, 2)).toBe('123');
    expect(legalMoves('111')).toEqual([
      [1, 2],
      [1, 3],
    ]);
    expect(legalMoves('123')).toHaveLength(3);
  });

  it('enumerates 3^n positions', () => {
    expect(allPositions(3)).toHaveLength(27);
    expect(new Set(allPositions(5)).size).toBe(243);
  });
});

describe('the breadth-first solver', () => {
  it('agrees with an independent brute force on every pair of 3-disc positions', () => {
    for (const start of allPositions(3)) {
      for (const goal of allPositions(3)) {
        expect(minimumMoves(start, goal), `${start} -> ${goal}`).toBe(
          bruteForceMinimum(start, goal),
        );
      }
    }
  });

  it('agrees with the brute force on every problem of the Bishop and random sets, practice included', () => {
    const configs = [
      DEFAULT_CONFIG,
      ...['a', 'b', 'c'].map(() => ({
        ...DEFAULT_CONFIG,
        problemSet: 'random3' as const,
      })),
    ];
    let checked = 0;
    for (const [i, config] of configs.entries()) {
      const planned = plan(`seed-${i}`, config);
      for (const problem of [...planned.practice, ...planned.test]) {
        expect(problem.minMoves, problem.id).toBe(bruteForceMinimum(problem.start, problem.goal));
        checked += 1;
      }
    }
    expect(checked).toBe(14 + 3 * 11);
  });

  it('gives the classic towers their 2^n - 1 moves', () => {
    for (const classicDiscs of [3, 4, 5]) {
      const config = {
        ...DEFAULT_CONFIG,
        problemSet: 'classic' as const,
        classicDiscs,
      };
      expect(plan('s', config).test[0]?.minMoves).toBe(2 ** classicDiscs - 1);
    }
  });

  it('gives 2^n - 1 between two towers, and a shortest solution of that length', () => {
    for (const n of [1, 2, 3, 4, 5]) {
      expect(minimumMoves(tower(n, 1), tower(n, 3))).toBe(2 ** n - 1);
      const moves = shortestSolution(tower(n, 1), tower(n, 3));
      expect(moves).toHaveLength(2 ** n - 1);
      let position = tower(n, 1);
      for (const [from, to] of moves) {
        expect(isLegalMove(position, from as Peg, to as Peg)).toBe(true);
        position = applyMove(position, from, to);
      }
      expect(position).toBe(tower(n, 3));
    }
  });
});
