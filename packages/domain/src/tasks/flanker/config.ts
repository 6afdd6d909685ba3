import { z } from 'zod';
import { englishText } from '../../texts';
import { MAX_TRIAL_NUMBER } from '../shared/envelope';
import {
  type ConfigIssue,
  type ConfigOf,
  defineSettings,
  refineSettings,
  type TaskSettings,
} from '../shared/settings';

/** The phases of a run, in run order: one practice block with feedback, then the test. */
export const PHASES = ['practice', 'test'] as const;
export type Phase = (typeof PHASES)[number];
export const PhaseSchema = z.enum(PHASES);

/** Whether the four flanking arrows point the way the middle one does. */
export const CONGRUENCIES = ['congruent', 'incongruent'] as const;
export type Congruency = (typeof CONGRUENCIES)[number];

/** Which way an arrow points, and so which response it calls for. */
export const DIRECTIONS = ['left', 'right'] as const;
export type Direction = (typeof DIRECTIONS)[number];

const SPECS = defineSettings({
  testTrials: {
    kind: 'number',
    default: 96,
    min: 8,
    max: MAX_TRIAL_NUMBER + 1,
    integer: true,
    unit: 'trials',
    label: englishText(
      /*i18n*/ { id: 'tasks.flankerTest.testTrialsLabel', message: 'Test trials' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.flankerTest.testTrialsDescription',
        message:
          'Trials in the test block, without feedback; these are scored. The default gives 48 congruent and 48 incongruent trials, each half pointing left.',
      },
    ),
  },
  practiceTrials: {
    kind: 'number',
    default: 8,
    min: 0,
    max: 200,
    integer: true,
    unit: 'trials',
    label: englishText(
      /*i18n*/ { id: 'tasks.flankerTest.practiceTrialsLabel', message: 'Practice trials' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.flankerTest.practiceTrialsDescription',
        message:
          'Trials in the practice block, with feedback after each (each of the four displays twice by default); 0: no practice.',
      },
    ),
  },
  incongruentProportion: {
    kind: 'number',
    default: 0.5,
    min: 0.25,
    max: 0.75,
    unit: 'proportion',
    label: englishText(
      /*i18n*/ {
        id: 'tasks.flankerTest.incongruentProportionLabel',
        message: 'Incongruent proportion',
      },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.flankerTest.incongruentProportionDescription',
        message:
          'Share of incongruent trials in every block: exactly round(trials x proportion) (halves rounded up), the rest congruent. Within each, half the targets point left.',
      },
    ),
  },
  stimulusMs: {
    kind: 'number',
    default: 1000,
    min: 100,
    max: 5000,
    unit: 'ms',
    label: englishText(
      /*i18n*/ { id: 'tasks.flankerTest.stimulusMsLabel', message: 'Stimulus duration' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.flankerTest.stimulusMsDescription',
        message:
          'How long the five arrows stay on screen; then a fixation cross until the next onset. At most the SOA.',
      },
    ),
    maxNeeds: { soaMs: 5000 },
  },
  soaMs: {
    kind: 'number',
    default: 2000,
    min: 500,
    max: 10_000,
    unit: 'ms',
    label: englishText(/*i18n*/ { id: 'tasks.flankerTest.soaMsLabel', message: 'SOA' }),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.flankerTest.soaMsDescription',
        message:
          'Stimulus onset asynchrony: the fixed time from one onset to the next, on an absolute time line. The response window runs until the next onset; a response never shortens it.',
      },
    ),
  },
  feedbackMs: {
    kind: 'number',
    default: 1000,
    min: 0,
    max: 5000,
    unit: 'ms',
    label: englishText(
      /*i18n*/ { id: 'tasks.flankerTest.feedbackMsLabel', message: 'Feedback duration' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.flankerTest.feedbackMsDescription',
        message:
          "How long 'Correct', 'Incorrect' or 'Too slow' is shown after each practice trial; the next onset follows it.",
      },
    ),
  },
  maxRun: {
    kind: 'number',
    default: 4,
    min: 2,
    max: 20,
    integer: true,
    unit: 'trials',
    label: englishText(/*i18n*/ { id: 'tasks.flankerTest.maxRunLabel', message: 'Run at most' }),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.flankerTest.maxRunDescription',
        message:
          'No block has more than this many trials in a row of the same congruency, nor of the same target direction.',
      },
    ),
  },
});

