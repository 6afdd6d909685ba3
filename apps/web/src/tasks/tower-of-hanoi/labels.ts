import type { ENVELOPE_KEYS, ResultTrial, RunSummary } from '@cogni/domain';
import {
  type EndReason,
  type Event,
  type Peg,
  type Scores,
  stackOf,
  type Trial,
} from '@cogni/domain/tasks/tower-of-hanoi';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, select } from '@lingui/core/macro';
import { NO_VALUE } from '../../lib/format-scores';
import { i18n } from '../../lib/i18n/i18n';

/*
 * What the board says, in the reader's language (these are read where the board is drawn, out of
 * React, and by the running view). A peg is named in each message by a select over its side
 * ('left', 'middle', 'right'), so a translation can inflect the whole phrase; a disc's name
 * ('small disc') is a placeholder.
 */

/** The pegs' sides, left to right (keys 1, 2, 3): the values the messages select on. */
export const PEG_SIDES: Record<Peg, 'left' | 'middle' | 'right'> = {
  1: 'left',
  2: 'middle',
  3: 'right',
};

type DiscSize = 'one' | 'smallest' | 'small' | 'medium' | 'large' | 'largest';

/** The discs' sizes, smallest first, by how many discs a problem has. */
const DISC_SIZES: Record<number, readonly DiscSize[]> = {
  1: ['one'],
  2: ['small', 'large'],
  3: ['small', 'medium', 'large'],
  4: ['smallest', 'small', 'large', 'largest'],
  5: ['smallest', 'small', 'medium', 'large', 'largest'],
};

/** A disc by its size. */
const DISC_NAMES: Record<DiscSize, MessageDescriptor> = {
  one: msg({ comment: 'the only disc of a problem', message: 'disc' }),
  smallest: msg`smallest disc`,
  small: msg`small disc`,
  medium: msg`medium disc`,
  large: msg`large disc`,
  largest: msg`largest disc`,
};

/** A disc's size alone, as in 'large and small discs'. */
const SIZE_NAMES: Record<DiscSize, MessageDescriptor> = {
  one: msg({ comment: 'the only disc of a problem', message: 'disc' }),
  smallest: msg({ comment: 'a disc, as in "smallest and small discs"', message: 'smallest' }),
  small: msg({ comment: 'a disc, as in "large and small discs"', message: 'small' }),
  medium: msg({ comment: 'a disc, as in "large, medium and small discs"', message: 'medium' }),
  large: msg({ comment: 'a disc, as in "large and small discs"', message: 'large' }),
  largest: msg({ comment: 'a disc, as in "largest and large discs"', message: 'largest' }),
};

const sizeOf = (disc: number, discs: number): DiscSize | undefined => DISC_SIZES[discs]?.[disc - 1];

/** A disc's name by size in a problem of `discs` discs (1 = the smallest): 'medium disc'. */
export function discName(disc: number, discs: number): string {
  const size = sizeOf(disc, discs);
  return size ? i18n._(DISC_NAMES[size]) : i18n._(msg`number ${disc} disc`);
}

/** What a peg holds, from the bottom up: 'large, medium and small discs'; null for none. */
function describeStack(position: string, peg: Peg): string | null {
  const stack = stackOf(position, peg);
  const [only] = stack;
  if (only === undefined) return null;
  if (stack.length === 1) return discName(only, position.length);
  const sizes = stack.map((disc) => {
    const size = sizeOf(disc, position.length);
    return size ? i18n._(SIZE_NAMES[size]) : i18n._(msg`number ${disc}`);
  });
  const lower = sizes.slice(0, -1).join(', ');
  const top = sizes.at(-1) ?? '';
  return i18n._(msg`${lower} and ${top} discs`);
}

