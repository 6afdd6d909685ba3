import type { InputModality } from '../shared/envelope';
import { attemptEventLimit, attemptLimitMs, type Config, MAX_EVENTS, moveLimitOf } from './config';
import type { Problem } from './plan';
import { applyMove, isLegalMove, type Peg, topDisc } from './puzzle';

/**
 * What a participant did, one event each:
 * - 'pickup': a disc lifted from the top of `from`;
 * - 'drop': the lifted disc put on another peg, `to`: a move;
 * - 'cancel': the lifted disc put back on its own peg (not a move);
 * - 'illegal': the lifted disc aimed at a peg whose top disc is smaller: refused, the disc stays
 *   lifted;
 * - 'emptySource': an empty peg tapped with no disc lifted;
 * - 'reset': an attempt ended unsolved (its time limit, its move limit or its share of the record
 *   reached) and the discs went back to the start for the next attempt.
 */
export const EVENT_TYPES = ['pickup', 'drop', 'cancel', 'illegal', 'emptySource', 'reset'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** One event of a problem, as the trial records it. */
export type Event = {
  type: EventType;
  /** The disc lifted, moved, put back or refused (1 = the smallest); null for emptySource, reset. */
  disc: number | null;
  /** The peg the disc came from (the empty peg tapped, for emptySource); null for reset. */
  from: Peg | null;
  /** The peg aimed at (drop, illegal; the origin for cancel); null otherwise. */
  to: Peg | null;
  /** False for a refused drop (illegal) only. */
  legal: boolean;
  /** The position before and after the event (they differ for a drop and a reset only). */
  before: string;
  after: string;
  /** ms from the problem's onset to the input event's timestamp (to the limit, for reset). */
  atMs: number;
  /** ms since the previous event (since the onset, for the first). */
  sinceLastMs: number;
  /** The input that made it; null for reset, which nobody made. */
  modality: InputModality | null;
};

/** Why a problem ended. */
export const END_REASONS = ['solved', 'timeLimit', 'moveLimit', 'eventLimit'] as const;
export type EndReason = (typeof END_REASONS)[number];

/** What follows from a problem's events: what the trial states about them, and a little more. */
export type Summary = {
  solved: boolean;
  /** Attempts begun (1 + resets). */
  attempts: number;
  /** Moves (drops) of the last attempt: the solving one, for a solved problem. */
  moves: number;
  /** Moves of every attempt. */
  totalMoves: number;
  illegalAttempts: number;
  emptySourceAttempts: number;
  cancels: number;
  /** ms from the onset to the first pickup (planning time); null without one. */
  firstPickupMs: number | null;
  /** ms from the onset to the first move completed (the first drop); null without one. */
  firstMoveTimeMs: number | null;
  /** ms from the onset to the drop that solved it; null when unsolved. */
  solutionTimeMs: number | null;
  /**
   * ms from the solving attempt's first pickup to the solving drop: the time spent moving, the
   * planning before the first move left out; null when unsolved.
   */
  executionTimeMs: number | null;
  /** The last event's time (0 without events). */
  lastEventMs: number;
  /** The position the problem ended in. */
  finalPosition: string;
  /**
   * Why it ended, as far as the events tell: 'solved', 'moveLimit' (the last attempt's move
   * limit reached), 'eventLimit' (the last attempt's share of the record full); null when only
   * the time limit can have ended it.
   */
  endedBy: Exclude<EndReason, 'timeLimit'> | null;
  /** Where the last attempt began, ms after the onset (its time limit counts from here). */
  lastAttemptStartMs: number;
};

/** How far a time may be from the difference it is computed from (rounding to the µs), ms. */
export const TIME_TOLERANCE_MS = 0.002;

/** A time as the record keeps it: rounded to the microsecond. */
export const roundMs = (ms: number) => Math.round(ms * 1000) / 1000;

/**
 * Replays a problem's events from its start, by the rules: each event must be possible in the
 * position and lift state it happens in, with the times in order and within the attempt's limit,
 * and a reset only where an attempt ended (its time limit, or at once at its move limit or its
 * share of events) with another attempt left. Returns what follows from
 * them and, as messages, whatever makes them impossible (empty when they are a possible record).
 */
export function replay(
  problem: Pick<Problem, 'start' | 'goal' | 'minMoves'>,
  events: readonly Event[],
  config: Config,
): { summary: Summary; problems: string[] } {
  const problems: string[] = [];
  const limitMs = attemptLimitMs(config);
  const moveLimit = moveLimitOf(config, problem.minMoves);
  const limit = attemptEventLimit(config);
  let position = problem.start;
  let lifted: { disc: number; from: Peg } | null = null;
  let attempt = 1;
  let attemptStartMs = 0;
  /** Events of the attempt so far, not counting the reset that began it. */
  let attemptEvents = 0;
  let moves = 0;
  let totalMoves = 0;
  let illegal = 0;
  let empty = 0;
  let cancels = 0;
  let firstPickupMs: number | null = null;
  let firstMoveMs: number | null = null;
  let attemptFirstPickupMs: number | null = null;
  let solvedAtMs: number | null = null;
  let executionTimeMs: number | null = null;
  let lastMs = 0;
  /** The attempt has ended unsolved by its move or event limit: the next event must be a reset. */
  let awaitingReset = false;
  let endedBy: Summary['endedBy'] = null;

  for (const [i, event] of events.entries()) {
    const where = `events[${i}]`;
    const fail = (message: string) => problems.push(`${where}: ${message}`);
    if (endedBy !== null) {
      fail(`the problem had already ended (${endedBy})`);
      break;
    }
    if (event.atMs < lastMs) fail('atMs goes back in time');
    if (Math.abs(event.sinceLastMs - (event.atMs - lastMs)) > TIME_TOLERANCE_MS) {
      fail('sinceLastMs must be atMs minus the previous event’s atMs');
    }
    if (event.before !== position) fail(`before must be '${position}'`);
    if ((event.type === 'reset') !== (event.modality === null)) {
      fail('modality must be null exactly for a reset');
    }
    const deadlineMs = attemptStartMs + limitMs;
    if (event.type !== 'reset' && event.atMs >= deadlineMs) {
      fail(`atMs ${event.atMs} is past the attempt's time limit (${deadlineMs})`);
    }
    if (awaitingReset && event.type !== 'reset') {
      fail('the attempt reached its move or event limit: a reset must follow');
    }
    const unchanged = () => {
      if (event.after !== event.before) fail('after must equal before');
    };
    switch (event.type) {
      case 'pickup': {
        const top = event.from === null ? null : topDisc(position, event.from);
        if (lifted) fail('a disc is already lifted');
        else if (event.from === null || top === null) fail('pickup from a peg without a disc');
        else if (event.disc !== top) fail(`disc must be ${top}, the top disc of peg ${event.from}`);
        if (event.to !== null || !event.legal) fail('a pickup has no target and is legal');
        unchanged();
        if (event.from !== null && top !== null) lifted = { disc: top, from: event.from };
        firstPickupMs ??= event.atMs;
        attemptFirstPickupMs ??= event.atMs;
        break;
      }
      case 'emptySource':
        if (lifted) fail('a disc is lifted: a tap is a drop, not a source');
        if (event.from === null || topDisc(position, event.from) !== null) {
          fail('emptySource must name an empty peg');
        }
        if (event.disc !== null || event.to !== null || !event.legal) {
          fail('an empty-source tap has no disc and no target and is legal');
        }
        unchanged();
        empty += 1;
        break;
      case 'cancel':
      case 'illegal':
      case 'drop': {
        if (!lifted) {
          fail(`a ${event.type} needs a lifted disc`);
          unchanged();
          break;
        }
        if (event.disc !== lifted.disc || event.from !== lifted.from) {
          fail(`disc and from must be the lifted disc ${lifted.disc} from peg ${lifted.from}`);
        }
        const to = event.to;
        if (to === null) {
          fail(`a ${event.type} has a target peg`);
          unchanged();
          break;
        }
        if (event.type === 'cancel') {
          if (to !== lifted.from || !event.legal)
            fail('a cancel puts the disc back on its own peg');
          unchanged();
          cancels += 1;
          lifted = null;
          break;
        }
        const legal = isLegalMove(position, lifted.from, to);
        if (event.type === 'illegal') {
          if (to === lifted.from || legal || event.legal) {
            fail('an illegal drop aims at a peg whose top disc is smaller, and is not legal');
          }
          unchanged();
          illegal += 1;
          break;
        }
        if (!legal || !event.legal) {
          fail(`the drop of disc ${lifted.disc} from peg ${lifted.from} on peg ${to} is not legal`);
          break;
        }
        const after = applyMove(position, lifted.from, to);
        if (event.after !== after) fail(`after must be '${after}'`);
        position = after;
        lifted = null;
        moves += 1;
        totalMoves += 1;
        firstMoveMs ??= event.atMs;
        if (position === problem.goal) {
          solvedAtMs = event.atMs;
          executionTimeMs = event.atMs - (attemptFirstPickupMs ?? event.atMs);
          endedBy = 'solved';
        } else if (moveLimit !== null && moves >= moveLimit) {
          if (attempt >= config.maxAttempts) endedBy = 'moveLimit';
          else awaitingReset = true;
        }
        break;
      }
      case 'reset': {
        const timeUp = Math.abs(event.atMs - deadlineMs) <= TIME_TOLERANCE_MS;
        const atLimit = awaitingReset && event.atMs === lastMs;
        if (!timeUp && !atLimit) {
          fail(
            'a reset comes at the attempt’s time limit, or at once when its move or event limit is reached',
          );
        }
        if (attempt >= config.maxAttempts) fail(`no attempt is left after attempt ${attempt}`);
        if (event.disc !== null || event.from !== null || event.to !== null || !event.legal) {
          fail('a reset has no disc, no pegs and is legal');
        }
        if (event.after !== problem.start) fail(`after must be the start, '${problem.start}'`);
        position = problem.start;
        lifted = null;
        attempt += 1;
        attemptStartMs = event.atMs;
        attemptFirstPickupMs = null;
        moves = 0;
        attemptEvents = 0;
        awaitingReset = false;
        break;
      }
    }
    lastMs = event.atMs;
    if (event.type !== 'reset') {
      attemptEvents += 1;
      if (endedBy === null && !awaitingReset && attemptEvents >= limit) {
        if (attempt >= config.maxAttempts) endedBy = 'eventLimit';
        else awaitingReset = true;
      }
    }
  }
  if (events.length > MAX_EVENTS) {
    problems.push(`A problem records at most ${MAX_EVENTS} events`);
  }
  if (awaitingReset && endedBy === null) {
    problems.push('An attempt reached its move or event limit: a reset must follow');
  }
  return {
    summary: {
      solved: solvedAtMs !== null,
      attempts: attempt,
      moves,
      totalMoves,
      illegalAttempts: illegal,
      emptySourceAttempts: empty,
      cancels,
      firstPickupMs,
      firstMoveTimeMs: firstMoveMs,
      solutionTimeMs: solvedAtMs,
      executionTimeMs,
      lastEventMs: lastMs,
      finalPosition: position,
      endedBy,
      lastAttemptStartMs: attemptStartMs,
    },
    problems,
  };
}

/**
 * What a trial states beside its events that follows from them alone: the counts, the times and
 * the planning time (the envelope's reaction time). The engine writes these; the server's check
 * requires them equal.
 */
export function statedByEvents(summary: Summary) {
  return {
    attempts: summary.attempts,
    moves: summary.moves,
    totalMoves: summary.totalMoves,
    illegalAttempts: summary.illegalAttempts,
    emptySourceAttempts: summary.emptySourceAttempts,
    cancels: summary.cancels,
    firstMoveTimeMs: summary.firstMoveTimeMs,
    solutionTimeMs: summary.solutionTimeMs,
    reactionTime: summary.firstPickupMs,
  };
}
