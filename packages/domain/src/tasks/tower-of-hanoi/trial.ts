import { z } from 'zod';
import {
  InputModalitySchema,
  MAX_REACTION_TIME_MS,
  NullableReactionTimeSchema,
  positionOf,
  TIMING_BASE_SHAPE,
  TRIAL_NUMBERING_SHAPE,
  TrialClockTimeSchema,
} from '../shared/envelope';
import { attemptLimitMs, type Config, MAX_EVENTS, PhaseSchema } from './config';
import { type Plan, problemAt } from './plan';
import { MAX_DISCS, POSITION_PATTERN } from './puzzle';
import {
  END_REASONS,
  type EndReason,
  EVENT_TYPES,
  replay,
  statedByEvents,
  TIME_TOLERANCE_MS,
} from './replay';
import { positionProblem } from './run-order';

/** How far the record's derived times may be from the timestamps they come from, ms. */
export const RT_TOLERANCE_MS = 0.01;

const position = (field: string) =>
  z.string().regex(POSITION_PATTERN, `${field} must be 1 to ${MAX_DISCS} peg numbers (1-3)`);
const peg = z.union([z.literal(1), z.literal(2), z.literal(3)]).nullable();
const ms = z.number().finite().nonnegative().max(MAX_REACTION_TIME_MS);
const timestamp = z.number().finite().nonnegative();
const count = z.number().int().nonnegative().max(MAX_EVENTS);

/** One event of a problem (replay.ts describes each kind). */
export const EventSchema = z.strictObject({
  type: z.enum(EVENT_TYPES),
  disc: z.number().int().min(1).max(MAX_DISCS).nullable(),
  from: peg,
  to: peg,
  legal: z.boolean(),
  before: position('before'),
  after: position('after'),
  atMs: ms,
  sinceLastMs: ms,
  modality: InputModalitySchema.nullable(),
});

/**
 * A problem's timing record, in ms on the page's performance.now() time line: the onset is the
 * problem's presentation (start and goal drawn together), the response is the first pickup.
 */
export const TimingSchema = z.strictObject({
  ...TIMING_BASE_SHAPE,
  /** The first pickup's event timestamp; null when no disc was lifted. */
  responseTimestampMs: timestamp.nullable(),
  /** When the problem ended: the solving drop, the time limit, the last attempt's last move. */
  endMs: timestamp,
});

/**
 * A Tower of Hanoi trial: one problem, with every event of it. The envelope's reaction time is
 * the planning time (onset to the first pickup) and isCorrect is `solved`; the rest is the
 * task's own: the planned problem, the events, and what follows from them (which the server
 * recomputes from the events and compares).
 */
export const TrialSchema = z.strictObject({
  phase: PhaseSchema,
  ...TRIAL_NUMBERING_SHAPE,
  problemId: z.string().min(1).max(32),
  discs: z.number().int().min(1).max(MAX_DISCS),
  start: position('start'),
  goal: position('goal'),
  minMoves: z
    .number()
    .int()
    .nonnegative()
    .max(2 ** MAX_DISCS),
  events: z.array(EventSchema).max(MAX_EVENTS),
  solved: z.boolean(),
  endReason: z.enum(END_REASONS),
  timedOut: z.boolean(),
  attempts: z.number().int().min(1).max(9),
  moves: count,
  totalMoves: count,
  illegalAttempts: count,
  emptySourceAttempts: count,
  cancels: count,
  /** ms from the onset to the first completed move; null without one. */
  firstMoveTimeMs: ms.nullable(),
  /** ms from the onset to the solving drop; null when unsolved. */
  solutionTimeMs: ms.nullable(),
  /** ms from the onset to the problem's end. */
  totalTimeMs: ms,
  /** The problem was begun before the page was reloaded, and is given again from its start. */
  restarted: z.boolean(),
  /** A problem has no single response. */
  response: z.null(),
  /** Planning time: ms from the onset to the first pickup; null when no disc was lifted. */
  reactionTime: NullableReactionTimeSchema,
  /** The problem was solved. */
  isCorrect: z.boolean(),
  inputModality: InputModalitySchema.optional(),
  /** Device wall-clock time of the onset and of the end (ISO 8601, UTC). */
  startTime: TrialClockTimeSchema,
  endTime: TrialClockTimeSchema,
  timing: TimingSchema,
});
export type Trial = z.infer<typeof TrialSchema>;

/**
 * The end reason the events and the time allow: the one the events give, or else the time limit
 * when the problem ends exactly at its last attempt's limit; null when neither fits.
 */
function endReasonOf(
  endedBy: EndReason | null,
  totalTimeMs: number,
  deadlineMs: number,
): EndReason | null {
  if (endedBy !== null) return endedBy;
  return Math.abs(totalTimeMs - deadlineMs) <= TIME_TOLERANCE_MS ? 'timeLimit' : null;
}

