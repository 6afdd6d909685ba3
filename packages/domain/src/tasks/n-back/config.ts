import { z } from 'zod';
import { englishText } from '../../texts';
import { createRng } from '../shared/random';
import {
  type ChoiceSetting,
  type ConfigIssue,
  type ConfigOf,
  defineSettings,
  refineSettings,
  type TaskSettings,
} from '../shared/settings';
import { type BlockCounts, mostPackedLures, packedLayout, splitLures } from './layout';

/**
 * The phases of a run. They interleave by level: practice of the lowest level (criterion
 * rounds), its test blocks, practice of the next level, its test blocks, and so on. A trial's
 * level is its block number's tens digit (see blockNumber).
 */
export const PHASES = ['practice', 'test'] as const;
export type Phase = (typeof PHASES)[number];
export const PhaseSchema = z.enum(PHASES);

/** The letters shown: eight consonants that neither rhyme much nor look alike, uppercase. */
export const LETTERS = ['C', 'H', 'K', 'N', 'R', 'W', 'X', 'Y'] as const;
export type Letter = (typeof LETTERS)[number];

/** The highest level (n) a configuration may ask for (the block number keeps it in its tens). */
export const MAX_LEVEL = 6;

/**
 * The level ranges a run can take, 'a-b' for levels a to b ascending ('2' for level 2 alone):
 * one setting rather than a lowest and a highest level, so no combination is out of order.
 */
export const LEVEL_RANGES = (() => {
  const ranges: string[] = [];
  for (let from = 1; from <= MAX_LEVEL; from++) {
    for (let to = from; to <= MAX_LEVEL; to++) {
      ranges.push(from === to ? `${from}` : `${from}-${to}`);
    }
  }
  // The default first.
  return ['1-3', ...ranges.filter((range) => range !== '1-3')] as [string, ...string[]];
})();
/** Blocks (and practice rounds) per level at most: the block number keeps them in its units. */
export const MAX_BLOCKS_PER_LEVEL = 10;

/**
 * Which key means "match": A is F = match, J = no match; B is the reverse. 'counterbalanced'
 * picks A or B from the run's seed, so half the participants get each.
 */
export const KEY_MAPPINGS = ['A', 'B'] as const;
export type KeyMapping = (typeof KEY_MAPPINGS)[number];
export type KeyMappingSetting = KeyMapping | 'counterbalanced';

/** Lures: 'none' keeps every non-target apart from the items n-1 and n+1 back too. */
export type LureMode = 'none' | 'fixed';

const KEY_MAPPING_SETTING: ChoiceSetting<KeyMappingSetting> = {
  kind: 'choice',
  default: 'counterbalanced',
  options: ['counterbalanced', 'A', 'B'],
  label: englishText(/*i18n*/ { id: 'tasks.nbackTest.keyMappingLabel', message: 'Key mapping' }),
  description: englishText(
    /*i18n*/ {
      id: 'tasks.nbackTest.keyMappingDescription',
      message:
        "'A': F = match, J = no match (the match button on the left). 'B': J = match, F = no match (the match button on the right). 'counterbalanced': A or B from the run's seed, half the runs each.",
    },
  ),
};

const LURE_MODE_SETTING: ChoiceSetting<LureMode> = {
  kind: 'choice',
  default: 'none',
  options: ['none', 'fixed'],
  label: englishText(/*i18n*/ { id: 'tasks.nbackTest.lureModeLabel', message: 'Lures' }),
  description: englishText(
    /*i18n*/ {
      id: 'tasks.nbackTest.lureModeDescription',
      message:
        "'none': every non-target differs from the items n, n-1 and n+1 back, so no lure occurs by chance. 'fixed': each test block has exactly 'Lures per block' non-targets that copy the item n-1 or n+1 back, split evenly (at level 1 all copy the item 2 back); the other non-targets are as in 'none'.",
    },
  ),
};

const LEVELS_SETTING: ChoiceSetting = {
  kind: 'choice',
  default: '1-3',
  options: LEVEL_RANGES,
  label: englishText(/*i18n*/ { id: 'tasks.nbackTest.levelsLabel', message: 'Levels' }),
  description: englishText(
    /*i18n*/ {
      id: 'tasks.nbackTest.levelsDescription',
      message:
        "The levels (n) of the run, in ascending order: '1-3' is 1-back, 2-back, 3-back; '2' is 2-back alone. Each level has its criterion practice, then its test blocks.",
    },
  ),
};

