import { z } from 'zod';
import { englishText, type Text } from '../../texts';
import { type ConfigOf, defineSettings, type NumberSetting } from '../shared/settings';

/** The phases of a run, in run order: fixed practice (one block, may be off), then the test. */
export const PHASES = ['practice', 'test'] as const;
export type Phase = (typeof PHASES)[number];
export const PhaseSchema = z.enum(PHASES);

/** The digits shown, each as often as every other. */
export const DIGITS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

/** How many font sizes a run draws its digits in; a trial's fontSizeIndex is 0 to 4. */
export const FONT_SIZE_COUNT = 5;

/** Practice shows every digit in the middle size. */
export const PRACTICE_FONT_SIZE_INDEX = 2;

/**
 * The reference height against which the digits and the mask are sized, as a multiple of the
 * viewport's width: a screen taller than 1.6 times its width (a phone held upright) sizes them
 * against 1.6 x its width instead of its height, so the largest digit stays on screen.
 */
export const MAX_HEIGHT_TO_WIDTH = 1.6;

/** The texts of a digit font height setting, with its size's number (1-5) and index (0-4). */
const FONT_HEIGHT_TEXTS = {
  label: /*i18n*/ { id: 'tasks.sartTest.fontSizeLabel', message: 'Font size {size}' },
  description: /*i18n*/ {
    id: 'tasks.sartTest.fontSizeDescription',
    message:
      "The height of the digits drawn in size {size} (fontSizeIndex {index}), in percent of the viewport's height (of 1.6 x its width on a screen taller than that). Test digits are drawn in each of the five sizes equally often.",
  },
} satisfies Record<string, Text>;

/** A digit font height setting: percent of the reference height. */
const fontHeight = (index: number, value: number): NumberSetting => ({
  kind: 'number',
  default: value,
  min: 2,
  max: 30,
  unit: '% of screen height',
  label: englishText(FONT_HEIGHT_TEXTS.label, { size: index + 1 }),
  description: englishText(FONT_HEIGHT_TEXTS.description, { size: index + 1, index }),
});

export const SETTINGS = defineSettings({
  repsPerDigit: {
    kind: 'number',
    default: 25,
    min: 1,
    max: 60,
    integer: true,
    unit: 'repetitions',
    label: englishText(
      /*i18n*/ { id: 'tasks.sartTest.repsPerDigitLabel', message: 'Repetitions per digit' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.sartTest.repsPerDigitDescription',
        message:
          'How often each of the digits 1-9 appears in the test: 25 gives 225 trials, 25 of them no-go. With a multiple of 5 every digit appears in every font size equally often.',
      },
    ),
  },
  nogoDigit: {
    kind: 'number',
    default: 3,
    min: 1,
    max: 9,
    integer: true,
    unit: 'digit',
    label: englishText(/*i18n*/ { id: 'tasks.sartTest.nogoDigitLabel', message: 'No-go digit' }),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.sartTest.nogoDigitDescription',
        message: 'The digit not to respond to; every other digit is a go digit.',
      },
    ),
  },
  maxConsecutiveNogo: {
    kind: 'number',
    default: 0,
    min: 0,
    max: 10,
    integer: true,
    unit: 'trials',
    label: englishText(
      /*i18n*/ { id: 'tasks.sartTest.maxConsecutiveNogoLabel', message: 'No-go run at most' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.sartTest.maxConsecutiveNogoDescription',
        message:
          "How many no-go digits may come in a row: 0 sets no constraint, as in Robertson's and Inquisit's sequences; 1 never shows two in a row.",
      },
    ),
  },
  digitMs: {
    kind: 'number',
    default: 250,
    min: 50,
    max: 2000,
    unit: 'ms',
    label: englishText(/*i18n*/ { id: 'tasks.sartTest.digitMsLabel', message: 'Digit duration' }),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.sartTest.digitMsDescription',
        message: 'How long each digit stays on screen before the mask replaces it.',
      },
    ),
  },
  maskMs: {
    kind: 'number',
    default: 900,
    min: 100,
    max: 5000,
    unit: 'ms',
    label: englishText(/*i18n*/ { id: 'tasks.sartTest.maskMsLabel', message: 'Mask duration' }),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.sartTest.maskMsDescription',
        message:
          'How long the mask (a circle with an X) stays after each digit. Digit + mask is the fixed SOA (1150 ms), counted on an absolute time line; a response never shortens it.',
      },
    ),
  },
  fontHeight1: fontHeight(0, 10),
  fontHeight2: fontHeight(1, 13),
  fontHeight3: fontHeight(2, 16),
  fontHeight4: fontHeight(3, 19),
  fontHeight5: fontHeight(4, 21),
  maskHeight: {
    kind: 'number',
    default: 20,
    min: 5,
    max: 30,
    unit: '% of screen height',
    label: englishText(/*i18n*/ { id: 'tasks.sartTest.maskHeightLabel', message: 'Mask size' }),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.sartTest.maskHeightDescription',
        message:
          "The mask's height, in percent of the viewport's height (of 1.6 x its width on a screen taller than that).",
      },
    ),
  },
  practiceEnabled: {
    kind: 'boolean',
    default: true,
    label: englishText(/*i18n*/ { id: 'tasks.sartTest.practiceEnabledLabel', message: 'Practice' }),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.sartTest.practiceEnabledDescription',
        message: 'Whether the test follows a practice block with feedback after errors.',
      },
    ),
  },
  practiceTrials: {
    kind: 'number',
    default: 18,
    min: 9,
    max: 90,
    integer: true,
    unit: 'trials',
    label: englishText(
      /*i18n*/ { id: 'tasks.sartTest.practiceTrialsLabel', message: 'Practice trials' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.sartTest.practiceTrialsDescription',
        message:
          'Trials in the practice block, all in the middle font size: each digit equally often (18: each twice), any remainder a random choice of different digits.',
      },
    ),
  },
  feedbackMs: {
    kind: 'number',
    default: 900,
    min: 0,
    max: 5000,
    unit: 'ms',
    label: englishText(
      /*i18n*/ { id: 'tasks.sartTest.feedbackMsLabel', message: 'Feedback duration' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.sartTest.feedbackMsDescription',
        message:
          "How long practice feedback follows each practice trial: after an error the message ('Don't press for 3' or 'Press for every digit except 3'), after a right answer a blank screen, so practice keeps one pace. The test has no feedback.",
      },
    ),
  },
  maskFeedback: {
    kind: 'boolean',
    default: false,
    label: englishText(
      /*i18n*/ { id: 'tasks.sartTest.maskFeedbackLabel', message: 'Green mask after a press' },
    ),
    description: englishText(
      /*i18n*/ {
        id: 'tasks.sartTest.maskFeedbackDescription',
        message:
          "PsyToolkit's variant: the mask turns green once a go digit has been pressed for, in practice and test.",
      },
    ),
  },
});

