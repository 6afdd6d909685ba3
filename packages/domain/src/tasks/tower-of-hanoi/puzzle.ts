/**
 * The puzzle itself: three pegs and n discs of distinct sizes (Lucas 1883). A position is fully
 * given by the peg of each disc, since the order on a peg is forced by size, so it is written as
 * a string of peg numbers from the largest disc to the smallest: '123' has the largest disc on
 * peg 1, the middle one on peg 2 and the smallest on peg 3. Pegs are numbered 1-3 from the left,
 * as the keys that choose them. Discs are named by size, 1 the smallest: disc d is the character
 * at index n - d.
 */

/** A peg: 1 left, 2 middle, 3 right. */
export const PEGS = [1, 2, 3] as const;
export type Peg = (typeof PEGS)[number];

/** The most and the fewest discs a problem has. */
export const MIN_DISCS = 1;
export const MAX_DISCS = 5;

/** A position's text: one peg number (1-3) per disc, the largest disc first. */
export const POSITION_PATTERN = /^[1-3]{1,5}$/;

export function isPeg(value: unknown): value is Peg {
  return value === 1 || value === 2 || value === 3;
}

/** The disc (1 = the smallest) at index `index` of a position of `n` discs. */
export const discAt = (n: number, index: number) => n - index;

/** The index in a position of `n` discs of disc `disc` (1 = the smallest). */
export const indexOfDisc = (n: number, disc: number) => n - disc;

/** The smallest disc on `peg` (the one on top), or null when the peg is empty. */
export function topDisc(position: string, peg: Peg): number | null {
  const index = position.lastIndexOf(String(peg));
  return index === -1 ? null : discAt(position.length, index);
}

/** How many discs are on `peg`. */
export function discsOn(position: string, peg: Peg): number {
  let count = 0;
  for (const c of position) if (c === String(peg)) count += 1;
  return count;
}

/** The discs on `peg`, from the bottom (largest) to the top (smallest). */
export function stackOf(position: string, peg: Peg): number[] {
  const discs: number[] = [];
  for (let i = 0; i < position.length; i++) {
    if (position[i] === String(peg)) discs.push(discAt(position.length, i));
  }
  return discs;
}

/**
 * Whether the top disc of `from` may go onto `to`: `from` has a disc, `to` is another peg, and
 * `to` is empty or its top disc is larger (never a larger disc on a smaller one).
 */
export function isLegalMove(position: string, from: Peg, to: Peg): boolean {
  if (from === to) return false;
  const moving = topDisc(position, from);
  if (moving === null) return false;
  const below = topDisc(position, to);
  return below === null || below > moving;
}

/** The position after moving the top disc of `from` to `to`; the move must be legal. */
export function applyMove(position: string, from: Peg, to: Peg): string {
  const index = position.lastIndexOf(String(from));
  return `${position.slice(0, index)}${to}${position.slice(index + 1)}`;
}

/** Every legal move from `position`, as [from, to]. */
export function legalMoves(position: string): [Peg, Peg][] {
  const moves: [Peg, Peg][] = [];
  for (const from of PEGS) {
    for (const to of PEGS) if (isLegalMove(position, from, to)) moves.push([from, to]);
  }
  return moves;
}

/** All 3^n positions of n discs, in increasing order of their text. */
export function allPositions(n: number): string[] {
  let positions = [''];
  for (let i = 0; i < n; i++) positions = positions.flatMap((p) => PEGS.map((peg) => `${p}${peg}`));
  return positions;
}

/** A position with every disc on `peg`: a tower. */
export const tower = (n: number, peg: Peg) => String(peg).repeat(n);

/** Distance tables by goal: every goal's table is made once (at most 363 goals exist). */
const distanceTables = new Map<string, ReadonlyMap<string, number>>();

/**
 * The fewest moves from every position to `goal`, by breadth-first search over the 3^n
 * positions from the goal (a move can always be undone, so the distance is the same both ways).
 * Computed once per goal. The formula 2^n - 1 holds only between two towers.
 */
export function distancesTo(goal: string): ReadonlyMap<string, number> {
  const known = distanceTables.get(goal);
  if (known) return known;
  if (!POSITION_PATTERN.test(goal)) throw new Error(`'${goal}' is not a position`);
  const distances = new Map<string, number>([[goal, 0]]);
  let frontier = [goal];
  for (let depth = 1; frontier.length > 0; depth++) {
    const next: string[] = [];
    for (const position of frontier) {
      for (const [from, to] of legalMoves(position)) {
        const after = applyMove(position, from, to);
        if (!distances.has(after)) {
          distances.set(after, depth);
          next.push(after);
        }
      }
    }
    frontier = next;
  }
  distanceTables.set(goal, distances);
  return distances;
}

/** The fewest moves from `start` to `goal` (breadth-first search). */
export function minimumMoves(start: string, goal: string): number {
  if (start.length !== goal.length) throw new Error('start and goal have different discs');
  const distance = distancesTo(goal).get(start);
  if (distance === undefined) throw new Error(`'${start}' is not a position`);
  return distance;
}

/** The moves from `position` that bring it one move nearer to `goal`. */
export function optimalMoves(position: string, goal: string): [Peg, Peg][] {
  const distances = distancesTo(goal);
  const here = distances.get(position) as number;
  return legalMoves(position).filter(
    ([from, to]) => distances.get(applyMove(position, from, to)) === here - 1,
  );
}

/** One shortest solution from `start` to `goal`: the first optimal move at every step. */
export function shortestSolution(start: string, goal: string): [Peg, Peg][] {
  const moves: [Peg, Peg][] = [];
  let position = start;
  while (position !== goal) {
    const move = optimalMoves(position, goal)[0] as [Peg, Peg];
    moves.push(move);
    position = applyMove(position, move[0], move[1]);
  }
  return moves;
}