const SPECS = defineSettings({
  levels: LEVELS_SETTING,
  blocksPerLevel: {
    kind: 'number',
    default: 3,
    min: 1,
    max: MAX_BLOCKS_PER_LEVEL,
    integer: true,
    unit: 'blocks',
    label: englishText(
      /*i18n*/ { id: 'tasks.nbackTest.blocksPerLevelLabel', message: 'Blocks per level' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.nbackTest.blocksPerLevelDescription',
        message: 'Test blocks at each level, without feedback; these are scored.',
      },
    ),
  },
  scoredTrialsPerBlock: {
    kind: 'number',
    default: 20,
    min: 4,
    max: 100,
    integer: true,
    unit: 'trials',
    label: englishText(
      /*i18n*/ {
        id: 'tasks.nbackTest.scoredTrialsPerBlockLabel',
        message: 'Scored trials per block',
      },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.nbackTest.scoredTrialsPerBlockDescription',
        message:
          'Scored trials in each test block. The block starts with n filler trials more (nothing n back to compare), which are not scored: 20 + n trials at level n by default.',
      },
    ),
  },
  targetsPerBlock: {
    kind: 'number',
    default: 6,
    min: 1,
    max: 14,
    integer: true,
    unit: 'trials',
    label: englishText(
      /*i18n*/ { id: 'tasks.nbackTest.targetsPerBlockLabel', message: 'Targets per block' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.nbackTest.targetsPerBlockDescription',
        message:
          'Targets (the letter n back again) among the scored trials of each test block: exactly this many, never more than 2 in a row.',
      },
    ),
  },
  lureMode: LURE_MODE_SETTING,
  luresPerBlock: {
    kind: 'number',
    default: 2,
    min: 0,
    max: 50,
    integer: true,
    unit: 'trials',
    label: englishText(
      /*i18n*/ { id: 'tasks.nbackTest.luresPerBlockLabel', message: 'Lures per block' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.nbackTest.luresPerBlockDescription',
        message:
          "Lures in each test block when lures are 'fixed': half copy the item n-1 back, half the item n+1 back (an odd one copies n+1). Ignored when lures are 'none'.",
      },
    ),
  },
  stimulusMs: {
    kind: 'number',
    default: 500,
    min: 100,
    max: 3000,
    unit: 'ms',
    label: englishText(
      /*i18n*/ { id: 'tasks.nbackTest.stimulusMsLabel', message: 'Letter duration' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.nbackTest.stimulusMsDescription',
        message: 'How long each letter stays on screen; at most the SOA.',
      },
    ),
  },
  soaMs: {
    kind: 'number',
    default: 3000,
    min: 500,
    max: 10_000,
    unit: 'ms',
    label: englishText(/*i18n*/ { id: 'tasks.nbackTest.soaMsLabel', message: 'SOA' }),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.nbackTest.soaMsDescription',
        message:
          'Stimulus onset asynchrony: the fixed time from one letter to the next, on an absolute time line. The whole SOA is the response window; a response never shortens it.',
      },
    ),
  },
  keyMapping: KEY_MAPPING_SETTING,
  practiceScoredTrials: {
    kind: 'number',
    default: 10,
    min: 4,
    max: 50,
    integer: true,
    unit: 'trials',
    label: englishText(
      /*i18n*/ { id: 'tasks.nbackTest.practiceScoredTrialsLabel', message: 'Practice trials' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.nbackTest.practiceScoredTrialsDescription',
        message:
          'Scored trials in each practice round, with feedback after each; the round starts with n filler trials more (n + 10 by default).',
      },
    ),
  },
  practiceTargets: {
    kind: 'number',
    default: 3,
    min: 1,
    max: 7,
    integer: true,
    unit: 'trials',
    label: englishText(
      /*i18n*/ { id: 'tasks.nbackTest.practiceTargetsLabel', message: 'Practice targets' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.nbackTest.practiceTargetsDescription',
        message: 'Targets among the scored trials of each practice round.',
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
      /*i18n*/ { id: 'tasks.nbackTest.practiceCriterionLabel', message: 'Practice criterion' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.nbackTest.practiceCriterionDescription',
        message:
          "Proportion of a practice round's scored trials answered correctly for the level's test blocks to follow; below it the round is repeated with new letters.",
      },
    ),
  },
  practiceMaxRounds: {
    kind: 'number',
    default: 3,
    min: 1,
    max: MAX_BLOCKS_PER_LEVEL,
    integer: true,
    unit: 'rounds',
    label: englishText(
      /*i18n*/ { id: 'tasks.nbackTest.practiceMaxRoundsLabel', message: 'Practice rounds at most' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.nbackTest.practiceMaxRoundsDescription',
        message:
          "After this many practice rounds at a level its test blocks follow whatever the accuracy; that level's scores note that the criterion was not met.",
      },
    ),
  },
  feedbackMs: {
    kind: 'number',
    default: 500,
    min: 0,
    max: 5000,
    unit: 'ms',
    label: englishText(
      /*i18n*/ { id: 'tasks.nbackTest.feedbackMsLabel', message: 'Feedback duration' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.nbackTest.feedbackMsDescription',
        message:
          "How long 'Correct!', 'Incorrect' or 'Respond faster!' is shown after each practice trial (at the end of its SOA); the next letter follows it.",
      },
    ),
  },
});

