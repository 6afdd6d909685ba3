import {
  type AdminTrial,
  PHASES,
  type Phase,
  type ResultTrial,
  type Trial,
  type TrialTiming,
} from '@cogni/domain';
import { trials } from '../../db/schema';

type TrialRow = typeof trials.$inferSelect;

/** Run order: sample, practice, then test; by trialNumber within a phase. */
export function compareRunOrder(
  a: { phase: Phase; trialNumber: number },
  b: { phase: Phase; trialNumber: number },
): number {
  return PHASES.indexOf(a.phase) - PHASES.indexOf(b.phase) || a.trialNumber - b.trialNumber;
}

/**
 * The columns toResultTrial reads. Progress tracking selects only these: decoding the unused
 * timestamps and timing JSON of 1,680 rows was half the endpoint's time (bench/progress.ts).
 */
export const RESULT_TRIAL_COLUMNS = {
  resultId: trials.resultId,
  phase: trials.phase,
  trialNumber: trials.trialNumber,
  cueWord: trials.cueWord,
  stimulusWord: trials.stimulusWord,
  stimulusColor: trials.stimulusColor,
  response: trials.response,
  reactionTime: trials.reactionTime,
  isCorrect: trials.isCorrect,
  isSwitch: trials.isSwitch,
  isCongruent: trials.isCongruent,
};

type ResultTrialRow = Pick<TrialRow, Exclude<keyof typeof RESULT_TRIAL_COLUMNS, 'resultId'>>;

/** The fields of a stored trial that progress tracking shows. Stored values passed D14's checks. */
export function toResultTrial(row: ResultTrialRow): ResultTrial {
  return {
    phase: row.phase,
    trialNumber: row.trialNumber,
    cueWord: row.cueWord as ResultTrial['cueWord'],
    stimulusWord: row.stimulusWord as ResultTrial['stimulusWord'],
    stimulusColor: row.stimulusColor as ResultTrial['stimulusColor'],
    response: row.response as ResultTrial['response'],
    reactionTime: row.reactionTime,
    isCorrect: row.isCorrect,
    isSwitch: row.isSwitch,
    isCongruent: row.isCongruent,
  };
}

/** A stored trial with its times and timing record, as the run's owner reads it back. */
export function toTrial(row: TrialRow): Trial {
  return {
    ...toResultTrial(row),
    startTime: row.startTime?.toISOString() ?? '',
    endTime: row.endTime?.toISOString() ?? '',
    timing: row.timing as TrialTiming,
  };
}

/** The columns toStoredTrial reads: exports select only these (no row id or createdAt). */
export const STORED_TRIAL_COLUMNS = {
  ...RESULT_TRIAL_COLUMNS,
  startTime: trials.startTime,
  endTime: trials.endTime,
  timing: trials.timing,
  flags: trials.flags,
};

type StoredTrialRow = Pick<TrialRow, keyof typeof STORED_TRIAL_COLUMNS>;

/**
 * A stored trial with every field as stored: times and timing record may be null (mock trials
 * were never measured). Admin views and exports use it.
 */
export function toStoredTrial(row: StoredTrialRow): AdminTrial {
  // Object.assign, not spread: on Node 20 spreading a fresh object cost the research export
  // five times as much per row (bench/admin.ts).
  return Object.assign(toResultTrial(row), {
    startTime: row.startTime?.toISOString() ?? null,
    endTime: row.endTime?.toISOString() ?? null,
    timing: row.timing as TrialTiming | null,
    flags: row.flags,
  });
}
