import type { Rng } from '../shared/random';
import { shuffle } from '../shared/random';
import { spreadOverGaps } from '../shared/spread';

/**
 * The layout of a block: what each position is (a filler, a target, a plain non-target or a
 * lure), before any letter is drawn. Separate from plan.ts so that the settings can check, with
 * the very construction the planner falls back on, that a block's lures fit.
 *
 * Why a layout that keeps these rules always gets its letters (plan.ts draws them): in a block
 * with lures every free letter (a filler's or a plain non-target's, drawn rather than copied)
 * differs from the letter just before it, and a plain non-target's also from the letters n,
 * n-1 and n+1 back: at most 4 of the 8 letters are excluded, so one is always left. A lure's
 * partner (canHoldLure: the item n back of an n+1 lure, the item n-1 back of an n-1 lure) is
 * free, so its letter differs from the one before it; for an n+1 lure those two are the item n
 * back and the letter the lure copies, for an n-1 lure the letter it copies and the item n back:
 * either way the lure is not the letter n back. A free letter never repeats the one before, so a
 * run of one letter grows only through copied letters (targets and lures), and with never three
 * of those in a row no letter is shown four times in a row.
 */

/** A trial's kind in a planned block (a code's high part, see plan.ts). */
export const FILLER = 0;
export const TARGET = 1;
export const NONTARGET = 2;
export const LURE_N_MINUS_1 = 3;
export const LURE_N_PLUS_1 = 4;

/** No block has more than this many targets in a row. */
export const MAX_TARGET_RUN = 2;

/** The trial counts of one block: n fillers, then the scored trials with their targets. */
export type BlockCounts = {
  n: number;
  fillers: number;
  scored: number;
  targets: number;
  /** Lures copying the item n-1 back and the item n+1 back. */
  luresNMinus1: number;
  luresNPlus1: number;
};

/** A test block's lures split by kind: half n-1, half n+1 (an odd one n+1); all n+1 at level 1. */
export function splitLures(lures: number, n: number): { nMinus1: number; nPlus1: number } {
  // At level 1 the item n-1 back is the letter itself: only n+1 lures exist.
  const nMinus1 = n === 1 ? 0 : Math.floor(lures / 2);
  return { nMinus1, nPlus1: lures - nMinus1 };
}

/** A free position: a filler or a plain non-target, whose letter is drawn, not copied. */
const isFree = (kinds: Uint8Array, i: number) => kinds[i] === FILLER || kinds[i] === NONTARGET;

/** A copied letter: a target's or a lure's. */
const isCopied = (kinds: Uint8Array, i: number) =>
  kinds[i] === TARGET || kinds[i] === LURE_N_MINUS_1 || kinds[i] === LURE_N_PLUS_1;

/**
 * Can a plain non-target at `i` become a lure of `kind`? Its partner (the item n back for an
 * n+1 lure, which also needs an item n+1 back; the item n-1 back for an n-1 lure) must be free,
 * no lure placed already may have `i` as its partner, and no three copied letters may stand in
 * a row.
 */
function canHoldLure(kinds: Uint8Array, i: number, kind: number, n: number): boolean {
  if (kinds[i] !== NONTARGET) return false;
  if (kind === LURE_N_PLUS_1 ? i - n - 1 < 0 || !isFree(kinds, i - n) : !isFree(kinds, i - n + 1)) {
    return false;
  }
  if (kinds[i + n] === LURE_N_PLUS_1 || kinds[i + n - 1] === LURE_N_MINUS_1) return false;
  const copied = (k: number) => isCopied(kinds, i + k);
  return !((copied(-2) && copied(-1)) || (copied(-1) && copied(1)) || (copied(1) && copied(2)));
}

/**
 * A random layout: fillers, then targets spread with at most 2 in a row (every such layout
 * equally likely), then the lures on shuffled non-targets that can hold them; null when the
 * lures found no room in this layout.
 */
export function drawLayout(rng: Rng, counts: BlockCounts): Uint8Array | null {
  const { fillers, scored, targets } = counts;
  const kinds = new Uint8Array(fillers + scored).fill(NONTARGET);
  kinds.fill(FILLER, 0, fillers);
  // Targets go in the gaps around the non-targets: before the first, between two, after the last.
  const perGap = spreadOverGaps(rng, targets, scored - targets + 1, MAX_TARGET_RUN, 'targets');
  let position = fillers;
  perGap.forEach((inGap, gap) => {
    for (let i = 0; i < inGap; i++) kinds[position++] = TARGET;
    if (gap < perGap.length - 1) position++;
  });
  const nonTargets: number[] = [];
  kinds.forEach((kind, i) => {
    if (kind === NONTARGET) nonTargets.push(i);
  });
  const shuffled = shuffle(nonTargets, rng);
  const lures = [
    { kind: LURE_N_MINUS_1, count: counts.luresNMinus1 },
    { kind: LURE_N_PLUS_1, count: counts.luresNPlus1 },
  ];
  for (const { kind, count } of lures) {
    let placed = 0;
    for (const i of shuffled) {
      if (placed === count) break;
      if (!canHoldLure(kinds, i, kind, counts.n)) continue;
      kinds[i] = kind;
      placed += 1;
    }
    if (placed < count) return null;
  }
  return kinds;
}

/**
 * The layout the planner falls back on when random layouts leave its lures no room, and by
 * which the settings judge whether they fit: the targets packed at the block's end, each pair
 * (or the last single one) after a plain non-target; before them, left to right, a lure on
 * every non-target that can hold one, of the kind with more still to place. Null when the lures
 * do not all fit. No randomness: the letters drawn on it still are.
 */
export function packedLayout(counts: BlockCounts): Uint8Array | null {
  const { fillers, scored, targets } = counts;
  const tail = targets + Math.ceil(targets / MAX_TARGET_RUN);
  if (tail > scored) return null;
  const kinds = new Uint8Array(fillers + scored).fill(NONTARGET);
  kinds.fill(FILLER, 0, fillers);
  const tailStart = kinds.length - tail;
  for (let i = tailStart, left = targets; left > 0; left -= MAX_TARGET_RUN) {
    i += 1;
    for (let k = 0; k < Math.min(left, MAX_TARGET_RUN); k++) kinds[i++] = TARGET;
  }
  const left = { [LURE_N_MINUS_1]: counts.luresNMinus1, [LURE_N_PLUS_1]: counts.luresNPlus1 };
  for (let i = fillers; i < tailStart && left[LURE_N_MINUS_1] + left[LURE_N_PLUS_1] > 0; i++) {
    const fits = [LURE_N_MINUS_1, LURE_N_PLUS_1] as const;
    const kind = fits
      .filter((k) => left[k] > 0 && canHoldLure(kinds, i, k, counts.n))
      .sort((a, b) => left[b] - left[a])[0];
    if (kind === undefined) continue;
    kinds[i] = kind;
    left[kind] -= 1;
  }
  return left[LURE_N_MINUS_1] + left[LURE_N_PLUS_1] === 0 ? kinds : null;
}

/**
 * The most lures, up to `below` - 1, the packed layout of a test block at level `n` holds with
 * `scored` scored trials and `targets` targets (split as splitLures does).
 */
export function mostPackedLures(n: number, scored: number, targets: number, below: number): number {
  for (let lures = below - 1; lures > 0; lures--) {
    const split = splitLures(lures, n);
    const counts = {
      n,
      fillers: n,
      scored,
      targets,
      luresNMinus1: split.nMinus1,
      luresNPlus1: split.nPlus1,
    };
    if (packedLayout(counts)) return lures;
  }
  return 0;
}