/**
 * Everything that makes a submitted problem impossible for this run, as messages: a position
 * the plan lacks, a problem other than the planned one, events the rules do not allow (replayed
 * from the planned start: an illegal drop recorded as a move, positions that do not follow,
 * times that go back or pass the limit), a solved flag the final position contradicts, counts
 * and times that do not follow from the events, and a timing record that contradicts itself.
 * Empty when valid.
 */
export function findTrialProblems(trial: Trial, plan: Plan, config: Config): string[] {
  const at = positionOf(trial);
  const problem = positionProblem(plan, at);
  if (problem !== null) return [problem];
  const planned = problemAt(plan, at);
  if (!planned) return ['The trial is not part of this run'];
  const where = `${at.phase} problem ${at.trialNumber}`;
  const problems: string[] = [];
  for (const key of ['problemId', 'discs', 'start', 'goal', 'minMoves'] as const) {
    const stated = key === 'problemId' ? trial.problemId : trial[key];
    if (stated !== planned[key === 'problemId' ? 'id' : key]) {
      problems.push(`${key} must be '${planned[key === 'problemId' ? 'id' : key]}' for ${where}`);
    }
  }
  if (problems.length > 0) return problems;
  const { summary, problems: replayProblems } = replay(planned, trial.events, config);
  problems.push(...replayProblems);

  if (trial.solved !== summary.solved) {
    problems.push(
      summary.solved
        ? 'solved must be true: the last move reached the goal'
        : `solved must be false: the discs ended at '${summary.finalPosition}', not the goal '${planned.goal}'`,
    );
  }
  if (trial.solved && trial.moves < planned.minMoves) {
    problems.push(`A solution takes at least ${planned.minMoves} moves, not ${trial.moves}`);
  }
  if (trial.isCorrect !== trial.solved) problems.push('isCorrect must equal solved');
  const stated = statedByEvents(summary);
  for (const [key, value] of Object.entries(stated)) {
    if (trial[key as keyof typeof stated] !== value) {
      problems.push(`${key} must be ${value} by the events`);
    }
  }
  if (trial.attempts > config.maxAttempts) {
    problems.push(`At most ${config.maxAttempts} attempts are allowed`);
  }
  const deadlineMs = summary.lastAttemptStartMs + attemptLimitMs(config);
  const reason = endReasonOf(summary.endedBy, trial.totalTimeMs, deadlineMs);
  if (reason === null) {
    problems.push(
      'The problem ends when it is solved, at the time limit of its last attempt, or at a limit of moves or events',
    );
  } else if (trial.endReason !== reason) {
    problems.push(`endReason must be '${reason}'`);
  } else if (reason === 'timeLimit' && summary.attempts < config.maxAttempts) {
    // An attempt whose time runs out with another left ends in a reset, not the problem's end.
    problems.push(
      `The time limit ends the problem only in its last attempt: ${summary.attempts} of ${config.maxAttempts} were begun`,
    );
  }
  if (trial.timedOut !== (trial.endReason === 'timeLimit')) {
    problems.push("timedOut must be true exactly when endReason is 'timeLimit'");
  }
  if (reason !== 'timeLimit' && trial.totalTimeMs !== summary.lastEventMs) {
    problems.push('totalTimeMs must be the last event’s atMs');
  }
  if (trial.totalTimeMs < summary.lastEventMs)
    problems.push('totalTimeMs is before the last event');

  const { timing } = trial;
  if ((timing.responseTimestampMs === null) !== (trial.reactionTime === null)) {
    problems.push('timing.responseTimestampMs must be set exactly when reactionTime is');
  } else if (
    timing.responseTimestampMs !== null &&
    trial.reactionTime !== null &&
    Math.abs(timing.responseTimestampMs - timing.stimulusOnsetMs - trial.reactionTime) >
      RT_TOLERANCE_MS
  ) {
    problems.push('reactionTime must be timing.responseTimestampMs minus timing.stimulusOnsetMs');
  }
  if (Math.abs(timing.endMs - timing.stimulusOnsetMs - trial.totalTimeMs) > RT_TOLERANCE_MS) {
    problems.push('totalTimeMs must be timing.endMs minus timing.stimulusOnsetMs');
  }
  const firstInput = trial.events.find((event) => event.modality !== null);
  if (firstInput && (trial.inputModality ?? 'keyboard') !== firstInput.modality) {
    problems.push(`inputModality must be '${firstInput.modality}', the first input's`);
  }
  if (Date.parse(trial.endTime) < Date.parse(trial.startTime)) {
    problems.push('endTime is before startTime');
  }
  return problems;
}
