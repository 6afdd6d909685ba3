import { z } from 'zod';
import { englishText } from '../../texts';
import {
  type ChoiceSetting,
  type ConfigOf,
  defineSettings,
  type TaskSettings,
} from '../shared/settings';

/**
 * The phases of a run: practice lists, then the test's ladder, in each direction. The block is
 * the direction (0 forward, 1 backward), so a run goes practice 0, test 0, practice 1, test 1.
 */
export const PHASES = ['practice', 'test'] as const;
export type Phase = (typeof PHASES)[number];
export const PhaseSchema = z.enum(PHASES);

/** Recall in the order shown, or in reverse; forward always comes first. */
export const DIRECTIONS = ['forward', 'backward'] as const;
export type Direction = (typeof DIRECTIONS)[number];
export const DirectionSchema = z.enum(DIRECTIONS);

/** The block number of each direction's trials: fixed, whichever directions a run has. */
export const BLOCK_OF: Record<Direction, number> = { forward: 0, backward: 1 };

/** The direction of a block number, or undefined for a block no run has. */
export function directionOfBlock(block: number): Direction | undefined {
  return DIRECTIONS[block];
}

/** Which directions a run gives. */
export const DIRECTION_CHOICES = ['both', 'forward', 'backward'] as const;
export type DirectionChoice = (typeof DIRECTION_CHOICES)[number];

/** Practice lists have this many digits. */
export const PRACTICE_LENGTH = 2;
/** The blank between the 'Ready' cue and the first digit, ms. */
export const READY_BLANK_MS = 500;
/** From a submitted answer (or the end of feedback) to the next list's 'Ready' cue, ms. */
export const INTER_TRIAL_MS = 500;
/** Digits an answer can hold: a few more than the longest list, so an overlong answer is kept. */
export const MAX_ENTERED_DIGITS = 12;
/** The least time a person takes to answer once the keypad is shown (a key and a submit), ms. */
export const MIN_ANSWER_MS = 250;
/** The shortest response time limit, when there is one, ms. */
export const MIN_TIME_LIMIT_MS = 1000;

const DIRECTIONS_SETTING: ChoiceSetting<DirectionChoice> = {
  kind: 'choice',
  default: 'both',
  options: DIRECTION_CHOICES,
  label: englishText(/*i18n*/ { id: 'tasks.digitSpanTest.directionsLabel', message: 'Directions' }),
  description: englishText(
    /*i18n*/ {
      id: 'tasks.digitSpanTest.directionsDescription',
      message:
        "'both': forward, then backward. 'forward' or 'backward': that direction only (with its own practice).",
    },
  ),
};

const length = (label: string, fallback: number, max: number, description: string) =>
  ({
    kind: 'number',
    default: fallback,
    min: 2,
    max,
    integer: true,
    unit: 'digits',
    label,
    description,
  }) as const;

