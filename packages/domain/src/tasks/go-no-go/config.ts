import { z } from 'zod';
import { englishText } from '../../texts';
import { MAX_TRIAL_NUMBER } from '../shared/envelope';
import {
  type ChoiceSetting,
  type ConfigIssue,
  type ConfigOf,
  defineSettings,
  refineSettings,
  type TaskSettings,
} from '../shared/settings';

/** The phases of a run, in run order: criterion practice (rounds are blocks), then the test. */
export const PHASES = ['practice', 'test'] as const;
export type Phase = (typeof PHASES)[number];
export const PhaseSchema = z.enum(PHASES);

export const STIMULUS_TYPES = ['go', 'nogo'] as const;
export type StimulusType = (typeof STIMULUS_TYPES)[number];

/**
 * The stimulus sets: which stimulus is 'go' and which 'no-go'. 'fill-outline' is a solid square
 * (go) and an outlined square (no-go): they differ in fill alone, so neither colour vision nor
 * reading is needed. 'letters-PR' is the letter P (go) and R (no-go) of Bezdjian et al. (2009).
 */
export const STIMULUS_SETS = {
  'fill-outline': { go: 'solid', nogo: 'outline' },
  'letters-PR': { go: 'P', nogo: 'R' },
} as const;
export type StimulusSet = keyof typeof STIMULUS_SETS;
export const STIMULUS_IDS = ['solid', 'outline', 'P', 'R'] as const;
export type StimulusId = (typeof STIMULUS_IDS)[number];

/**
 * Which of the set's two stimuli is the go stimulus: 'A' the first named (the solid square, P),
 * 'B' the other (the outlined square, R). A study balances it across participants as its
 * response-mapping factor (ADR 041), so a bias for one stimulus is not confounded with
 * inhibition.
 */
export const GO_MAPPINGS = ['A', 'B'] as const;
export type GoMapping = (typeof GO_MAPPINGS)[number];
const GO_MAPPING_SETTING: ChoiceSetting<GoMapping> = {
  kind: 'choice',
  default: 'A',
  options: ['A', 'B'],
  label: englishText(/*i18n*/ { id: 'tasks.goNoGoTest.goMappingLabel', message: 'Go stimulus' }),
  description: englishText(
    /*i18n*/ {
      id: 'tasks.goNoGoTest.goMappingDescription',
      message:
        "'A': the solid square (or P) is go and the outlined square (or R) no-go. 'B': the other way round. A study can balance it across participants.",
    },
  ),
};

/** Which stimuli are shown (typed here so that the config's value is a StimulusSet). */
const STIMULUS_SET_SETTING: ChoiceSetting<StimulusSet> = {
  kind: 'choice',
  default: 'fill-outline',
  options: ['fill-outline', 'letters-PR'],
  label: englishText(/*i18n*/ { id: 'tasks.goNoGoTest.stimulusSetLabel', message: 'Stimuli' }),
  description: englishText(
    /*i18n*/ {
      id: 'tasks.goNoGoTest.stimulusSetDescription',
      message:
        "'fill-outline': solid square = go, outlined square = no-go. 'letters-PR': P = go, R = no-go (Bezdjian et al., 2009).",
    },
  ),
};