export type Config = ConfigOf<typeof SETTINGS.specs>;

export const ConfigSchema = SETTINGS.schema;

/** The configuration the product uses. */
export const DEFAULT_CONFIG: Config = SETTINGS.defaults;

/** The five font heights, in percent of the reference height, by fontSizeIndex. */
export function getFontHeights(config: Config): readonly number[] {
  return [
    config.fontHeight1,
    config.fontHeight2,
    config.fontHeight3,
    config.fontHeight4,
    config.fontHeight5,
  ];
}

/** Onset to onset in the test: the digit and its mask. */
export function getSoaMs(config: Pick<Config, 'digitMs' | 'maskMs'>): number {
  return config.digitMs + config.maskMs;
}

/** Practice trials get feedback; test trials do not. */
export function hasFeedback(phase: Phase): boolean {
  return phase === 'practice';
}

/** Onset to onset within a block of `phase`: the SOA, plus the feedback in practice. */
export function getTrialPeriodMs(config: Config, phase: Phase): number {
  return getSoaMs(config) + (hasFeedback(phase) ? config.feedbackMs : 0);
}

/** Trials in the block of `phase`: practice (none when it is off) or the test's 9 x reps. */
export function getBlockTrialCount(config: Config, phase: Phase): number {
  if (phase === 'practice') return config.practiceEnabled ? config.practiceTrials : 0;
  return DIGITS.length * config.repsPerDigit;
}

/** Is `digit` the no-go digit of this configuration? */
export function isNogoDigit(config: Pick<Config, 'nogoDigit'>, digit: number): boolean {
  return digit === config.nogoDigit;
}

/** A viewport in CSS pixels, and the device's pixels per CSS pixel. */
export type Viewport = { widthPx: number; heightPx: number; devicePixelRatio: number };

/**
 * The viewport the simulated runs (mock data, fixtures, tests) are drawn on: a desktop window.
 * The browser records the sizes of its own viewport.
 */
export const NOMINAL_VIEWPORT: Viewport = {
  widthPx: 1280,
  heightPx: 800,
  devicePixelRatio: 1,
};

/** The height the sizes are percentages of: the viewport's, at most 1.6 x its width (px). */
export function getReferenceHeightPx(viewport: Omit<Viewport, 'devicePixelRatio'>): number {
  return Math.min(viewport.heightPx, MAX_HEIGHT_TO_WIDTH * viewport.widthPx);
}

/** The font size (CSS px, the digit's em height) of size `index` on `viewport`. */
export function getFontSizePx(
  config: Config,
  index: number,
  viewport: Omit<Viewport, 'devicePixelRatio'>,
): number {
  const percent = getFontHeights(config)[index] ?? config.fontHeight3;
  return (percent / 100) * getReferenceHeightPx(viewport);
}

/** The mask's height (CSS px) on `viewport`. */
export function getMaskSizePx(
  config: Config,
  viewport: Omit<Viewport, 'devicePixelRatio'>,
): number {
  return (config.maskHeight / 100) * getReferenceHeightPx(viewport);
}