const SPECS = defineSettings({
  directions: DIRECTIONS_SETTING,
  forwardStartLength: length(
    englishText(
      /*i18n*/ {
        id: 'tasks.digitSpanTest.forwardStartLengthLabel',
        message: 'Forward start length',
      },
    ),
    3,
    9,
    englishText(
      /*i18n*/ {
        id: 'tasks.digitSpanTest.forwardStartLengthDescription',
        message: 'Digits in the first forward lists (WMS-III starts forward span at 3).',
      },
    ),
  ),
  backwardStartLength: length(
    englishText(
      /*i18n*/ {
        id: 'tasks.digitSpanTest.backwardStartLengthLabel',
        message: 'Backward start length',
      },
    ),
    2,
    8,
    englishText(
      /*i18n*/ {
        id: 'tasks.digitSpanTest.backwardStartLengthDescription',
        message: 'Digits in the first backward lists (WMS-III starts backward span at 2).',
      },
    ),
  ),
  forwardMaxLength: length(
    englishText(
      /*i18n*/ {
        id: 'tasks.digitSpanTest.forwardMaxLengthLabel',
        message: 'Forward maximum length',
      },
    ),
    9,
    9,
    englishText(
      /*i18n*/ {
        id: 'tasks.digitSpanTest.forwardMaxLengthDescription',
        message: 'The longest forward list; after it the direction ends. 9 uses every digit 1-9.',
      },
    ),
  ),
  backwardMaxLength: length(
    englishText(
      /*i18n*/ {
        id: 'tasks.digitSpanTest.backwardMaxLengthLabel',
        message: 'Backward maximum length',
      },
    ),
    8,
    9,
    englishText(
      /*i18n*/ {
        id: 'tasks.digitSpanTest.backwardMaxLengthDescription',
        message: 'The longest backward list; after it the direction ends.',
      },
    ),
  ),
  trialsPerLength: {
    kind: 'number',
    default: 2,
    min: 1,
    max: 4,
    integer: true,
    unit: 'lists',
    label: englishText(
      /*i18n*/ { id: 'tasks.digitSpanTest.trialsPerLengthLabel', message: 'Lists per length' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.digitSpanTest.trialsPerLengthDescription',
        message:
          'Lists given at each length, always all of them. The next length follows if at least one was recalled correctly; the direction ends when all of them fail.',
      },
    ),
  },
  digitOnMs: {
    kind: 'number',
    default: 800,
    min: 100,
    max: 3000,
    unit: 'ms',
    label: englishText(/*i18n*/ { id: 'tasks.digitSpanTest.digitOnMsLabel', message: 'Digit on' }),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.digitSpanTest.digitOnMsDescription',
        message: 'How long each digit is shown.',
      },
    ),
  },
  digitOffMs: {
    kind: 'number',
    default: 200,
    min: 0,
    max: 3000,
    unit: 'ms',
    label: englishText(
      /*i18n*/ { id: 'tasks.digitSpanTest.digitOffMsLabel', message: 'Digit off' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.digitSpanTest.digitOffMsDescription',
        message:
          'The blank after each digit. Digits follow one another at on + off ms, on an absolute time line from the first digit.',
      },
    ),
  },
  readyMs: {
    kind: 'number',
    default: 800,
    min: 200,
    max: 5000,
    unit: 'ms',
    label: englishText(/*i18n*/ { id: 'tasks.digitSpanTest.readyMsLabel', message: "'Ready' cue" }),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.digitSpanTest.readyMsDescription',
        message:
          "How long 'Ready' is shown before each list; a {readyBlankMs} ms blank follows it, then the first digit.",
      },
      { readyBlankMs: READY_BLANK_MS },
    ),
  },
  practiceMaxTries: {
    kind: 'number',
    default: 4,
    min: 0,
    max: 8,
    integer: true,
    unit: 'lists',
    label: englishText(
      /*i18n*/ {
        id: 'tasks.digitSpanTest.practiceMaxTriesLabel',
        message: 'Practice lists at most',
      },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.digitSpanTest.practiceMaxTriesDescription',
        message:
          'Practice lists of {practiceLength} digits before each direction, with the correct answer shown after each, until one is correct or this many were given (then the test follows, and the scores note it). 0: no practice.',
      },
      { practiceLength: PRACTICE_LENGTH },
    ),
  },
  testFeedback: {
    kind: 'boolean',
    default: false,
    label: englishText(
      /*i18n*/ { id: 'tasks.digitSpanTest.testFeedbackLabel', message: 'Feedback in the test' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.digitSpanTest.testFeedbackDescription',
        message: 'Show after each test list whether it was correct, and the correct answer.',
      },
    ),
  },
  interruptionRepeats: {
    kind: 'number',
    default: 2,
    min: 0,
    max: 4,
    integer: true,
    unit: 'lists',
    label: englishText(
      /*i18n*/ {
        id: 'tasks.digitSpanTest.interruptionRepeatsLabel',
        message: 'Repeats after an interruption',
      },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.digitSpanTest.interruptionRepeatsDescription',
        message:
          'Per direction: a test list during which the page was hidden or lost focus counts neither as right nor as wrong and is given again, as a new list of the same length, up to this many times. An interrupted list after that counts by its answer, and the direction is flagged. 0: never given again (a stored run without this setting is read as 0, the procedure it ran).',
      },
    ),
  },
  responseTimeLimitMs: {
    kind: 'number',
    default: 0,
    min: 0,
    max: 300_000,
    unit: 'ms',
    label: englishText(
      /*i18n*/ {
        id: 'tasks.digitSpanTest.responseTimeLimitMsLabel',
        message: 'Response time limit',
      },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.digitSpanTest.responseTimeLimitMsDescription',
        message:
          "Time from the keypad's appearance to submit an answer; a list not submitted by then counts as incorrect (timed out). 0: no limit. Otherwise at least {minTimeLimitMs} ms.",
      },
      { minTimeLimitMs: MIN_TIME_LIMIT_MS },
    ),
  },
});

export type Config = ConfigOf<typeof SPECS.specs>;

/** A problem with a configuration and the setting it is reported on. */
export type ConfigProblem = { setting: keyof Config; message: string };

