import { z } from 'zod';
import {
  extraResponsesSchema,
  InputModalitySchema,
  MAX_EXTRA_RESPONSES,
  NullableReactionTimeSchema,
  positionOf,
  pressModalityProblems,
  REACTION_TIME_TOLERANCE_MS,
  TIMING_BASE_SHAPE,
  TRIAL_NUMBERING_SHAPE,
  TrialClockTimeSchema,
} from '../shared/envelope';
import { type Config, type Params, PhaseSchema, resolveConfig, VariantSchema } from './config';
import { foreperiodAt, type Plan } from './plan';
import { isPosition } from './run-order';

/** The response: Space on a keyboard, or a touch or a mouse's left button on the stage. */
export const RESPONSES = ['space', 'tap'] as const;
export type Response = (typeof RESPONSES)[number];

/**
 * What a trial was: 'valid' (a reaction time from the false-start threshold to under the lapse
 * threshold), 'lapse' (at or above the lapse threshold), 'false_start' (under the false-start
 * threshold: a press begun before the counter could be seen) or 'timeout' (no response before
 * the timeout; a lapse without a reaction time).
 */
export const TRIAL_TYPES = ['valid', 'lapse', 'false_start', 'timeout'] as const;
export type TrialType = (typeof TRIAL_TYPES)[number];

/**
 * False starts before the counter that restart one trial, at most: beyond them a press in the
 * foreperiod no longer restarts it (it is an extra response), so a record stays small.
 */
export const MAX_FALSE_STARTS_PER_TRIAL = 200;

/** The highest plan draw a trial may name (draws are taken again from the first after the last). */
export const MAX_PLAN_INDEX = 100_000;

/**
 * How far from its due time (its foreperiod after the foreperiod's start) a counter may be
 * presented before its trial counts as interrupted, ms. The counter is drawn in the frame whose
 * presentation is predicted nearest its due time, so it is normally within half a frame of it;
 * one presented much later had its foreperiod run while the page was hidden or stalled, and one
 * presented much earlier came from a display whose frames are far apart. Either way the
 * foreperiod was not the one drawn.
 */
export const OFF_SCHEDULE_MS = 100;

/**
 * Is a counter presented `sinceStartMs` after its foreperiod began, for a foreperiod of
 * `foreperiodMs`, off its schedule (more than OFF_SCHEDULE_MS from its due time)? The engine
 * and the server's check both ask this of the same recorded numbers, so they always agree.
 */
export function isOnsetOffSchedule(sinceStartMs: number, foreperiodMs: number): boolean {
  return Math.abs(sinceStartMs - foreperiodMs) > OFF_SCHEDULE_MS;
}

/**
 * Did a false start `afterMs` into a foreperiod of `foreperiodMs` come when the counter should
 * have been on screen for more than OFF_SCHEDULE_MS (so the counter was late)?
 */
export function isFalseStartLate(falseStart: FalseStart): boolean {
  return falseStart.afterMs - falseStart.foreperiodMs > OFF_SCHEDULE_MS;
}

const wholeMs = (name: string) =>
  z.number().int(`${name} must be whole ms`).nonnegative(`${name} cannot be negative`).max(65_535);
/** A time on task, or an interval within a run: at most a day, ms. */
const timeOnTaskMs = (name: string) =>
  z
    .number()
    .finite()
    .nonnegative(`${name} cannot be negative`)
    .max(24 * 60 * 60 * 1000, `${name} must be under a day`);

/**
 * A false start that restarted the trial: the interval it cut short (its draw) and when it came,
 * ms after that interval's start (a counter held back by a hidden page can make it long).
 */
export const FalseStartSchema = z.strictObject({
  foreperiodMs: wholeMs('falseStarts.foreperiodMs'),
  afterMs: timeOnTaskMs('falseStarts.afterMs'),
});
export type FalseStart = z.infer<typeof FalseStartSchema>;

/**
 * A trial's timing record, in ms on the page's performance.now() time line: the common part (the
 * counter's presented onset and how it was measured; the response's timestamp, null after a
 * timeout), where the counter's interval was counted from, where the trial's first interval was
 * (before any false start), and the timestamps of the false starts that restarted it.
 */