/** A configuration as the settings describe it. */
export type Config = ConfigOf<typeof SPECS.specs>;

export type { BlockCounts } from './layout';

/** The levels of a run, in run order: '1-3' gives [1, 2, 3], '2' gives [2]. */
export function getLevels(config: Pick<Config, 'levels'>): number[] {
  const [from = 1, to = from] = config.levels.split('-').map(Number);
  const levels: number[] = [];
  for (let n = from; n <= to; n++) levels.push(n);
  return levels;
}

/**
 * The block number of a position: level x 10 + the block's index within the level (the practice
 * round, or the test block). So in both phases level 2's blocks are 20, 21, 22, ...: every
 * position of a run has its own (phase, block, trial) key, and its level can be read from it.
 */
export function blockNumber(level: number, index: number): number {
  return level * MAX_BLOCKS_PER_LEVEL + index;
}

/** The level and the index within the level of a block number. */
export function splitBlock(block: number): { level: number; index: number } {
  return {
    level: Math.floor(block / MAX_BLOCKS_PER_LEVEL),
    index: block % MAX_BLOCKS_PER_LEVEL,
  };
}

/** The lures of a test block: none unless 'fixed'; at level 1 all copy the item 2 back. */
function lureCounts(config: Config, n: number): { nMinus1: number; nPlus1: number } {
  if (config.lureMode !== 'fixed') return { nMinus1: 0, nPlus1: 0 };
  return splitLures(config.luresPerBlock, n);
}

/** The counts of a block of `phase` at level `n`. Practice has no lures. */
export function getBlockCounts(config: Config, phase: Phase, n: number): BlockCounts {
  if (phase === 'practice') {
    return {
      n,
      fillers: n,
      scored: config.practiceScoredTrials,
      targets: config.practiceTargets,
      luresNMinus1: 0,
      luresNPlus1: 0,
    };
  }
  const lures = lureCounts(config, n);
  return {
    n,
    fillers: n,
    scored: config.scoredTrialsPerBlock,
    targets: config.targetsPerBlock,
    luresNMinus1: lures.nMinus1,
    luresNPlus1: lures.nPlus1,
  };
}

/** Trials in a block of `phase` at level `n`: the n fillers and the scored ones. */
export function getBlockTrialCount(config: Config, phase: Phase, n: number): number {
  return n + (phase === 'practice' ? config.practiceScoredTrials : config.scoredTrialsPerBlock);
}

/** Blocks of `phase` at each level: the practice rounds allowed, or the test blocks. */
export function getBlocksPerLevel(config: Config, phase: Phase): number {
  return phase === 'practice' ? config.practiceMaxRounds : config.blocksPerLevel;
}

/** A problem with a configuration and the setting it is reported on. */
export type ConfigProblem = ConfigIssue<Config>;

