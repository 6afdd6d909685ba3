import type { ExportColumn } from '../../exports/trial-columns';
import type { StoredTrial } from '../contract';
import { MAX_EVENTS } from './config';
import { distancesTo } from './puzzle';
import type { Event } from './replay';
import type { Trial } from './trial';

/**
 * A problem's events as the export writes them: each with its attempt (1-based) and the fewest
 * moves from the position after it to the goal, by breadth-first search.
 */
export function exportedEvents(
  goal: string,
  events: readonly Event[],
): (Event & { attempt: number; distanceToGoal: number })[] {
  const distances = distancesTo(goal);
  let attempt = 1;
  return events.map((event) => {
    if (event.type === 'reset') attempt += 1;
    return { ...event, attempt, distanceToGoal: distances.get(event.after) ?? -1 };
  });
}

type Stored = StoredTrial<Trial>;

/** The Tower of Hanoi's own columns of the trial export, after the common ones (ADR 027). */
export const EXPORT_COLUMNS: readonly ExportColumn<Stored>[] = [
  {
    name: 'toh_problem_id',
    type: 'string',
    description:
      "The problem: 'bishop-1' to 'bishop-13' (Bishop et al. 2001, in order), 'classic-<discs>', 'random-<n>' or 'practice'. One row per problem; reaction_time_ms is its planning time (onset to the first disc lifted) and is_correct whether it was solved.",
    value: (t) => t.problemId,
  },
  {
    name: 'toh_discs',
    type: 'integer',
    description: 'Discs in the problem.',
    value: (t) => t.discs,
  },
  {
    name: 'toh_start',
    type: 'string',
    description:
      "Where the discs start: the peg (1 left, 2 middle, 3 right) of each disc, the largest first; '123' has the largest disc on the left peg and the smallest on the right.",
    value: (t) => t.start,
  },
  {
    name: 'toh_goal',
    type: 'string',
    description: 'Where the discs must go, written as toh_start.',
    value: (t) => t.goal,
  },
  {
    name: 'toh_min_moves',
    type: 'integer',
    description: 'The fewest moves from the start to the goal (breadth-first search).',
    value: (t) => t.minMoves,
  },
  {
    name: 'toh_solved',
    type: 'boolean',
    description: 'The goal was reached within the limits.',
    value: (t) => t.solved,
  },
  {
    name: 'toh_end_reason',
    type: 'string',
    description: `Why the problem ended: 'solved', 'timeLimit' (the last attempt's time ran out), 'moveLimit' (its move limit was reached), 'eventLimit' (it recorded its share of the problem's ${MAX_EVENTS} events).`,
    value: (t) => t.endReason,
  },
  {
    name: 'toh_attempts',
    type: 'integer',
    description: 'Attempts begun (each after the first starts again from the start position).',
    value: (t) => t.attempts,
  },
  {
    name: 'toh_moves',
    type: 'integer',
    description:
      'Moves (discs put on another peg) in the last attempt, the solving one for a solved problem. Cancels and refused drops are not moves.',
    value: (t) => t.moves,
  },
  {
    name: 'toh_total_moves',
    type: 'integer',
    description: 'Moves over every attempt.',
    value: (t) => t.totalMoves,
  },
  {
    name: 'toh_excess_moves',
    type: 'integer',
    description: 'toh_moves minus toh_min_moves, for a solved problem; empty when unsolved.',
    value: (t) => (t.solved ? t.moves - t.minMoves : null),
  },
  {
    name: 'toh_illegal_attempts',
    type: 'integer',
    description: 'Drops refused because the disc below was smaller (rule-violation attempts).',
    value: (t) => t.illegalAttempts,
  },
  {
    name: 'toh_empty_source_attempts',
    type: 'integer',
    description: 'Taps on an empty peg with no disc lifted.',
    value: (t) => t.emptySourceAttempts,
  },
  {
    name: 'toh_cancels',
    type: 'integer',
    description: 'Lifted discs put back on their own peg.',
    value: (t) => t.cancels,
  },
  {
    name: 'toh_planning_time_ms',
    type: 'number',
    description: 'ms from the onset to the first disc lifted (= reaction_time_ms); empty if none.',
    value: (t) => t.reactionTime,
  },
  {
    name: 'toh_first_move_time_ms',
    type: 'number',
    description: 'ms from the onset to the first move completed (its drop); empty if none.',
    value: (t) => t.firstMoveTimeMs,
  },
  {
    name: 'toh_solution_time_ms',
    type: 'number',
    description: 'ms from the onset to the move that solved it; empty when unsolved.',
    value: (t) => t.solutionTimeMs,
  },
  {
    name: 'toh_total_time_ms',
    type: 'number',
    description: "ms from the onset to the problem's end.",
    value: (t) => t.totalTimeMs,
  },
  {
    name: 'toh_restarted',
    type: 'boolean',
    description:
      'The problem had been shown before the page was reloaded and was given again from its start (left out of the time scores).',
    value: (t) => t.restarted,
  },
  {
    name: 'toh_events',
    type: 'string',
    description:
      "Every event of the problem as a JSON array, in order: type ('pickup', 'drop', 'cancel', 'illegal', 'emptySource', 'reset'), disc (1 = the smallest), from and to (pegs 1-3), legal, before and after (positions as toh_start), atMs (ms from the onset), sinceLastMs, modality, attempt, and distanceToGoal (fewest moves from the position after it to the goal).",
    value: (t) => JSON.stringify(exportedEvents(t.goal, t.events)),
  },
];