export const TimingSchema = z.strictObject({
  ...TIMING_BASE_SHAPE,
  responseTimestampMs: z.number().finite().nonnegative().nullable(),
  foreperiodStartMs: z.number().finite().nonnegative(),
  trialStartMs: z.number().finite().nonnegative(),
  falseStartsMs: z.array(z.number().finite().nonnegative()).max(MAX_FALSE_STARTS_PER_TRIAL),
});
export type Timing = z.infer<typeof TimingSchema>;

/**
 * A PVT trial as the browser sends it: the envelope every task shares and the task's own fields.
 * A trial is one counter: its foreperiod, the response (or the timeout), and the false starts
 * before the counter that restarted the trial with a new foreperiod.
 */
export const TrialSchema = z.strictObject({
  phase: PhaseSchema,
  ...TRIAL_NUMBERING_SHAPE,
  variant: VariantSchema,
  type: z.enum(TRIAL_TYPES, {
    error: "type must be 'valid', 'lapse', 'false_start' or 'timeout'",
  }),
  /** The response; null after a timeout. */
  response: z.enum(RESPONSES, { error: "response must be 'space', 'tap' or null" }).nullable(),
  /** ms from the counter's presented onset to the response, unrounded; null after a timeout. */
  reactionTime: NullableReactionTimeSchema,
  /** A valid response. */
  isCorrect: z.boolean(),
  /**
   * The interval drawn for the counter, from its foreperiod's start (timing.foreperiodStartMs:
   * the last press when intervals are counted from the response, the end of the feedback or of
   * 'Too soon!' when counted from the feedback's end) to its due onset, ms.
   */
  foreperiodMs: wholeMs('foreperiodMs'),
  /**
   * The response-to-stimulus interval: from the last press before the counter (the previous
   * trial's response, the press after its timeout, or this trial's last false start) to the
   * counter's presented onset, ms. Counted from the response it is the drawn interval plus the
   * counter's lateness; null on the first trial after the intro's button (a run's first, or a
   * resumed run's) without a false start: no press came before its counter.
   */
  rsiMs: z.number().finite().nonnegative().nullable(),
  /** The lapse threshold the trial was judged by, ms. */
  lapseThresholdMs: wholeMs('lapseThresholdMs'),
  /** The plan draw of the trial's first foreperiod; each restart takes the next. */
  planIndex: z.number().int().nonnegative().max(MAX_PLAN_INDEX),
  /** False starts that restarted the trial, and each one's foreperiod and time. */
  nFalseStarts: z.number().int().nonnegative().max(MAX_FALSE_STARTS_PER_TRIAL),
  falseStarts: z.array(FalseStartSchema).max(MAX_FALSE_STARTS_PER_TRIAL),
  /**
   * Time on task at the trial's first foreperiod start, ms: from the phase's first foreperiod,
   * resumes continued. 0 for a phase's first trial; for a later one, where the previous trial's
   * next interval started (nextForeperiodElapsedMs: its end, or its end plus the feedback when
   * intervals are counted from the feedback's end).
   */
  startElapsedMs: timeOnTaskMs('startElapsedMs'),
  /** Time on task at the counter's onset, ms. */
  elapsedMs: timeOnTaskMs('elapsedMs'),
  /** Time on task at the trial's end (its response, or the press that went on after its timeout), ms. */
  endElapsedMs: timeOnTaskMs('endElapsedMs'),
  /** The first trial after the run was resumed (a reload): its phase went on where it stopped. */
  resumed: z.boolean(),
  /** Presses that were neither the response nor a false start (during feedback or 'Too soon!'). */
  nExtraResponses: extraResponsesSchema(MAX_EXTRA_RESPONSES),
  inputModality: InputModalitySchema.optional(),
  /**
   * Device wall-clock time of the trial's first foreperiod start (ISO 8601, UTC): counted from the
   * response, the previous trial's end.
   */
  startTime: TrialClockTimeSchema,
  /** Device wall-clock time of the response or the timeout (ISO 8601, UTC). */
  endTime: TrialClockTimeSchema,
  timing: TimingSchema,
});
export type Trial = z.infer<typeof TrialSchema>;

