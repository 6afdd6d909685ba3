import type { TaskDefinition } from '../contract';
import { digitSpanCard } from './card';
import {
  DIGIT_SPAN_PHASES,
  DIGIT_SPAN_SETTINGS,
  DIGIT_SPAN_STORED_CONFIG_DEFAULTS,
  type DigitSpanConfig,
  getDigitSpanMinimumTrialMs,
} from './config';
import { digitSpanEngine } from './engine';
import { estimateDigitSpanMs } from './estimate';
import { DIGIT_SPAN_EXPORT_COLUMNS } from './export-columns';
import { digitSpanFixtureRun } from './fixture-run';
import { simulateDigitSpanRun } from './participant';
import { type DigitSpanPlan, planDigitSpan } from './plan';
import {
  findDigitSpanEarlyArrival,
  findDigitSpanRunImplausibility,
  getDigitSpanTrialFlags,
} from './plausibility';
import { DIGIT_SPAN_RUN_ORDER_FIELDS, getDigitSpanNextPosition } from './run-order';
import {
  DIGIT_SPAN_REPORT_CELLS,
  DIGIT_SPAN_SCORING_VERSION,
  type DigitSpanScores,
  scoreDigitSpan,
} from './scoring';
import { type DigitSpanTrial, DigitSpanTrialSchema, findDigitSpanTrialProblems } from './trial';

/** The Digit Span task (forward and backward, Wechsler-style ladder) on the task contract (ADR 027). */
export const digitSpanTask: TaskDefinition<
  DigitSpanConfig,
  DigitSpanPlan,
  DigitSpanTrial,
  DigitSpanScores
> = {
  id: digitSpanCard.testType,
  slug: digitSpanCard.slug,
  name: digitSpanCard.name,
  description: digitSpanCard.description,
  construct: 'Verbal short-term memory (forward) and working memory (backward)',
  // 1.1.0: an interrupted test list is given again (interruptionRepeats); 1.0.0 is the
  // procedure at interruptionRepeats 0, as its stored runs are read.
  version: '1.1.0',
  settings: DIGIT_SPAN_SETTINGS,
  storedConfigDefaults: DIGIT_SPAN_STORED_CONFIG_DEFAULTS,
  phases: DIGIT_SPAN_PHASES,
  scoredPhase: 'test',
  plan: planDigitSpan,
  estimateMs: estimateDigitSpanMs,
  engine: digitSpanEngine,
  trialSchema: DigitSpanTrialSchema,
  fieldsOf: (trial) => ({
    direction: trial.direction,
    length: trial.length,
    attempt: trial.attempt,
    repeat: trial.repeat,
    interrupted: trial.interrupted,
    presented: trial.presented,
    expected: trial.expected,
    entered: trial.entered,
    nDigitsEntered: trial.nDigitsEntered,
    nCorrectPositions: trial.nCorrectPositions,
    firstKeyRt: trial.firstKeyRt,
    nBackspaces: trial.nBackspaces,
    timedOut: trial.timedOut,
  }),
  checkTrial: findDigitSpanTrialProblems,
  trialFlags: (trial) => getDigitSpanTrialFlags(trial),
  earlyArrival: findDigitSpanEarlyArrival,
  runImplausibility: findDigitSpanRunImplausibility,
  nextPosition: getDigitSpanNextPosition,
  runOrderFields: DIGIT_SPAN_RUN_ORDER_FIELDS,
  reportCells: DIGIT_SPAN_REPORT_CELLS,
  reportCell: (trial) => (trial.phase === 'test' ? trial.direction : null),
  trendMeasures: [
    {
      key: 'forwardSpan',
      label: 'Forward span',
      axisLabel: 'Longest list recalled (digits)',
      format: 'number',
      better: 'higher',
      value: (scores) => scores.forward?.longestSpan ?? null,
    },
    {
      key: 'backwardSpan',
      label: 'Backward span',
      axisLabel: 'Longest list recalled in reverse (digits)',
      format: 'number',
      better: 'higher',
      value: (scores) => scores.backward?.longestSpan ?? null,
    },
    {
      key: 'totalCorrect',
      label: 'Lists recalled',
      axisLabel: 'Correct lists, both directions',
      format: 'number',
      better: 'higher',
      value: (scores) => scores.totalCorrect,
    },
  ],
  scoringVersion: DIGIT_SPAN_SCORING_VERSION,
  score: scoreDigitSpan,
  exportColumns: DIGIT_SPAN_EXPORT_COLUMNS,
  simulate: simulateDigitSpanRun,
  fixtureRun(seed, config) {
    return digitSpanFixtureRun(seed, config).map((trial) => ({
      trial,
      minimumMs: getDigitSpanMinimumTrialMs(config, trial.length),
    }));
  },
};
