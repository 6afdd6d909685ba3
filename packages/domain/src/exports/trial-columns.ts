import type { DeviceInfo, Measurement } from '../schemas/results';
import type { TrialEnvelope } from '../tasks/shared/envelope';
import type { CellValue } from './csv';

/** The test session of a result, as stored: any field may be missing in older or mock sessions. */
export type ExportSessionRecord = {
  seed: string | null;
  deviceInfo: Partial<DeviceInfo>;
  /**
   * The measurement record (rule 8 in docs/timing-rules.md), with the run's attention events once
   * complete.
   */
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
  /** An admin preview (ADR 028): started with a custom configuration of the task. */
  isPreview: boolean;
  /** Why the server judged the run implausible; null if plausible. */
  resultImplausibleReason: string | null;
  /** When the run was closed unfinished as abandoned; null otherwise. */
  resultAbandonedAt: string | null;
  /** The scoring version of the result's scores and its trials' exclusions; null if unscored. */
  resultScoringVersion: number | null;
  /** Null for a result without a session. */
  session: ExportSessionRecord | null;
  trial: ExportTrialRecord;
};

/** A stored trial of any task: the envelope's columns and, beside them, the task's own fields. */
export type ExportTrialRecord = Readonly<Record<string, unknown>> & {
  phase: string;
  block: number;
  trialNumber: number;
  response: string | null;
  reactionTime: number | null;
  isCorrect: boolean | null;
  inputModality: string;
  startTime: string | null;
  endTime: string | null;
  /** Null for mock trials: nothing was measured. */
  timing: (Partial<TrialEnvelope['timing']> & Record<string, unknown>) | null;
  /** What the server noted about the trial it kept, e.g. 'anticipation'. */
  flags: readonly string[];
  /** Why the run's scoring left the trial out of some scores; null if not scored. */
  exclusions: readonly string[] | null;
};

export type ExportColumn<Row> = {
  /** snake_case, as in the CSV header. */
  name: string;
  type: 'string' | 'integer' | 'number' | 'boolean' | 'timestamp';
  description: string;
  value(row: Row): CellValue;
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
    description: "The task's phase, e.g. 'practice' or 'test'. Scores use the scored phase only.",
    value: (r) => r.trial.phase,
  },
  {
    name: 'block',
    type: 'integer',
    description: 'Block within the phase, from 0 (e.g. a practice round).',
    value: (r) => r.trial.block,
  },
  {
    name: 'trial_number',
    type: 'integer',
    description: 'Position within the block, from 0.',
    value: (r) => r.trial.trialNumber,
  },
  {
    name: 'response',
    type: 'string',
    description: 'The key pressed or the button touched; empty when there was no response.',
    value: (r) => r.trial.response,
  },
  {
    name: 'reaction_time_ms',
    type: 'number',
    description:
      'Milliseconds from the stimulus being shown to the response, unrounded; empty without one.',
    value: (r) => r.trial.reactionTime,
  },
  {
    name: 'is_correct',
    type: 'boolean',
    description: "The response was right, by the task's rule; empty where undefined.",
    value: (r) => r.trial.isCorrect,
  },
  {
    name: 'input_modality',
    type: 'string',
    description: "How the participant answered: 'keyboard', 'touch' or 'mouse'.",
    value: (r) => r.trial.inputModality,
  },
  {
    name: 'trial_start_time',
    type: 'timestamp',
    description: "Wall-clock time of the trial's first onset (Stroop: the cue).",
    value: (r) => r.trial.startTime,
  },
  {
    name: 'trial_end_time',
    type: 'timestamp',
    description: 'Wall-clock time of the response.',
    value: (r) => r.trial.endTime,
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
    description: "The response event's own timestamp (page time line, ms).",
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
    description:
      "The page lost focus or was hidden between the trial's first onset and the response.",
    value: (r) => r.trial.timing?.wasInterrupted ?? null,
  },
  {
    name: 'scoring_version',
    type: 'integer',
    description:
      "The version of the task's scoring rules that computed the result's scores and the trial's exclusions (docs/scoring/<task>.md); empty while the run is unscored.",
    value: (r) => r.resultScoringVersion,
  },
  {
    name: 'scoring_exclusions',
    type: 'string',
    description:
      "Why the run's scoring left the trial out of some scores, space-separated (Stroop: 'first', 'postError', 'anticipation', 'interrupted', 'outlier'; see the task's scoring document); 'none' for a scored trial left out of nothing; empty for trials the task does not score and runs not scored yet.",
    value: (r) => (r.trial.exclusions ? r.trial.exclusions.join(' ') || 'none' : null),
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
