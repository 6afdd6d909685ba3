import type { ExportColumn } from '../../exports/trial-columns';
import type { StoredTrial } from '../contract';
import type { Trial } from './trial';

/** The flanker task's own columns of the trial export, after the common ones (ADR 027). */
export const EXPORT_COLUMNS: readonly ExportColumn<StoredTrial<Trial>>[] = [
  {
    name: 'flanker_congruency',
    type: 'string',
    description:
      "'congruent' (the four flanking arrows point the way the middle one does) or 'incongruent' (the other way).",
    value: (t) => t.congruency,
  },
  {
    name: 'flanker_target_direction',
    type: 'string',
    description: "Where the middle arrow pointed, 'left' or 'right': the correct response.",
    value: (t) => t.targetDirection,
  },
  {
    name: 'flanker_display',
    type: 'string',
    description: "The five arrows shown, '<' pointing left and '>' pointing right, e.g. '>><>>'.",
    value: (t) => t.display,
  },
  {
    name: 'flanker_responded',
    type: 'boolean',
    description: 'A press came within the response window (from the onset to the next onset).',
    value: (t) => t.responded,
  },
  {
    name: 'flanker_response_type',
    type: 'string',
    description:
      "'correct' (the middle arrow's direction), 'error' (the other) or 'omission' (no press in the window).",
    value: (t) => t.responseType,
  },
  {
    name: 'flanker_n_extra_responses',
    type: 'integer',
    description: 'Presses in the response window after the first (only the first is scored).',
    value: (t) => t.nExtraResponses,
  },
  {
    name: 'flanker_stimulus_offset_ms',
    type: 'number',
    description:
      'When the first frame without the arrows (the fixation cross) was presented (page time line, ms); empty if not measured.',
    value: (t) => t.timing?.stimulusOffsetMs ?? null,
  },
];