/** The type of a trial with reaction time `rt` (null: a timeout) under `params`' thresholds. */
export function typeOf(
  params: Pick<Params, 'falseStartMs' | 'lapseThresholdMs'>,
  rt: number | null,
): TrialType {
  if (rt === null) return 'timeout';
  if (rt < params.falseStartMs) return 'false_start';
  return rt >= params.lapseThresholdMs ? 'lapse' : 'valid';
}

function positionProblem(params: Params, trial: Trial): string {
  const { phase, block, trialNumber } = positionOf(trial);
  if (block !== 0) return `block ${block} does not exist in the ${phase} (only 0)`;
  if (phase === 'habituation') {
    return `trialNumber ${trialNumber} does not exist in the habituation (0-${params.habituationTrials - 1})`;
  }
  return `trialNumber ${trialNumber} is more counters than the test can show`;
}

/** The problems of a trial's plan draws: each foreperiod must be the plan's, in order. */
function drawProblems(trial: Trial, plan: Plan): string[] {
  const problems: string[] = [];
  if (trial.planIndex < trial.trialNumber) {
    problems.push(
      `planIndex ${trial.planIndex} is before trial ${trial.trialNumber}'s first possible draw`,
    );
  }
  if (trial.trialNumber === 0 && trial.planIndex !== 0) {
    problems.push(`The ${trial.phase}'s first trial must take its first draw (planIndex 0)`);
  }
  if (
    trial.nFalseStarts !== trial.falseStarts.length ||
    trial.nFalseStarts !== trial.timing.falseStartsMs.length
  ) {
    problems.push(
      'nFalseStarts, falseStarts and timing.falseStartsMs must count the same false starts',
    );
    return problems;
  }
  trial.falseStarts.forEach((falseStart, i) => {
    const planned = foreperiodAt(plan, trial.phase, trial.planIndex + i);
    if (falseStart.foreperiodMs !== planned) {
      problems.push(
        `falseStarts[${i}].foreperiodMs must be the plan's draw ${trial.planIndex + i} (${planned} ms)`,
      );
    }
  });
  const planned = foreperiodAt(plan, trial.phase, trial.planIndex + trial.nFalseStarts);
  if (trial.foreperiodMs !== planned) {
    problems.push(
      `foreperiodMs must be the plan's draw ${trial.planIndex + trial.nFalseStarts} (${planned} ms)`,
    );
  }
  return problems;
}

/** The problems of the response: what was pressed, its type and correctness, its RT. */
function responseProblems(params: Params, trial: Trial): string[] {
  const problems: string[] = [];
  const { responseTimestampMs, stimulusOnsetMs } = trial.timing;
  const timedOut = trial.type === 'timeout';
  const answered = [trial.response, trial.reactionTime, responseTimestampMs].map((v) => v !== null);
  if (answered.some((isSet) => isSet === timedOut)) {
    problems.push(
      timedOut
        ? 'A timeout has no response, reactionTime or timing.responseTimestampMs'
        : 'A response needs a response, a reactionTime and timing.responseTimestampMs',
    );
  }
  problems.push(...pressModalityProblems(trial));
  if (trial.reactionTime !== null) {
    const expected = typeOf(params, trial.reactionTime);
    if (!timedOut && trial.type !== expected) {
      problems.push(
        `type must be '${expected}' for a reaction time of ${trial.reactionTime} ms (false start under ${params.falseStartMs} ms, lapse from ${params.lapseThresholdMs} ms)`,
      );
    }
    if (trial.reactionTime > params.maxRtMs) {
      problems.push(
        `reactionTime ${trial.reactionTime} ms is beyond the timeout (${params.maxRtMs} ms)`,
      );
    }
    if (responseTimestampMs !== null && responseTimestampMs >= stimulusOnsetMs) {
      const measured = responseTimestampMs - stimulusOnsetMs;
      if (Math.abs(trial.reactionTime - measured) > REACTION_TIME_TOLERANCE_MS) {
        problems.push(
          'reactionTime must be timing.responseTimestampMs minus timing.stimulusOnsetMs',
        );
      }
    }
  }
  if (trial.isCorrect !== (trial.type === 'valid')) {
    problems.push('isCorrect must be true for a valid response and false otherwise');
  }
  return problems;
}

/**
 * Where each interval of the trial was counted from, on the page's time line: the first from the
 * trial's start, each after a false start from the false start itself (counted from the
 * response) or from the end of its 'Too soon!' (the false start plus the feedback).
 */
