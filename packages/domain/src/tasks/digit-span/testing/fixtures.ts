import type { ScoredTrial } from '../scoring';

/** How a list is answered, for a list built by hand. */
export type ListAnswer = {
  /** Right or wrong. */
  correct: boolean;
  /**
   * Digits typed (default: the list's length) and how many are in their place (default: all if
   * right, none if wrong).
   */
  entered?: number;
  positions?: number;
  /**
   * Keypad onset to the first key (default 1000; null for a timed-out list with nothing typed),
   * and to the submit (default 3000), ms.
   */
  firstKey?: number;
  rt?: number;
  timedOut?: boolean;
  /**
   * The page was hidden or unfocused during the list. Absent: the list has no `interrupted`
   * field and no timing record.
   */
  interrupted?: boolean;
};

/** A scored list by hand (times well above their floors unless given), for the scoring tests. */
export function scoredList(
  phase: 'practice' | 'test',
  direction: 'forward' | 'backward',
  trialNumber: number,
  length: number,
  answer: ListAnswer,
): ScoredTrial {
  const entered = answer.entered ?? length;
  return {
    phase,
    block: direction === 'forward' ? 0 : 1,
    trialNumber,
    direction,
    length,
    isCorrect: answer.correct,
    reactionTime: answer.timedOut ? null : (answer.rt ?? 3000),
    nDigitsEntered: entered,
    nCorrectPositions: answer.positions ?? (answer.correct ? length : 0),
    timedOut: answer.timedOut ?? false,
    firstKeyRt: answer.firstKey ?? (entered === 0 && answer.timedOut ? null : 1000),
    nBackspaces: 0,
    response: answer.timedOut ? null : 'enter',
    ...(answer.interrupted === undefined
      ? {}
      : { interrupted: answer.interrupted, timing: { wasInterrupted: answer.interrupted } }),
  };
}