/** A position in words, peg by peg: 'left peg: large and small discs; middle peg empty; …'. */
export function describePosition(position: string): string {
  return ([1, 2, 3] as const)
    .map((peg) => {
      const stack = describeStack(position, peg);
      const side = PEG_SIDES[peg];
      return stack === null
        ? i18n._(
            msg({
              message: select(side, {
                left: 'left peg empty',
                middle: 'middle peg empty',
                other: 'right peg empty',
              }),
            }),
          )
        : i18n._(
            msg({
              message: select(side, {
                left: `left peg: ${stack}`,
                middle: `middle peg: ${stack}`,
                other: `right peg: ${stack}`,
              }),
            }),
          );
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
  const count = discs.length;
  const top = discs.at(-1);
  const side = PEG_SIDES[peg];
  const name = i18n._(
    msg({
      comment: 'a peg, the start of its accessible name',
      message: select(side, { left: 'Left peg', middle: 'Middle peg', other: 'Right peg' }),
    }),
  );
  if (top === undefined) {
    return i18n._(msg`${name}, ${plural(count, { one: '# disc', other: '# discs' })}`);
  }
  const topDisc = discName(top, position.length);
  if (lifted?.from === peg) {
    const liftedDisc = discName(lifted.disc, position.length);
    return i18n._(
      msg`${name}, ${plural(count, { one: '# disc', other: '# discs' })}, top: ${topDisc}; the ${liftedDisc} is lifted from it`,
    );
  }
  return i18n._(
    msg`${name}, ${plural(count, { one: '# disc', other: '# discs' })}, top: ${topDisc}`,
  );
}

/** What a screen reader hears after an event on the board. */
export function announceEvent(
  event: Event,
  discs: number,
  moves: number,
  attempt: { current: number; max: number },
): string {
  const disc = event.disc === null ? '' : discName(event.disc, discs);
  const from = event.from === null ? 'none' : PEG_SIDES[event.from];
  const to = event.to === null ? 'none' : PEG_SIDES[event.to];
  switch (event.type) {
    case 'pickup':
      return i18n._(
        msg`Lifted the ${disc} from the ${select(from, { left: 'left', middle: 'middle', right: 'right', other: '' })} peg.`,
      );
    case 'drop':
      return i18n._(
        msg`Moved the ${disc} from ${select(from, { left: 'left', middle: 'middle', right: 'right', other: '' })} to ${select(to, { left: 'left', middle: 'middle', right: 'right', other: '' })}. ${plural(moves, { one: '# move', other: '# moves' })}.`,
      );
    case 'cancel':
      return i18n._(
        msg`Put the ${disc} back on the ${select(from, { left: 'left', middle: 'middle', right: 'right', other: '' })} peg.`,
      );
    case 'illegal': {
      const below = event.to === null ? undefined : stackOf(event.before, event.to).at(-1);
      if (below === undefined) {
        return i18n._(
          msg`Not allowed: the ${disc} cannot go on a smaller disc. It is still lifted.`,
        );
      }
      const onto = discName(below, discs);
      return i18n._(msg`Not allowed: the ${disc} cannot go on the ${onto}. It is still lifted.`);
    }
    case 'emptySource':
      return i18n._(
        msg`The ${select(from, { left: 'left', middle: 'middle', right: 'right', other: '' })} peg is empty.`,
      );
    case 'reset': {
      const { current, max } = attempt;
      return i18n._(
        msg`This attempt is over: the discs are back at the start. Attempt ${current} of ${max}.`,
      );
    }
  }
}

/** How a problem ended, in a few words: show with `t(END_REASON_TEXT[...])`. */
export const END_REASON_TEXT: Record<EndReason, MessageDescriptor> = {
  solved: msg`Solved`,
  timeLimit: msg`Time is up`,
  moveLimit: msg`Move limit reached`,
  eventLimit: msg`Too many moves`,
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

/** A problem's name for people, in the reader's language: 'Problem 4', 'Practice'. */
export function problemName(trial: { phase: string; trialNumber: number }): string {
  const number = trial.trialNumber + 1;
  return trial.phase === 'practice' ? i18n._(msg`Practice`) : i18n._(msg`Problem ${number}`);
}

/** '3 moves', '1 move', in the reader's language. */
export const movesText = (moves: number) =>
  i18n._(msg({ message: plural(moves, { one: '# move', other: '# moves' }) }));

/** A time limit in words, in the reader's language: '3 minutes', '90 seconds'. */
export function formatLimit(seconds: number): string {
  if (seconds % 60 !== 0) {
    return i18n._(msg({ message: plural(seconds, { one: '# second', other: '# seconds' }) }));
  }
  const minutes = seconds / 60;
  return i18n._(msg({ message: plural(minutes, { one: '# minute', other: '# minutes' }) }));
}

/** A time in seconds for people, one decimal in the reader's language: '5.5 s'; '–' for none. */
export function formatSeconds(ms: number | null): string {
  if (ms === null) return NO_VALUE;
  const seconds = i18n.number(ms / 1000, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return `${seconds} s`;
}
