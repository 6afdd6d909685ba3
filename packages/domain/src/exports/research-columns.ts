import type { ExportColumn, ExportTrialRow } from './trial-columns';
import { TRIAL_EXPORT_COLUMNS } from './trial-columns';

type Column = ExportColumn<ExportTrialRow>;

/** The flattened session record of a row: device and measurement fields, one column each. */
const SESSION_COLUMNS: readonly Column[] = [
  {
    name: 'session_seed',
    type: 'string',
    description: 'Seed of the stimulus sequence: the run can be replayed from it.',
    value: (r) => r.session?.seed ?? null,
  },
  {
    name: 'device_type',
    type: 'string',
    description: "Device class the browser reported: 'desktop', 'tablet', 'mobile' or 'unknown'.",
    value: (r) => r.session?.deviceInfo.type ?? null,
  },
  {
    name: 'device_user_agent',
    type: 'string',
    description: "The browser's user-agent string.",
    value: (r) => r.session?.deviceInfo.userAgent ?? null,
  },
  {
    name: 'screen_width',
    type: 'integer',
    description: 'Screen width in CSS pixels.',
    value: (r) => r.session?.deviceInfo.screenWidth ?? null,
  },
  {
    name: 'screen_height',
    type: 'integer',
    description: 'Screen height in CSS pixels.',
    value: (r) => r.session?.deviceInfo.screenHeight ?? null,
  },
  {
    name: 'cross_origin_isolated',
    type: 'boolean',
    description: 'The page was cross-origin isolated, which gives the 5-microsecond clock.',
    value: (r) => r.session?.measurement.crossOriginIsolated ?? null,
  },
  {
    name: 'has_element_timing',
    type: 'boolean',
    description: 'The browser reported presentation times through the Element Timing API.',
    value: (r) => r.session?.measurement.hasElementTiming ?? null,
  },
  {
    name: 'frame_interval_ms',
    type: 'number',
    description: 'Median interval between animation frames before the run, in ms.',
    value: (r) => r.session?.measurement.frameIntervalMs ?? null,
  },
  {
    name: 'input_type',
    type: 'string',
    description: "Input device of the responses, 'keyboard' unless the browser said otherwise.",
    value: (r) => r.session?.measurement.inputType ?? null,
  },
  {
    name: 'time_origin_ms',
    type: 'number',
    description:
      "performance.timeOrigin of the run's page, ms since the epoch: add it to a *_ms timing column for wall-clock time.",
    value: (r) => r.session?.measurement.timeOriginMs ?? null,
  },
  {
    name: 'attention_event_count',
    type: 'integer',
    description:
      'Blur, focus and visibility changes during the whole run; empty if the run was not completed or was generated.',
    value: (r) => r.session?.measurement.attentionEvents?.length ?? null,
  },
];

/** What the server found about the run and the trial (run integrity). */
const INTEGRITY_COLUMNS: readonly Column[] = [
  {
    name: 'result_is_preview',
    type: 'boolean',
    description:
      'true if an admin started the run as a preview, with a custom configuration of the task (its trial counts and timings may differ from the defaults). Such runs are exported only when asked for.',
    value: (r) => r.isPreview,
  },
  {
    name: 'result_implausible_reason',
    type: 'string',
    description:
      'Why the server judged the run impossible for a person to have taken (its trials arrived faster than they can be taken, or their times go backwards); empty if plausible. Such runs are exported only when asked for.',
    value: (r) => r.resultImplausibleReason,
  },
  {
    name: 'result_abandoned_at',
    type: 'timestamp',
    description:
      'When the server closed the run unfinished, left for more than a day; empty otherwise. Such runs are exported only when asked for.',
    value: (r) => r.resultAbandonedAt,
  },
  {
    name: 'trial_flags',
    type: 'string',
    description:
      "What the server noted about the trial it kept, space-separated: 'anticipation' for a reaction time under 200 ms; empty if nothing.",
    value: (r) => r.trial.flags.join(' '),
  },
];

/**
 * The columns of the admin research export (one row per trial, long format), in order: the
 * owner's id, every column of "Download my data", the session's measurement record, then what
 * the server found about the run and the trial. Users appear by id only: names and emails stay
 * out of research files.
 */
export const RESEARCH_EXPORT_COLUMNS: readonly Column[] = [
  {
    name: 'user_id',
    type: 'string',
    description: 'Id of the user who took the test (pseudonymous: no name or email).',
    value: (r) => r.userId,
  },
  ...TRIAL_EXPORT_COLUMNS,
  ...SESSION_COLUMNS,
  ...INTEGRITY_COLUMNS,
];

/** The data dictionary as a table of its own (GET /api/admin/export/dictionary). */
export type DictionaryRow = { name: string; type: string; description: string };

export const DICTIONARY_COLUMNS: readonly ExportColumn<DictionaryRow>[] = [
  { name: 'name', type: 'string', description: 'Column name.', value: (r) => r.name },
  { name: 'type', type: 'string', description: 'Value type.', value: (r) => r.type },
  {
    name: 'description',
    type: 'string',
    description: 'What the column holds, with its unit.',
    value: (r) => r.description,
  },
];