const SPECS = defineSettings({
  testTrials: {
    kind: 'number',
    default: 160,
    min: 10,
    max: MAX_TRIAL_NUMBER + 1,
    integer: true,
    unit: 'trials',
    label: englishText(/*i18n*/ { id: 'tasks.goNoGoTest.testTrialsLabel', message: 'Test trials' }),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.goNoGoTest.testTrialsDescription',
        message:
          'Trials in the test block, without feedback; these are scored. The default is 32 mini-blocks of 4 go + 1 no-go.',
      },
    ),
  },
  goProportion: {
    kind: 'number',
    default: 0.8,
    min: 0.5,
    max: 0.95,
    unit: 'proportion',
    label: englishText(
      /*i18n*/ { id: 'tasks.goNoGoTest.goProportionLabel', message: 'Go proportion' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.goNoGoTest.goProportionDescription',
        message:
          'Share of go trials in every block. Each block has exactly round(trials x (1 - proportion)) no-go trials (halves rounded up), shuffled.',
      },
    ),
  },
  stimulusMs: {
    kind: 'number',
    default: 500,
    min: 50,
    max: 1500,
    unit: 'ms',
    label: englishText(
      /*i18n*/ { id: 'tasks.goNoGoTest.stimulusMsLabel', message: 'Stimulus duration' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.goNoGoTest.stimulusMsDescription',
        message: 'How long each stimulus stays on screen; at most the SOA.',
      },
    ),
  },
  soaMs: {
    kind: 'number',
    default: 1500,
    min: 300,
    max: 10_000,
    unit: 'ms',
    label: englishText(/*i18n*/ { id: 'tasks.goNoGoTest.soaMsLabel', message: 'SOA' }),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.goNoGoTest.soaMsDescription',
        message:
          'Stimulus onset asynchrony: the fixed time from one onset to the next, counted on an absolute time line. A response never shortens it.',
      },
    ),
  },
  responseWindowMs: {
    kind: 'number',
    default: 1450,
    min: 100,
    max: 1499,
    unit: 'ms',
    label: englishText(
      /*i18n*/ { id: 'tasks.goNoGoTest.responseWindowMsLabel', message: 'Response window' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.goNoGoTest.responseWindowMsDescription',
        message:
          'Time from onset in which a press counts as the response; shorter than the SOA. A press after it and before the next onset is logged as a late response.',
      },
    ),
  },
  practiceTrials: {
    kind: 'number',
    default: 10,
    min: 2,
    max: 200,
    integer: true,
    unit: 'trials',
    label: englishText(
      /*i18n*/ { id: 'tasks.goNoGoTest.practiceTrialsLabel', message: 'Practice trials' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.goNoGoTest.practiceTrialsDescription',
        message:
          'Trials in each practice round, with feedback after each (8 go + 2 no-go by default).',
      },
    ),
  },
  practiceCriterion: {
    kind: 'number',
    default: 0.8,
    min: 0,
    max: 1,
    unit: 'proportion',
    label: englishText(
      /*i18n*/ { id: 'tasks.goNoGoTest.practiceCriterionLabel', message: 'Practice criterion' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.goNoGoTest.practiceCriterionDescription',
        message:
          'Proportion correct a practice round needs for the test to follow; below it the round is repeated with a new order.',
      },
    ),
  },
  practiceMaxRounds: {
    kind: 'number',
    default: 3,
    min: 1,
    max: 10,
    integer: true,
    unit: 'rounds',
    label: englishText(
      /*i18n*/ {
        id: 'tasks.goNoGoTest.practiceMaxRoundsLabel',
        message: 'Practice rounds at most',
      },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.goNoGoTest.practiceMaxRoundsDescription',
        message:
          'After this many practice rounds the test follows whatever the accuracy (the scores note that the criterion was not met).',
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
      /*i18n*/ { id: 'tasks.goNoGoTest.feedbackMsLabel', message: 'Feedback duration' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.goNoGoTest.feedbackMsDescription',
        message:
          "How long 'Correct', 'Incorrect' or 'Too slow' is shown after each practice trial; the next onset follows it.",
      },
    ),
  },
  firstGoTrials: {
    kind: 'number',
    default: 3,
    min: 0,
    max: 5,
    integer: true,
    unit: 'trials',
    label: englishText(
      /*i18n*/ { id: 'tasks.goNoGoTest.firstGoTrialsLabel', message: 'Leading go trials' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.goNoGoTest.firstGoTrialsDescription',
        message: 'The first this many trials of every block are go trials.',
      },
    ),
  },
  maxConsecutiveNoGo: {
    kind: 'number',
    default: 1,
    min: 1,
    max: 10,
    integer: true,
    unit: 'trials',
    label: englishText(
      /*i18n*/ { id: 'tasks.goNoGoTest.maxConsecutiveNoGoLabel', message: 'No-go run at most' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.goNoGoTest.maxConsecutiveNoGoDescription',
        message: 'No block has more than this many no-go trials in a row (1: never two in a row).',
      },
    ),
  },
  stimulusSet: STIMULUS_SET_SETTING,
  goMapping: GO_MAPPING_SETTING,
});

export type Config = ConfigOf<typeof SPECS.specs>;

/** The trial counts of one block. */
export type BlockCounts = { trials: number; go: number; noGo: number };

/** The number of trials in each block of `phase`. */
export function getBlockTrialCount(config: Config, phase: Phase): number {
  return phase === 'practice' ? config.practiceTrials : config.testTrials;
}

/**
 * The exact counts of a block of `phase`: round(trials x (1 - goProportion)) no-go trials,
 * halves rounded up, the rest go. Rounded twice so that 160 x (1 - 0.8) = 31.999999999999996
 * counts as 32.
 */
