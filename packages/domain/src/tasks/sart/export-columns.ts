import type { ExportColumn } from '../../exports/trial-columns';
import type { StoredTrial } from '../contract';
import type { Trial } from './trial';

/** The SART's own columns of the trial export, after the common ones (ADR 027). */
export const EXPORT_COLUMNS: readonly ExportColumn<StoredTrial<Trial>>[] = [
  {
    name: 'sart_digit',
    type: 'integer',
    description: 'The digit shown, 1-9.',
    value: (t) => t.digit,
  },
  {
    name: 'sart_is_nogo',
    type: 'boolean',
    description: 'The digit is the no-go digit (no response is the right answer).',
    value: (t) => t.isNogo,
  },
  {
    name: 'sart_font_size_index',
    type: 'integer',
    description:
      'Which of the five font sizes the digit was drawn in, 0 (smallest by default) to 4.',
    value: (t) => t.fontSizeIndex,
  },
  {
    name: 'sart_font_size_px',
    type: 'number',
    description:
      "The digit's font size as the browser rendered it (its computed style while the digit was on screen; the size requested from the viewport where the page could not read it), in CSS pixels: its em height; a digit's ink is about 0.7 of it.",
    value: (t) => t.fontSizePx,
  },
  {
    name: 'sart_device_pixel_ratio',
    type: 'number',
    description: 'Device pixels per CSS pixel when the digit was drawn.',
    value: (t) => t.devicePixelRatio,
  },
  {
    name: 'sart_latency_type',
    type: 'integer',
    description:
      '0 no response, 1 anticipatory (RT < 100 ms), 2 ambiguous (100-199 ms), 3 valid (>= 200 ms).',
    value: (t) => t.latencyType,
  },
  {
    name: 'sart_response_type',
    type: 'string',
    description:
      "'go_success' (go digit, pressed), 'omission' (go digit, no press), 'nogo_success' (no-go digit, withheld) or 'commission' (no-go digit, pressed).",
    value: (t) => t.responseType,
  },
  {
    name: 'sart_extra_responses',
    type: 'integer',
    description: 'Presses in the window after the first (only the first is scored).',
    value: (t) => t.nExtraResponses,
  },
  {
    name: 'sart_mask_onset_ms',
    type: 'number',
    description:
      "When the mask replacing the digit was presented: the digit's offset (page time line, ms); empty if not measured.",
    value: (t) => t.timing?.stimulusOffsetMs ?? null,
  },
  {
    name: 'sart_digit_duration_ms',
    type: 'number',
    description:
      'How long the digit was on screen: mask onset minus digit onset (ms); empty if not measured.',
    value: (t) =>
      t.timing?.stimulusOffsetMs === undefined || !t.timing
        ? null
        : t.timing.stimulusOffsetMs - t.timing.stimulusOnsetMs,
  },
];
