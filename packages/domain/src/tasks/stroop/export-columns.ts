import type { ExportColumn } from '../../exports/trial-columns';
import type { StoredTrial } from '../contract';
import type { TaskTrial } from './definition';

/** Stroop's own columns of the trial export, after the common ones (ADR 027). */
export const EXPORT_COLUMNS: readonly ExportColumn<StoredTrial<TaskTrial>>[] = [
  {
    name: 'cue_word',
    type: 'string',
    description: "'Color' (name the ink) or 'Word' (read the word).",
    value: (t) => t.cueWord,
  },
  {
    name: 'stimulus_word',
    type: 'string',
    description: "The word shown: 'RED', 'GREEN' or 'BLUE'.",
    value: (t) => t.stimulusWord,
  },
  {
    name: 'stimulus_color',
    type: 'string',
    description: "The ink of the word: 'red', 'green' or 'blue'.",
    value: (t) => t.stimulusColor,
  },
  {
    name: 'is_switch',
    type: 'boolean',
    description:
      'The cue differs from the previous trial of the phase (trial 0 is never a switch).',
    value: (t) => t.isSwitch,
  },
  {
    name: 'is_congruent',
    type: 'boolean',
    description:
      'Word and ink agree. Always false in real runs (word and ink always differ); mock data has both.',
    value: (t) => t.isCongruent ?? null,
  },
  {
    name: 'cue_onset_ms',
    type: 'number',
    description: 'When the cue was presented (page time line, ms).',
    value: (t) => t.timing?.cueOnsetMs ?? null,
  },
];
