import type { ExportColumn } from '../../exports/trial-columns';
import type { StoredTrial } from '../contract';
import type { Trial } from './trial';

/** N-back's own columns of the trial export, after the common ones (ADR 027). */
export const EXPORT_COLUMNS: readonly ExportColumn<StoredTrial<Trial>>[] = [
  {
    name: 'nback_level',
    type: 'integer',
    description:
      'The level n of the block. The block column is n x 10 + the practice round or test block within the level.',
    value: (t) => t.level,
  },
  {
    name: 'nback_letter',
    type: 'string',
    description: 'The letter shown (C, H, K, N, R, W, X or Y).',
    value: (t) => t.letter,
  },
  {
    name: 'nback_is_target',
    type: 'boolean',
    description:
      'true: the letter is the one n back (a target); false: a non-target; empty: one of the first n trials of the block (a filler, not scored).',
    value: (t) => t.isTarget,
  },
  {
    name: 'nback_lure_type',
    type: 'string',
    description:
      "'n-1' or 'n+1': a non-target that copies the letter n-1 or n+1 back (a lure); 'none' otherwise.",
    value: (t) => t.lureType,
  },
  {
    name: 'nback_letter_n_back',
    type: 'string',
    description: 'The letter n back, the one to compare with; empty for a filler.',
    value: (t) => t.nBackLetter,
  },
  {
    name: 'nback_answer',
    type: 'string',
    description:
      "What the first response meant: 'match' or 'no-match' (the key under nback_key_mapping, or the button); empty without a response.",
    value: (t) => t.answer,
  },
  {
    name: 'nback_response_type',
    type: 'string',
    description:
      "'hit' (target, match), 'miss' (target, no match or no answer), 'false_alarm' (non-target, match), 'correct_rejection' (non-target, no match), 'omission' (non-target, no answer) or 'filler'.",
    value: (t) => t.responseType,
  },
  {
    name: 'nback_key_mapping',
    type: 'string',
    description:
      "The run's key mapping: 'A' (F = match, J = no match) or 'B' (J = match, F = no match).",
    value: (t) => t.keyMapping,
  },
  {
    name: 'nback_extra_responses',
    type: 'integer',
    description: 'Presses in the SOA after the first (only the first is scored).',
    value: (t) => t.nExtraResponses,
  },
  {
    name: 'nback_stimulus_offset_ms',
    type: 'number',
    description:
      'When the blank that replaced the letter was presented (Element Timing; page time line, ms); empty if not measured.',
    value: (t) => t.timing?.stimulusOffsetMs ?? null,
  },
];