/**
 * What makes a configuration within every setting's own bounds impossible to run: a start
 * length above the maximum, or a time limit too short to answer in.
 */
export function findConfigIssues(config: Config): ConfigProblem[] {
  const issues: ConfigProblem[] = [];
  for (const direction of DIRECTIONS) {
    const { start, max } = getLengths(config, direction);
    if (start > max) {
      issues.push({
        setting: direction === 'forward' ? 'forwardStartLength' : 'backwardStartLength',
        message: `The ${direction} start length (${start}) must not exceed the ${direction} maximum length (${max})`,
      });
    }
  }
  const limit = config.responseTimeLimitMs;
  if (limit !== 0 && limit < MIN_TIME_LIMIT_MS) {
    issues.push({
      setting: 'responseTimeLimitMs',
      message: `The response time limit must be 0 (none) or at least ${MIN_TIME_LIMIT_MS} ms`,
    });
  }
  return issues;
}

/** The messages of findConfigIssues: empty for a configuration that can be run. */
export function findConfigProblems(config: Config): string[] {
  return findConfigIssues(config).map((issue) => issue.message);
}

/**
 * Every setting with its default, unit, bounds and description. The schema also refuses what
 * findConfigIssues finds impossible, on the setting concerned.
 */
export const SETTINGS: TaskSettings<Config> = {
  specs: SPECS.specs,
  schema: SPECS.schema.superRefine((config, ctx) => {
    // The refinement runs even when a setting failed its own bounds: check only whole configs.
    if (!SPECS.schema.safeParse(config).success) return;
    for (const issue of findConfigIssues(config)) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: [issue.setting] });
    }
  }),
  defaults: SPECS.defaults,
};
export const ConfigSchema = SETTINGS.schema;

/** The configuration the product uses. */
export const DEFAULT_CONFIG: Config = SETTINGS.defaults;

/**
 * What a stored configuration without a setting added since reads as (the task contract's
 * `storedConfigDefaults`): the procedure such a run had. A run stored before
 * `interruptionRepeats` existed (task version 1.0.0) gave no list again after an interruption:
 * the list counted by its answer, and the ladder went on from it.
 */
export const STORED_CONFIG_DEFAULTS = {
  interruptionRepeats: 0,
} as const satisfies Partial<Config>;

/** The directions a run gives, in run order. */
export function getDirections(config: Pick<Config, 'directions'>): Direction[] {
  return config.directions === 'both' ? ['forward', 'backward'] : [config.directions];
}

/** A direction's start and maximum list length. */
export function getLengths(config: Config, direction: Direction): { start: number; max: number } {
  return direction === 'forward'
    ? { start: config.forwardStartLength, max: config.forwardMaxLength }
    : { start: config.backwardStartLength, max: config.backwardMaxLength };
}

/**
 * The test lists of a direction's whole ladder: every length from start to max, each in full
 * (its places; a list given again after an interruption stands in the place of the one it
 * repeats).
 */
export function getLadderTrialCount(config: Config, direction: Direction): number {
  const { start, max } = getLengths(config, direction);
  return Math.max(0, max - start + 1) * config.trialsPerLength;
}

/**
 * Test positions per place of the ladder: its own list, then each list that may be given again
 * in its place after an interruption (interruptionRepeats). Test trial numbers are
 * place x this + repeat, so they follow the run order.
 */
export function getListsPerPlace(config: Pick<Config, 'interruptionRepeats'>) {
  return 1 + config.interruptionRepeats;
}

/** The test positions of a direction: each place of its ladder, and its possible repeats. */
export function getTestPositionCount(config: Config, direction: Direction): number {
  return getLadderTrialCount(config, direction) * getListsPerPlace(config);
}

/** Onset to onset of the digits of a list, ms. */
export function getSoaMs(config: Pick<Config, 'digitOnMs' | 'digitOffMs'>) {
  return config.digitOnMs + config.digitOffMs;
}

/**
 * The least time a list of `length` digits takes from its 'Ready' cue to a submitted answer:
 * the cue, the blank, the digits (the keypad replaces the last one when it goes off), and the
 * least time to answer.
 */
export function getMinimumTrialMs(config: Config, length: number): number {
  return (
    config.readyMs +
    READY_BLANK_MS +
    (length - 1) * getSoaMs(config) +
    config.digitOnMs +
    MIN_ANSWER_MS
  );
}

/** Is there feedback after a list of `phase`? Always in practice; in the test if configured. */
export function hasFeedback(config: Config, phase: Phase): boolean {
  return phase === 'practice' || config.testFeedback;
}