export function getBlockCounts(config: Config, phase: Phase): BlockCounts {
  const trials = getBlockTrialCount(config, phase);
  const noGo = Math.round(Math.round(trials * (1 - config.goProportion) * 1e9) / 1e9);
  return { trials, go: trials - noGo, noGo };
}

/**
 * The gaps a block's no-go trials can go in: after each go trial from the `firstGoTrials`-th on
 * (or before the first go trial too, when no go trial must lead), up to the end of the block.
 */
export function countNoGoGaps(counts: BlockCounts, firstGoTrials: number): number {
  return counts.go - firstGoTrials + 1;
}

/** A problem with a configuration and the setting it is reported on. */
export type ConfigProblem = ConfigIssue<Config>;

/**
 * What makes a configuration that is within every setting's own bounds impossible to run: a
 * response window not shorter than the SOA, a stimulus longer than the SOA, a block without a
 * go or a no-go trial, or no-go trials that cannot be spaced as the sequence rules demand.
 */
export function findConfigIssues(config: Config): ConfigProblem[] {
  const issues: ConfigProblem[] = [];
  if (!(config.responseWindowMs < config.soaMs)) {
    issues.push({
      setting: 'responseWindowMs',
      message: `The response window (${config.responseWindowMs} ms) must be shorter than the SOA (${config.soaMs} ms)`,
    });
  }
  if (!(config.stimulusMs <= config.soaMs)) {
    issues.push({
      setting: 'stimulusMs',
      message: `The stimulus duration (${config.stimulusMs} ms) must not exceed the SOA (${config.soaMs} ms)`,
    });
  }
  for (const phase of PHASES) {
    const counts = getBlockCounts(config, phase);
    const setting = phase === 'practice' ? 'practiceTrials' : 'testTrials';
    const block = phase === 'practice' ? 'A practice round' : 'The test block';
    if (counts.noGo < 1) {
      issues.push({
        setting,
        message: `${block} of ${counts.trials} trials at a go proportion of ${config.goProportion} has no no-go trial`,
      });
      continue;
    }
    if (counts.go < Math.max(1, config.firstGoTrials)) {
      issues.push({
        setting,
        message: `${block} has ${counts.go} go trials, fewer than the ${Math.max(1, config.firstGoTrials)} leading go trials it needs`,
      });
      continue;
    }
    const room = countNoGoGaps(counts, config.firstGoTrials) * config.maxConsecutiveNoGo;
    if (counts.noGo > room) {
      issues.push({
        setting,
        message: `${block} cannot hold ${counts.noGo} no-go trials among ${counts.go} go trials with ${config.firstGoTrials} leading go trials and at most ${config.maxConsecutiveNoGo} no-go in a row (room for ${room})`,
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
 * Every setting with its default, unit, bounds and description. The schema also refuses
 * configurations findConfigIssues finds impossible (on the setting concerned), so the server
 * and the admin preview refuse them when they validate a configuration.
 */
export const SETTINGS: TaskSettings<Config> = refineSettings(SPECS, findConfigIssues);
export const ConfigSchema = SETTINGS.schema;

/** The configuration the product uses (docs/product.md#task-defaults). */
export const DEFAULT_CONFIG: Config = SETTINGS.defaults;

/** The stimulus shown for a stimulus type under the configured stimulus set and go mapping. */
export function stimulusIdOf(
  config: Pick<Config, 'stimulusSet' | 'goMapping'>,
  type: StimulusType,
): StimulusId {
  const swapped = config.goMapping === 'B';
  const shown = swapped ? (type === 'go' ? 'nogo' : 'go') : type;
  return STIMULUS_SETS[config.stimulusSet][shown];
}

/** Practice trials get feedback; test trials do not. */
export function hasFeedback(phase: Phase): boolean {
  return phase === 'practice';
}

/** Onset to onset within a block of `phase`: the SOA, plus the feedback in practice. */
export function getTrialPeriodMs(config: Config, phase: Phase): number {
  return config.soaMs + (hasFeedback(phase) ? config.feedbackMs : 0);
}

/** Correct trials a practice round needs: ceil(criterion x trials). */
export function getPracticeCorrectNeeded(config: Config): number {
  return Math.ceil(config.practiceCriterion * config.practiceTrials - 1e-9);
}

/** Does a practice round with `correct` correct trials meet the criterion? */
export function meetsPracticeCriterion(config: Config, correct: number): boolean {
  return correct >= getPracticeCorrectNeeded(config);
}
