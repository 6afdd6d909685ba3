import type { ExportColumn } from '../../exports/trial-columns';
import type { StoredTrial } from '../contract';
import type { Trial } from './trial';

/** Go/No-Go's own columns of the trial export, after the common ones (ADR 027). */
export const EXPORT_COLUMNS: readonly ExportColumn<StoredTrial<Trial>>[] = [
  {
    name: 'stimulus_type',
    type: 'string',
    description: "'go' (respond) or 'nogo' (withhold the response).",
    value: (t) => t.stimulusType,
  },
  {
    name: 'stimulus_id',
    type: 'string',
    description:
      "The stimulus shown: 'solid' or 'outline' square (fill-outline set), 'P' or 'R' (letters-PR set).",
    value: (t) => t.stimulusId,
  },
  {
    name: 'responded',
    type: 'boolean',
    description: 'A press came within the response window (from onset, responseWindowMs long).',
    value: (t) => t.responded,
  },
  {
    name: 'response_type',
    type: 'string',
    description:
      "'hit' (go, pressed), 'omission' (go, no press), 'commission' (no-go, pressed) or 'correct_rejection' (no-go, no press).",
    value: (t) => t.responseType,
  },
  {
    name: 'n_extra_responses',
    type: 'integer',
    description: 'Presses in the response window after the first (only the first is scored).',
    value: (t) => t.nExtraResponses,
  },
  {
    name: 'late_response',
    type: 'boolean',
    description:
      'A press came after the response window and before the next onset; it belongs to this trial, never the next, and is not scored.',
    value: (t) => t.lateResponse,
  },
  {
    name: 'stimulus_offset_ms',
    type: 'number',
    description:
      'When the first frame without the stimulus was presented (page time line, ms); empty if not measured.',
    value: (t) => t.timing?.stimulusOffsetMs ?? null,
  },
];
