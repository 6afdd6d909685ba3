import type { ExportColumn } from '../../exports/trial-columns';
import type { StoredTrial } from '../contract';
import type { Trial } from './trial';

/** Digit Span's own columns of the trial export, after the common ones (ADR 027). */
export const EXPORT_COLUMNS: readonly ExportColumn<StoredTrial<Trial>>[] = [
  {
    name: 'span_direction',
    type: 'string',
    description:
      "'forward' (recall in the order shown) or 'backward' (in reverse). Block 0 is forward, 1 backward.",
    value: (t) => t.direction,
  },
  {
    name: 'span_length',
    type: 'integer',
    description: 'Digits in the list.',
    value: (t) => t.length,
  },
  {
    name: 'span_attempt',
    type: 'integer',
    description:
      'The list within its length, 1-based (test); the practice list number, 1-based (practice).',
    value: (t) => t.attempt,
  },
  {
    name: 'span_repeat',
    type: 'integer',
    description:
      "0 for the ladder's own list; r for the r-th new list of the same length given in its place after the list before was interrupted (was_interrupted): an interrupted list given again counts in no score (its exclusions say 'interrupted'). Empty for lists of task version 1.0.0, which gave none.",
    // Lists stored before the field existed have none.
    value: (t) => (t as { repeat?: number }).repeat ?? null,
  },
  {
    name: 'digits_presented',
    type: 'string',
    description: "The digits shown, in order, joined by '-' (e.g. 3-7-2).",
    value: (t) => t.presented,
  },
  {
    name: 'digits_expected',
    type: 'string',
    description:
      'The right answer from the plan: the digits presented, reversed for backward lists.',
    value: (t) => t.expected,
  },
  {
    name: 'digits_entered',
    type: 'string',
    description: 'The answer as submitted, left to right as typed; empty for an empty answer.',
    value: (t) => t.entered,
  },
  {
    name: 'n_digits_entered',
    type: 'integer',
    description: 'Digits in the answer (more or fewer than presented is allowed and incorrect).',
    value: (t) => t.nDigitsEntered,
  },
  {
    name: 'n_correct_positions',
    type: 'integer',
    description: 'Positions where the answer has the expected digit (partial credit).',
    value: (t) => t.nCorrectPositions,
  },
  {
    name: 'first_key_rt_ms',
    type: 'number',
    description:
      "ms from the keypad's onset to the answer's first key (a digit, Backspace or submit); empty without one. reaction_time_ms is the answer time to the submit.",
    value: (t) => t.firstKeyRt,
  },
  {
    name: 'n_backspaces',
    type: 'integer',
    description: 'Backspace presses while answering.',
    value: (t) => t.nBackspaces,
  },
  {
    name: 'timed_out',
    type: 'boolean',
    description: 'The response time limit ran out before a submit (the list is incorrect).',
    value: (t) => t.timedOut,
  },
  {
    name: 'sequence_onset_ms',
    type: 'number',
    description:
      "When the list's first digit was presented (page time line, ms); stimulus_onset_ms is the keypad's onset.",
    value: (t) => t.timing?.sequenceOnsetMs ?? null,
  },
  {
    name: 'digit_onsets_ms',
    type: 'string',
    description:
      "Every digit's presentation time (page time line, ms), joined by ';'; they are due 1 SOA apart from the first.",
    value: (t) => t.timing?.digitOnsetsMs.join(';') ?? null,
  },
  {
    name: 'digit_offsets_ms',
    type: 'string',
    description:
      "Every digit's offset (page time line, ms): the blank after it, or what replaced it (the next digit, the keypad after the last), joined by ';'. Offset minus onset is the digit's exposure.",
    value: (t) => t.timing?.digitOffsetsMs.join(';') ?? null,
  },
  {
    name: 'first_key_ms',
    type: 'number',
    description: "The first key's event timestamp (page time line, ms); empty without one.",
    value: (t) => t.timing?.firstKeyMs ?? null,
  },
];
