import type { DeviceInfo, Measurement } from '../schemas/results';
import type { Trial } from '../tasks/stroop/trial';
import type { CellValue } from './csv';

/** The test session of a result, as stored: any field may be missing in older or mock sessions. */
export type ExportSessionRecord = {
  seed: string | null;
  deviceInfo: Partial<DeviceInfo>;
  /** The measurement record (timing.md rule 8), with the run's attention events once complete. */
  measurement: Partial<Measurement> & { attentionEvents?: readonly unknown[] };
};

/** One trial with the result it belongs to: the unit of every trial export (one row each). */
export type ExportTrialRow = {
  userId: string;
  resultId: string;
  sessionId: string | null;
  testType: string;
  resultStartTime: string;
  /** Null while the run is unfinished. */
  resultEndTime: string | null;
  isMock: boolean;
  /** Why the server judged the run implausible; null if plausible. */
  resultImplausibleReason: string | null;
  /** When the run was closed unfinished as abandoned; null otherwise. */
  resultAbandonedAt: string | null;
  /** Null for a result without a session. */
  session: ExportSessionRecord | null;
  trial: Omit<Trial, 'startTime' | 'endTime' | 'timing'> & {
    startTime: string | null;
    endTime: string | null;
    timing: Partial<Trial['timing']> | null;
    /** What the server noted about the trial it kept, e.g. 'anticipation'. */
    flags: readonly string[];
  };
};

export type ExportColumn<Row> = {
  /** snake_case, as in the CSV header. */
  name: string;
  type: 'string' | 'integer' | 'number' | 'boolean' | 'timestamp';
  description: string;
  value: (row: Row) => CellValue;
};

/**
 * The columns of "Download my data", in order: the data dictionary of the export. Times are
 * ISO 8601 in UTC; *_ms timing columns are milliseconds on the page's performance.now() time line
 * of that run (add the run's time origin for wall-clock time).
 */
export const TRIAL_EXPORT_COLUMNS: readonly ExportColumn<ExportTrialRow>[] = [
  {
    name: 'result_id',
    type: 'string',
    description: 'Id of the result (one run of a test).',
    value: (r) => r.resultId,
  },
  {
    name: 'session_id',
    type: 'string',
    description: 'Id of the test session of the run.',
    value: (r) => r.sessionId,
  },
  {
    name: 'test_type',
    type: 'string',
    description: "Test type identifier, e.g. 'stroopTest'.",
    value: (r) => r.testType,
  },
  {
    name: 'result_start_time',
    type: 'timestamp',
    description: 'When the run started.',
    value: (r) => r.resultStartTime,
  },
  {
    name: 'result_end_time',
    type: 'timestamp',
    description: 'When the run was scored; empty if it was not finished.',
    value: (r) => r.resultEndTime,
  },
  {
    name: 'is_mock',
    type: 'boolean',
    description: 'true if the admin mock-data generator wrote the result, not a person.',
    value: (r) => r.isMock,
  },
  {
    name: 'phase',
    type: 'string',
    description: "'sample', 'practice' or 'test'. Scores use test trials only.",
    value: (r) => r.trial.phase,
  },
  {
    name: 'trial_number',
    type: 'integer',
    description: 'Position within the phase, from 0.',
    value: (r) => r.trial.trialNumber,
  },
  {
    name: 'cue_word',
    type: 'string',
    description: "'Color' (name the ink) or 'Word' (read the word).",
    value: (r) => r.trial.cueWord,
  },
  {
    name: 'stimulus_word',
    type: 'string',
    description: "The word shown: 'RED', 'GREEN' or 'BLUE'.",
    value: (r) => r.trial.stimulusWord,
  },
  {
    name: 'stimulus_color',
    type: 'string',
    description: "The ink of the word: 'red', 'green' or 'blue'.",
    value: (r) => r.trial.stimulusColor,
  },
  {
    name: 'response',
    type: 'string',
    description: "The key pressed: 'R', 'G' or 'B'.",
    value: (r) => r.trial.response,
  },
  {
    name: 'reaction_time_ms',
    type: 'number',
    description: 'Milliseconds from the stimulus being shown to the key press, unrounded.',
    value: (r) => r.trial.reactionTime,
  },
  {
    name: 'is_correct',
    type: 'boolean',
    description: 'The response matches the cued dimension.',
    value: (r) => r.trial.isCorrect,
  },
  {
    name: 'is_switch',
    type: 'boolean',
    description:
      'The cue differs from the previous trial of the phase (trial 0 is never a switch).',
    value: (r) => r.trial.isSwitch,
  },
  {
    name: 'is_congruent',
    type: 'boolean',
    description:
      'Word and ink agree. Always false in real runs (word and ink always differ); mock data has both.',
    value: (r) => r.trial.isCongruent,
  },
  {
    name: 'trial_start_time',
    type: 'timestamp',
    description: 'Wall-clock time of the cue onset.',
    value: (r) => r.trial.startTime,
  },
  {
    name: 'trial_end_time',
    type: 'timestamp',
    description: 'Wall-clock time of the response.',
    value: (r) => r.trial.endTime,
  },
  {
    name: 'cue_onset_ms',
    type: 'number',
    description: 'When the cue was presented (page time line, ms).',
    value: (r) => r.trial.timing?.cueOnsetMs ?? null,
  },
  {
    name: 'stimulus_onset_ms',
    type: 'number',
    description: 'When the stimulus was presented (page time line, ms).',
    value: (r) => r.trial.timing?.stimulusOnsetMs ?? null,
  },
  {
    name: 'response_timestamp_ms',
    type: 'number',
    description: "The key event's own timestamp (page time line, ms).",
    value: (r) => r.trial.timing?.responseTimestampMs ?? null,
  },
  {
    name: 'onset_method',
    type: 'string',
    description: "How the stimulus onset was measured: 'element-timing' or 'animation-frame'.",
    value: (r) => r.trial.timing?.onsetMethod ?? null,
  },
  {
    name: 'was_interrupted',
    type: 'boolean',
    description: 'The page lost focus or was hidden between cue and response.',
    value: (r) => r.trial.timing?.wasInterrupted ?? null,
  },
];

/** The data dictionary of a set of columns, without the value getters (for JSON exports and docs). */
export function describeColumns<Row>(
  columns: readonly ExportColumn<Row>[],
): { name: string; type: ExportColumn<Row>['type']; description: string }[] {
  return columns.map(({ name, type, description }) => ({ name, type, description }));
}

/** A row as a JSON record keyed by column name, with the same values as its CSV line. */
export function toExportRecord<Row>(
  columns: readonly ExportColumn<Row>[],
  row: Row,
): Record<string, CellValue> {
  return Object.fromEntries(columns.map((column) => [column.name, column.value(row)]));
}
