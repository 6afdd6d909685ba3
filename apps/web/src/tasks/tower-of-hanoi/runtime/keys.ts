import type { Peg } from '@cogni/domain/tasks/tower-of-hanoi';
import { isActivationKey } from './board';

/** How a key moves the focus over the pegs: a peg to the left or right, or to either end. */
export type FocusMove = 'previous' | 'next' | 'first' | 'last';

/**
 * The keys of the task: 1-3 (either row), the keys that move the focus over the pegs, Enter or
 * Space (choose the focused peg), and Esc.
 */
export type KeyResponse = `peg-${Peg}` | FocusMove | 'choose' | 'cancel';

/**
 * The key a keyboard event stands for: 1, 2 and 3 choose a peg at once (top row or keypad);
 * Left and Right move the focus one peg (Home and End to the left and right peg), where Enter or
 * Space chooses it; Esc puts a lifted disc back.
 */
export function readTowerOfHanoiKey(
  event: Pick<KeyboardEvent, 'code' | 'key'>,
): KeyResponse | null {
  const digit = /^(?:Digit|Numpad)([1-3])$/.exec(event.code)?.[1] ?? /^[1-3]$/.exec(event.key)?.[0];
  if (digit) return `peg-${Number(digit) as Peg}`;
  if (event.key === 'ArrowLeft') return 'previous';
  if (event.key === 'ArrowRight') return 'next';
  if (event.key === 'Home') return 'first';
  if (event.key === 'End') return 'last';
  if (isActivationKey(event)) return 'choose';
  if (event.key === 'Escape') return 'cancel';
  return null;
}

/** The peg the focus goes to from `peg` by `move`: one peg over, stopping at the ends. */
export function movedFocus(peg: Peg, move: FocusMove): Peg {
  if (move === 'first') return 1;
  if (move === 'last') return 3;
  return Math.min(3, Math.max(1, peg + (move === 'next' ? 1 : -1))) as Peg;
}
