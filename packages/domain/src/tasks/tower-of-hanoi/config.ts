import { z } from 'zod';
import { englishText } from '../../texts';
import { type ConfigOf, defineSettings, type TaskSettings } from '../shared/settings';

/** The phases of a run, in run order: one practice problem (may be off), then the test. */
export const PHASES = ['practice', 'test'] as const;
export type Phase = (typeof PHASES)[number];
export const PhaseSchema = z.enum(PHASES);

/**
 * The problem sets: Bishop et al. (2001), 13 problems of 2-4 discs in ascending difficulty; the
 * classic transfer of a whole tower from the left peg to the right; ten random 3-disc problems.
 */
export const PROBLEM_SETS = ['bishop', 'classic', 'random3'] as const;
export type ProblemSet = (typeof PROBLEM_SETS)[number];

/**
 * The most events (pickups, drops, cancels, refused drops, empty-peg taps, resets) one problem
 * records, over all its attempts: a problem's record is sent in one request, and this many
 * events of the longest kind (about 170 bytes of JSON each) keep it within the server's 64 KiB
 * (apps/server/src/lib/body-limit.ts). Each attempt has its share (attemptEventLimit).
 */
export const MAX_EVENTS = 360;

/** The least time a person takes for a move (lifting a disc and putting it down), ms. */
export const MIN_MOVE_MS = 300;

/** The least time from one problem's end to the next problem (reading the result, a button), ms. */
export const MIN_BETWEEN_MS = 250;

const SPECS = defineSettings({
  problemSet: {
    kind: 'choice',
    default: 'bishop',
    options: PROBLEM_SETS,
    label: englishText(
      /*i18n*/ { id: 'tasks.towerOfHanoiTest.problemSetLabel', message: 'Problem set' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.towerOfHanoiTest.problemSetDescription',
        message:
          "'bishop': the 13 problems of Bishop et al. (2001), 2 to 4 discs, shortest solutions of 3 to 9 moves, in ascending difficulty. 'classic': one whole tower from the left peg to the right (Classic discs). 'random3': Random problems of 3 discs, each a distinct start and goal drawn from the 27 positions with the run's seed.",
      },
    ),
  },
  classicDiscs: {
    kind: 'number',
    default: 3,
    min: 3,
    max: 5,
    integer: true,
    unit: 'discs',
    label: englishText(
      /*i18n*/ { id: 'tasks.towerOfHanoiTest.classicDiscsLabel', message: 'Classic discs' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.towerOfHanoiTest.classicDiscsDescription',
        message:
          "Discs of the classic tower (problem set 'classic' only); its shortest solution takes 2^n - 1 moves.",
      },
    ),
  },
  randomProblems: {
    kind: 'number',
    default: 10,
    min: 1,
    max: 20,
    integer: true,
    unit: 'problems',
    label: englishText(
      /*i18n*/ { id: 'tasks.towerOfHanoiTest.randomProblemsLabel', message: 'Random problems' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.towerOfHanoiTest.randomProblemsDescription',
        message: "Problems of the 'random3' set; no start and goal pair is given twice.",
      },
    ),
  },
  practice: {
    kind: 'boolean',
    default: true,
    label: englishText(
      /*i18n*/ { id: 'tasks.towerOfHanoiTest.practiceLabel', message: 'Practice problem' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.towerOfHanoiTest.practiceDescription',
        message:
          'One 2-disc practice problem (3 moves) before the test, with the moves it took and the minimum shown after it.',
      },
    ),
  },
  timeLimitS: {
    kind: 'number',
    default: 180,
    min: 10,
    max: 600,
    integer: true,
    unit: 's',
    label: englishText(
      /*i18n*/ { id: 'tasks.towerOfHanoiTest.timeLimitSLabel', message: 'Time limit' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.towerOfHanoiTest.timeLimitSDescription',
        message:
          'Time for each attempt at a problem, from its start. When it runs out the attempt ends unsolved and the next attempt or problem follows.',
      },
    ),
  },
  maxAttempts: {
    kind: 'number',
    default: 1,
    min: 1,
    max: 3,
    integer: true,
    unit: 'attempts',
    label: englishText(
      /*i18n*/ { id: 'tasks.towerOfHanoiTest.maxAttemptsLabel', message: 'Attempts per problem' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.towerOfHanoiTest.maxAttemptsDescription',
        message:
          'Attempts at each problem. An attempt that ends unsolved (time or move limit) puts the discs back at the start for the next attempt; after the last the problem counts as unsolved.',
      },
    ),
  },
  moveLimit: {
    kind: 'boolean',
    default: false,
    label: englishText(
      /*i18n*/ { id: 'tasks.towerOfHanoiTest.moveLimitLabel', message: 'Move limit' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.towerOfHanoiTest.moveLimitDescription',
        message:
          "Limit the moves of each attempt to the problem's minimum plus Extra moves allowed; an attempt that reaches the limit unsolved ends.",
      },
    ),
  },
  moveLimitExtra: {
    kind: 'number',
    default: 0,
    min: 0,
    max: 50,
    integer: true,
    unit: 'moves',
    label: englishText(
      /*i18n*/ { id: 'tasks.towerOfHanoiTest.moveLimitExtraLabel', message: 'Extra moves allowed' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.towerOfHanoiTest.moveLimitExtraDescription',
        message:
          'With the move limit on: moves allowed beyond the minimum (0: exactly the shortest solution).',
      },
    ),
  },
  testFeedback: {
    kind: 'boolean',
    default: false,
    label: englishText(
      /*i18n*/ {
        id: 'tasks.towerOfHanoiTest.testFeedbackLabel',
        message: 'Moves in the test feedback',
      },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.towerOfHanoiTest.testFeedbackDescription',
        message:
          'After each test problem, show the moves it took and the minimum (as after the practice problem); otherwise only whether it was solved.',
      },
    ),
  },
});

export type Config = ConfigOf<typeof SPECS.specs>;

/** Every setting with its default, unit, bounds and description. */
export const SETTINGS: TaskSettings<Config> = SPECS;
export const ConfigSchema = SETTINGS.schema;

/** The configuration the product uses. */
export const DEFAULT_CONFIG: Config = SETTINGS.defaults;

/** An attempt's time limit, ms. */
export const attemptLimitMs = (config: Pick<Config, 'timeLimitS'>) => config.timeLimitS * 1000;

/** The most moves an attempt at a problem of `minMoves` may take; null without a move limit. */
export function moveLimitOf(
  config: Pick<Config, 'moveLimit' | 'moveLimitExtra'>,
  minMoves: number,
): number | null {
  return config.moveLimit ? minMoves + config.moveLimitExtra : null;
}

/** Is the result shown with its moves and the minimum after a problem of `phase`? */
export function showsMoves(config: Config, phase: Phase) {
  return phase === 'practice' || config.testFeedback;
}

/**
 * The most events one attempt records (not counting the reset that begins it): an equal share
 * of MAX_EVENTS, with room for the resets between attempts, so that a long first
 * attempt never takes the later attempts' room. An attempt that reaches it ends unsolved, as at
 * its move limit: 360 events with one attempt, 179 with two, 119 with three.
 */
export function attemptEventLimit(config: Pick<Config, 'maxAttempts'>): number {
  return Math.floor((MAX_EVENTS - (config.maxAttempts - 1)) / config.maxAttempts);
}
