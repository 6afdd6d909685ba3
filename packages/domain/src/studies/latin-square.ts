/**
 * The rows of a balanced Latin square for `n` conditions (Williams 1949): in each row every
 * condition once, every condition in every position equally often, and every condition
 * immediately before every other equally often (first-order carry-over balanced). For an even
 * `n` the square's n rows do it, each ordered pair adjacent once; for an odd `n` no square
 * can, so the square and its mirror (each row reversed) give 2n rows, each pair adjacent twice.
 *
 * Row r is the first row with r added to each entry (mod n); the first row alternates from the
 * ends: 0, 1, n-1, 2, n-2, ... Conditions are 0 .. n-1.
 */
export function williamsRows(n: number): number[][] {
  if (!Number.isInteger(n) || n < 1) throw new Error(`williamsRows(${n}): a whole number from 1`);
  const first = [0];
  let low = 1;
  let high = n - 1;
  for (let position = 1; position < n; position++) {
    first.push(position % 2 === 1 ? low++ : high--);
  }
  const rows = Array.from({ length: n }, (_, r) => first.map((condition) => (condition + r) % n));
  if (n % 2 === 0 || n === 1) return rows;
  return [...rows, ...rows.map((row) => [...row].reverse())];
}
