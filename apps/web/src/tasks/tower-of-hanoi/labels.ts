import type { ENVELOPE_KEYS, ResultTrial, RunSummary } from '@cogni/domain';
import {
  type EndReason,
  type Event,
  type Peg,
  type Scores,
  stackOf,
  type Trial,
} from '@cogni/domain/tasks/tower-of-hanoi';

/** The pegs as people name them, left to right (keys 1, 2, 3). */
export const PEG_NAMES: Record<Peg, string> = { 1: 'left', 2: 'middle', 3: 'right' };

const DISC_NAMES: Record<number, readonly string[]> = {
  1: ['disc'],
  2: ['small', 'large'],
  3: ['small', 'medium', 'large'],
  4: ['smallest', 'small', 'large', 'largest'],
  5: ['smallest', 'small', 'medium', 'large', 'largest'],
};

/** A disc's name by size in a problem of `discs` discs (1 = the smallest): 'medium disc'. */
export function discName(disc: number, discs: number): string {
  const name = DISC_NAMES[discs]?.[disc - 1] ?? `number ${disc}`;
  return name === 'disc' ? 'disc' : `${name} disc`;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What a peg holds, from the bottom up: 'large, medium and small disc'; 'empty'. */
function describeStack(position: string, peg: Peg): string {
  const stack = stackOf(position, peg).map((disc) => discName(disc, position.length));
  if (stack.length === 0) return 'empty';
  const names = stack.map((name) => name.replace(/ disc$/, ''));
  const list =
    names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `${list} ${names.length === 1 ? 'disc' : 'discs'}`;
}

/** A position in words, peg by peg: 'left peg: large and small discs; middle peg empty; …'. */
export function describePosition(position: string): string {
  return ([1, 2, 3] as const)
    .map((peg) => {
      const stack = describeStack(position, peg);
      return stack === 'empty' ? `${PEG_NAMES[peg]} peg empty` : `${PEG_NAMES[peg]} peg: ${stack}`;
    })
    .join('; ');
}

/** A peg's accessible name: 'Left peg, 3 discs, top: small disc'. */
export function pegLabel(
  position: string,
  peg: Peg,
  lifted: { disc: number; from: Peg } | null,
): string {
  const discs = stackOf(position, peg);
  const top = discs.at(-1);
  const count = `${discs.length} ${discs.length === 1 ? 'disc' : 'discs'}`;
  let label = `${capitalise(PEG_NAMES[peg])} peg, ${count}`;
  if (top !== undefined) label += `, top: ${discName(top, position.length)}`;
  if (lifted?.from === peg)
    label += `; the ${discName(lifted.disc, position.length)} is lifted from it`;
  return label;
}

/** What a screen reader hears after an event on the board. */
export function announceEvent(
  event: Event,
  discs: number,
  moves: number,
  attempt: { current: number; max: number },
): string {
  const disc = event.disc === null ? '' : discName(event.disc, discs);
  const from = event.from === null ? '' : PEG_NAMES[event.from];
  const to = event.to === null ? '' : PEG_NAMES[event.to];
  switch (event.type) {
    case 'pickup':
      return `Lifted the ${disc} from the ${from} peg.`;
    case 'drop':
      return `Moved the ${disc} from ${from} to ${to}. ${moves} ${moves === 1 ? 'move' : 'moves'}.`;
    case 'cancel':
      return `Put the ${disc} back on the ${from} peg.`;
    case 'illegal': {
      const below = event.to === null ? null : stackOf(event.before, event.to).at(-1);
      const onto =
        below === undefined || below === null ? 'a smaller disc' : `the ${discName(below, discs)}`;
      return `Not allowed: the ${disc} cannot go on ${onto}. It is still lifted.`;
    }
    case 'emptySource':
      return `The ${from} peg is empty.`;
    case 'reset':
      return `This attempt is over: the discs are back at the start. Attempt ${attempt.current} of ${attempt.max}.`;
  }
}

/** How a problem ended, in a few words. */
export const END_REASON_TEXT: Record<EndReason, string> = {
  solved: 'Solved',
  timeLimit: 'Time is up',
  moveLimit: 'Move limit reached',
  eventLimit: 'Too many moves',
};

/** The envelope every task shares: what ResultTrial already has of a Tower of Hanoi trial. */
type EnvelopeKey = (typeof ENVELOPE_KEYS)[number];

/**
 * A stored Tower of Hanoi trial as the API returns it: the envelope with the task's fields. Its
 * timing record is there where the whole stored trial is read (the admin's views), not in
 * progress tracking.
 */
export type TowerOfHanoiResultTrial = ResultTrial &
  Omit<Trial, EnvelopeKey> & {
    phase: 'practice' | 'test';
    timing?: { wasInterrupted?: boolean } | null;
  };

/**
 * The trials of a Tower of Hanoi result. The server stored them after the task's trial schema
 * accepted them, so every field is there.
 */
export function asTowerOfHanoiTrials(
  trials: readonly ResultTrial[],
): readonly TowerOfHanoiResultTrial[] {
  return trials as readonly TowerOfHanoiResultTrial[];
}

/** The Tower of Hanoi's own scores of a finished run (scoring versions 1 to 3: one shape). */
export function towerOfHanoiScoresOf(summary: RunSummary): Scores {
  return summary.scores as Scores;
}

/** A problem's name for people: 'Problem 4', 'Practice'. */
export function problemName(trial: { phase: string; trialNumber: number }): string {
  return trial.phase === 'practice' ? 'Practice' : `Problem ${trial.trialNumber + 1}`;
}

/** '3 moves', '1 move'. */
export const movesText = (moves: number) => `${moves} ${moves === 1 ? 'move' : 'moves'}`;

/** A time limit in words: '3 minutes', '90 seconds'. */
export function formatLimit(seconds: number): string {
  if (seconds % 60 !== 0) return `${seconds} seconds`;
  const minutes = seconds / 60;
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** A time in seconds for people: '5.5 s'; '–' for none. */
export function formatSeconds(ms: number | null): string {
  return ms === null ? '–' : `${(ms / 1000).toFixed(1)} s`;
}