/**
 * The most targets `scored` positions can hold with at most 2 in a row: each non-target closes
 * a run, so t targets need t <= 2 x (scored - t + 1).
 */
export function maxTargets(scored: number): number {
  return Math.floor((2 * scored + 2) / 3);
}

/**
 * What makes a configuration within every setting's own bounds impossible to run: a letter
 * longer than the SOA, a block without a target or a non-target, more targets than fit with at
 * most 2 in a row, or more lures than a test block of some level holds.
 */
export function findConfigIssues(config: Config): ConfigProblem[] {
  const issues: ConfigProblem[] = [];
  if (config.stimulusMs > config.soaMs) {
    issues.push({
      setting: 'stimulusMs',
      message: `The letter duration (${config.stimulusMs} ms) must not exceed the SOA (${config.soaMs} ms)`,
    });
  }
  const blocks = [
    {
      what: 'A test block',
      scored: config.scoredTrialsPerBlock,
      targets: config.targetsPerBlock,
      setting: 'targetsPerBlock',
    },
    {
      what: 'A practice round',
      scored: config.practiceScoredTrials,
      targets: config.practiceTargets,
      setting: 'practiceTargets',
    },
  ] as const;
  for (const block of blocks) {
    if (block.targets >= block.scored) {
      issues.push({
        setting: block.setting,
        message: `${block.what} needs a non-target: ${block.targets} targets in ${block.scored} scored trials leave none`,
      });
    } else if (block.targets > maxTargets(block.scored)) {
      issues.push({
        setting: block.setting,
        message: `${block.what} of ${block.scored} scored trials holds at most ${maxTargets(block.scored)} targets with no more than 2 in a row, not ${block.targets}`,
      });
    }
  }
  const targetsFit = !issues.some((issue) => issue.setting === 'targetsPerBlock');
  if (config.lureMode === 'fixed' && config.luresPerBlock > 0 && targetsFit) {
    // The lures fit when the packed layout the planner falls back on holds them (layout.ts):
    // then every seed's plan has them. Checked for each level, as where a lure may stand
    // depends on n.
    for (const n of getLevels(config)) {
      const counts = getBlockCounts(config, 'test', n);
      if (packedLayout(counts)) continue;
      const most = mostPackedLures(n, counts.scored, counts.targets, config.luresPerBlock);
      issues.push({
        setting: 'luresPerBlock',
        message: `A test block of ${counts.scored} scored trials with ${counts.targets} targets has room for at most ${most} lures at level ${n}, not ${config.luresPerBlock}`,
      });
      break;
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
 * configurations findConfigIssues finds impossible (on the setting concerned).
 */
export const SETTINGS: TaskSettings<Config> = refineSettings(SPECS, findConfigIssues);
export const ConfigSchema = SETTINGS.schema;

/** The configuration the product uses. */
export const DEFAULT_CONFIG: Config = SETTINGS.defaults;

/**
 * The key mapping of a run: the configured one, or under 'counterbalanced' A or B from the
 * run's seed (a generator of its own, so it moves no letter of the plan).
 */
export function resolveKeyMapping(seed: string, config: Config): KeyMapping {
  if (config.keyMapping !== 'counterbalanced') return config.keyMapping;
  return createRng(`${seed}:n-back:key-mapping`)() < 0.5 ? 'A' : 'B';
}

/** Practice trials get feedback; test trials do not. */
export function hasFeedback(phase: Phase): boolean {
  return phase === 'practice';
}

/** Onset to onset within a block of `phase`: the SOA, plus the feedback in practice. */
export function getTrialPeriodMs(config: Config, phase: Phase): number {
  return config.soaMs + (hasFeedback(phase) ? config.feedbackMs : 0);
}

/** Correct scored trials a practice round needs: ceil(criterion x scored trials). */
export function getPracticeCorrectNeeded(config: Config): number {
  return Math.ceil(config.practiceCriterion * config.practiceScoredTrials - 1e-9);
}

/** Does a practice round with `correct` correct scored trials meet the criterion? */
export function meetsPracticeCriterion(config: Config, correct: number): boolean {
  return correct >= getPracticeCorrectNeeded(config);
}
