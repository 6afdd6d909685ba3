import type { ExportColumn } from '../../exports/trial-columns';
import type { StoredTrial } from '../contract';
import type { Trial } from './trial';

/** The PVT's own columns of the trial export, after the common ones (ADR 027). */
export const EXPORT_COLUMNS: readonly ExportColumn<StoredTrial<Trial>>[] = [
  {
    name: 'pvt_variant',
    type: 'string',
    description: "'PVT-10' (10 minutes) or 'PVT-B' (3 minutes).",
    value: (t) => t.variant,
  },
  {
    name: 'pvt_type',
    type: 'string',
    description:
      "'valid', 'lapse' (RT at or above the lapse threshold), 'false_start' (RT under the false-start threshold) or 'timeout' (no response; a lapse).",
    value: (t) => t.type,
  },
  {
    name: 'pvt_foreperiod_ms',
    type: 'integer',
    description:
      "The interval drawn for the counter, to its due onset: from the last press (the response, false start or press after a timeout; the feedback shown in its first part) by default, or from the end of the feedback (or of 'Too soon!') in runs whose intervals are counted so (task version 1.0.0).",
    value: (t) => t.foreperiodMs,
  },
  {
    name: 'pvt_rsi_ms',
    type: 'number',
    description:
      "Response-to-stimulus interval: from the last press before the counter (the previous response, the press after a timeout, or this trial's last false start) to the counter's presented onset, ms; empty on the first trial after the intro's button (a run's first, or a resumed run's) without a false start.",
    value: (t) => t.rsiMs,
  },
  {
    name: 'pvt_lapse_threshold_ms',
    type: 'integer',
    description: 'The lapse threshold the trial was judged by (500 ms PVT-10, 355 ms PVT-B).',
    value: (t) => t.lapseThresholdMs,
  },
  {
    name: 'pvt_plan_index',
    type: 'integer',
    description: "The plan's draw of the trial's first foreperiod; each restart took the next.",
    value: (t) => t.planIndex,
  },
  {
    name: 'pvt_n_false_starts',
    type: 'integer',
    description: 'Presses before the counter that restarted this trial with a new foreperiod.',
    value: (t) => t.nFalseStarts,
  },
  {
    name: 'pvt_false_starts_after_ms',
    type: 'string',
    description:
      'Each false start, ms after its foreperiod began, separated by ";" (empty without one).',
    value: (t) => t.falseStarts.map((f) => f.afterMs).join(';'),
  },
  {
    name: 'pvt_false_start_foreperiods_ms',
    type: 'string',
    description: 'The foreperiod each false start cut short, ms, separated by ";".',
    value: (t) => t.falseStarts.map((f) => f.foreperiodMs).join(';'),
  },
  {
    name: 'pvt_start_elapsed_ms',
    type: 'number',
    description:
      "Time on task at the trial's first foreperiod start: ms since the phase's first foreperiod began (a resumed run continues it, the reload's gap left out).",
    value: (t) => t.startElapsedMs,
  },
  {
    name: 'pvt_elapsed_ms',
    type: 'number',
    description: "Time on task at the counter's onset, ms.",
    value: (t) => t.elapsedMs,
  },
  {
    name: 'pvt_end_elapsed_ms',
    type: 'number',
    description:
      'Time on task at the response (or, after a timeout, at the press that went on), ms.',
    value: (t) => t.endElapsedMs,
  },
  {
    name: 'pvt_resumed',
    type: 'boolean',
    description: 'The first trial after the run was resumed (the page was reloaded).',
    value: (t) => t.resumed,
  },
  {
    name: 'pvt_extra_responses',
    type: 'integer',
    description: 'Presses that were neither the response nor a false start (during feedback).',
    value: (t) => t.nExtraResponses,
  },
  {
    name: 'pvt_foreperiod_start_ms',
    type: 'number',
    description:
      "Where the counter's interval was counted from (page time line, ms): the last press, or the end of the feedback.",
    value: (t) => t.timing?.foreperiodStartMs ?? null,
  },
  {
    name: 'pvt_trial_start_ms',
    type: 'number',
    description:
      "When the trial's first foreperiod began, before any false start (page time line, ms).",
    value: (t) => t.timing?.trialStartMs ?? null,
  },
];