function foreperiodStartsOf(params: Params, trial: Trial): number[] {
  const { trialStartMs, falseStartsMs } = trial.timing;
  const after = params.intervalFrom === 'response' ? 0 : params.feedbackMs;
  return [trialStartMs, ...falseStartsMs.map((ms) => ms + after)];
}

/** Is the trial the first after the intro's button: a run's first, or a resumed run's? */
function isFirstAfterIntro(params: Params, trial: Trial): boolean {
  const isRunFirst =
    trial.trialNumber === 0 && (trial.phase === 'habituation' || params.habituationTrials === 0);
  return trial.resumed || isRunFirst;
}

const isAbout = (a: number, b: number) => Math.abs(a - b) <= REACTION_TIME_TOLERANCE_MS;

/** The problems of the foreperiods' times: where each began, and its false start in it. */
function foreperiodProblems(params: Params, trial: Trial): string[] {
  const problems: string[] = [];
  const t = trial.timing;
  const starts = foreperiodStartsOf(params, trial);
  if (!isAbout(t.foreperiodStartMs, starts.at(-1) as number)) {
    problems.push(
      trial.nFalseStarts === 0
        ? 'timing.foreperiodStartMs must be timing.trialStartMs without a false start'
        : params.intervalFrom === 'response'
          ? 'timing.foreperiodStartMs must be the last false start'
          : 'timing.foreperiodStartMs must be the last false start plus the feedback',
    );
  }
  trial.falseStarts.forEach((falseStart, i) => {
    const atMs = t.falseStartsMs[i] as number;
    if (!isAbout(falseStart.afterMs, atMs - (starts[i] as number))) {
      problems.push(
        `falseStarts[${i}].afterMs must be its timestamp minus the start of its foreperiod`,
      );
    }
    // Counted from a false start, the interval shows 'Too soon!' first: no press counts then.
    if (
      i > 0 &&
      params.intervalFrom === 'response' &&
      falseStart.afterMs < params.feedbackMs - REACTION_TIME_TOLERANCE_MS
    ) {
      problems.push(
        `falseStarts[${i}].afterMs is within the 'Too soon!' of the false start before (${params.feedbackMs} ms)`,
      );
    }
  });
  const offSchedule =
    isOnsetOffSchedule(t.stimulusOnsetMs - t.foreperiodStartMs, trial.foreperiodMs) ||
    trial.falseStarts.some(isFalseStartLate);
  if (offSchedule && !t.wasInterrupted) {
    problems.push(
      `A counter presented more than ${OFF_SCHEDULE_MS} ms from its due time marks its trial interrupted (timing.wasInterrupted)`,
    );
  }
  return problems;
}

/**
 * The problems of the response-to-stimulus interval when intervals are counted from the response:
 * the counter's interval was counted from the last press before it, so rsiMs is the onset minus
 * the foreperiod's start; null exactly when no press came before the counter (the first trial
 * after the intro's button, without a false start).
 */
function rsiProblems(params: Params, trial: Trial): string[] {
  const isNull = isFirstAfterIntro(params, trial) && trial.nFalseStarts === 0;
  if (isNull) {
    return trial.rsiMs === null
      ? []
      : [
          "rsiMs must be null on the first trial after the intro's button without a false start: no press came before its counter",
        ];
  }
  const { stimulusOnsetMs, foreperiodStartMs } = trial.timing;
  if (trial.rsiMs === null || !isAbout(trial.rsiMs, stimulusOnsetMs - foreperiodStartMs)) {
    return [
      'rsiMs must be timing.stimulusOnsetMs minus timing.foreperiodStartMs (the last press before the counter)',
    ];
  }
  return [];
}