export type Config = ConfigOf<typeof SPECS.specs>;

/** A block's exact counts: trials, and how many of them are congruent and incongruent. */
export type BlockCounts = { trials: number; congruent: number; incongruent: number };

/** The number of trials in the block of `phase`. */
export function blockTrialCount(config: Config, phase: Phase): number {
  return phase === 'practice' ? config.practiceTrials : config.testTrials;
}

/**
 * The exact counts of the block of `phase`: round(trials x incongruentProportion) incongruent
 * trials, halves rounded up, the rest congruent. Rounded twice so that a product such as
 * 0.30000000000000004 x 10 counts as 3.
 */
export function blockCounts(config: Config, phase: Phase): BlockCounts {
  const trials = blockTrialCount(config, phase);
  const incongruent = Math.round(Math.round(trials * config.incongruentProportion * 1e9) / 1e9);
  return { trials, congruent: trials - incongruent, incongruent };
}

/**
 * Can `many` trials of one kind and `few` of the other stand in a row with no more than `maxRun`
 * of a kind together? The few split the many into at most few + 1 runs.
 */
export function canInterleave(many: number, few: number, maxRun: number): boolean {
  return Math.max(many, few) <= maxRun * (Math.min(many, few) + 1);
}

/** A problem with a configuration and the setting it is reported on. */
export type ConfigProblem = ConfigIssue<Config>;

/**
 * What makes a configuration within every setting's own bounds impossible to run: a stimulus
 * longer than the SOA, or a block whose congruent and incongruent trials cannot be interleaved
 * within the run limit.
 */
export function findConfigIssues(config: Config): ConfigProblem[] {
  const issues: ConfigProblem[] = [];
  if (!(config.stimulusMs <= config.soaMs)) {
    issues.push({
      setting: 'stimulusMs',
      message: `The stimulus duration (${config.stimulusMs} ms) must not exceed the SOA (${config.soaMs} ms)`,
    });
  }
  for (const phase of PHASES) {
    const counts = blockCounts(config, phase);
    if (!canInterleave(counts.congruent, counts.incongruent, config.maxRun)) {
      issues.push({
        setting: 'maxRun',
        message: `The ${phase} block's ${counts.congruent} congruent and ${counts.incongruent} incongruent trials cannot be mixed with at most ${config.maxRun} of a kind in a row`,
      });
    }
  }
  return issues;
}

/** The messages of findConfigIssues: empty for a configuration that can be run. */
export function findConfigProblems(config: Config): string[] {
  return findConfigIssues(config).map((issue) => issue.message);
}

/**
 * Every setting with its default, unit, bounds and description. The schema also refuses the
 * configurations findConfigIssues finds impossible (on the setting concerned), so the server and
 * the admin preview refuse them when they validate a configuration.
 */
export const SETTINGS: TaskSettings<Config> = refineSettings(SPECS, findConfigIssues);
export const ConfigSchema = SETTINGS.schema;

/** The configuration a run takes when nothing is set. */
export const DEFAULT_CONFIG: Config = SETTINGS.defaults;

/** Practice trials get feedback; test trials do not. */
export function hasFeedback(phase: Phase): boolean {
  return phase === 'practice';
}

/** Onset to onset within the block of `phase`: the SOA, plus the feedback in practice. */
export function trialPeriodMs(config: Config, phase: Phase): number {
  return config.soaMs + (hasFeedback(phase) ? config.feedbackMs : 0);
}
