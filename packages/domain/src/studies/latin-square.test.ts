import { describe, expect, it } from 'vitest';
import { williamsRows } from './latin-square';

/** How often each ordered pair (a, b) appears with a immediately before b, keyed 'a>b'. */
function adjacentPairs(rows: number[][]): Map<string, number> {
  const pairs = new Map<string, number>();
  for (const row of rows) {
    for (let i = 1; i < row.length; i++) {
      const key = `${row[i - 1]}>${row[i]}`;
      pairs.set(key, (pairs.get(key) ?? 0) + 1);
    }
  }
  return pairs;
}

describe('the balanced Latin square (Williams design)', () => {
  it('gives the textbook square for four conditions', () => {
    expect(williamsRows(4)).toEqual([
      [0, 1, 3, 2],
      [1, 2, 0, 3],
      [2, 3, 1, 0],
      [3, 0, 2, 1],
    ]);
  });

  it('gives the square and its mirror for three conditions', () => {
    expect(williamsRows(3)).toEqual([
      [0, 1, 2],
      [1, 2, 0],
      [2, 0, 1],
      [2, 1, 0],
      [0, 2, 1],
      [1, 0, 2],
    ]);
  });

  it.each(Array.from({ length: 15 }, (_, i) => i + 2))(
    'balances order and carry-over for %i conditions',
    (n) => {
      const rows = williamsRows(n);
      const isOdd = n % 2 === 1;
      expect(rows).toHaveLength(isOdd ? 2 * n : n);
      // Each row a permutation; each condition equally often in each position.
      for (const row of rows) expect([...row].sort((a, b) => a - b)).toEqual([...Array(n).keys()]);
      for (let position = 0; position < n; position++) {
        const counts = new Map<number, number>();
        for (const row of rows)
          counts.set(row[position] ?? -1, (counts.get(row[position] ?? -1) ?? 0) + 1);
        expect(counts.size).toBe(n);
        expect(new Set(counts.values())).toEqual(new Set([isOdd ? 2 : 1]));
      }
      // Every ordered pair immediately one after the other equally often: once, or twice.
      const pairs = adjacentPairs(rows);
      expect(pairs.size).toBe(n * (n - 1));
      expect(new Set(pairs.values())).toEqual(new Set([isOdd ? 2 : 1]));
    },
  );

  it('has one row for one condition and refuses what is not a count', () => {
    expect(williamsRows(1)).toEqual([[0]]);
    for (const n of [0, -1, 2.5, Number.NaN]) expect(() => williamsRows(n)).toThrow();
  });
});