/** The problems of the timing record and the times on task. */
function timingProblems(params: Params, trial: Trial): string[] {
  const problems: string[] = [];
  const t = trial.timing;
  const inOrder =
    t.trialStartMs <= t.foreperiodStartMs &&
    t.foreperiodStartMs <= t.stimulusOnsetMs &&
    (t.responseTimestampMs === null || t.stimulusOnsetMs <= t.responseTimestampMs) &&
    t.falseStartsMs.every(
      (ms, i) =>
        ms >= t.trialStartMs &&
        ms <= t.foreperiodStartMs &&
        (i === 0 || ms >= (t.falseStartsMs[i - 1] as number)),
    );
  if (!inOrder) {
    problems.push(
      'The timing events are out of order: trial start, false starts, foreperiod start, onset, response',
    );
    return problems;
  }
  problems.push(...foreperiodProblems(params, trial));
  if (params.intervalFrom === 'response') {
    problems.push(...rsiProblems(params, trial));
  } else if (trial.rsiMs !== null) {
    // The last press before the counter: this trial's last false start, or one before the trial.
    const lastFalseStartMs = t.falseStartsMs.at(-1);
    if (lastFalseStartMs !== undefined) {
      if (!isAbout(trial.rsiMs, t.stimulusOnsetMs - lastFalseStartMs)) {
        problems.push('rsiMs must be the onset minus the last false start');
      }
    } else if (trial.rsiMs < t.stimulusOnsetMs - t.trialStartMs - REACTION_TIME_TOLERANCE_MS) {
      problems.push('rsiMs is shorter than the trial so far');
    }
  }
  if (trial.reactionTime !== null) {
    const expectedEnd = trial.elapsedMs + trial.reactionTime;
    if (Math.abs(trial.endElapsedMs - expectedEnd) > REACTION_TIME_TOLERANCE_MS) {
      problems.push('endElapsedMs must be elapsedMs plus the reaction time');
    }
  } else if (trial.endElapsedMs < trial.elapsedMs + params.maxRtMs - REACTION_TIME_TOLERANCE_MS) {
    problems.push('endElapsedMs of a timeout must be at least elapsedMs plus the timeout');
  }
  if (!isAbout(trial.startElapsedMs, trial.elapsedMs - (t.stimulusOnsetMs - t.trialStartMs))) {
    problems.push(
      'startElapsedMs must be elapsedMs minus the time from the trial start to the onset',
    );
  }
  if (trial.trialNumber === 0 && !isAbout(trial.startElapsedMs, 0)) {
    problems.push(`The ${trial.phase}'s first trial must start at time on task 0`);
  }
  if (
    trial.phase === 'test' &&
    trial.startElapsedMs >= params.durationMs + REACTION_TIME_TOLERANCE_MS
  ) {
    problems.push(
      `The trial began ${(trial.startElapsedMs / 1000).toFixed(1)} s into a ${params.durationMs / 1000} s test: no trial starts once its time is up`,
    );
  }
  if (Date.parse(trial.endTime) < Date.parse(trial.startTime)) {
    problems.push('endTime is before startTime');
  }
  return problems;
}

/**
 * Everything that makes a submitted trial impossible for this run, as messages: a position the
 * run cannot have, a variant or lapse threshold other than the run's, foreperiods other than the
 * plan's draws in order, a response record that contradicts itself, a type or correctness that
 * does not follow from the reaction time and the thresholds, a reaction time other than the
 * response timestamp minus the onset, timing events out of order, foreperiods that do not follow
 * from the trial's start and its false starts (counted from the response: a false start within
 * the 'Too soon!' of the one before, or a response-to-stimulus interval other than the onset minus
 * the last press), a counter off its due time by more than OFF_SCHEDULE_MS on a trial not
 * marked interrupted, times on task that disagree with the
 * timing record, a phase's first trial not at its first draw and time on task 0, a test trial
 * begun after the test's time was up. Empty when valid. Cheap: every save runs it; that each
 * trial follows the one before is the run's check (findRunImplausibility).
 */
export function findTrialProblems(trial: Trial, plan: Plan, config: Config): string[] {
  const params = resolveConfig(config);
  if (!isPosition(params, positionOf(trial))) return [positionProblem(params, trial)];
  const problems: string[] = [];
  if (trial.variant !== params.variant) {
    problems.push(`variant must be '${params.variant}' for this run`);
  }
  if (trial.lapseThresholdMs !== params.lapseThresholdMs) {
    problems.push(`lapseThresholdMs must be ${params.lapseThresholdMs} for this run`);
  }
  return [
    ...problems,
    ...drawProblems(trial, plan),
    ...responseProblems(params, trial),
    ...timingProblems(params, trial),
  ];
}
