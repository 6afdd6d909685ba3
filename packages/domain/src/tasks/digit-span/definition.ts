import { englishText } from '../../texts';
import type { TaskDefinition } from '../contract';
import { digitSpanCard } from './card';
import { type Config, getMinimumTrialMs, PHASES, SETTINGS, STORED_CONFIG_DEFAULTS } from './config';
import { engine } from './engine';
import { estimateMs } from './estimate';
import { EXPORT_COLUMNS } from './export-columns';
import { fixtureRun } from './fixture-run';
import { simulateRun } from './participant';
import { type Plan, plan } from './plan';
import { findEarlyArrival, findRunImplausibility, getTrialFlags } from './plausibility';
import { getNextPosition, RUN_ORDER_FIELDS } from './run-order';
import { REPORT_CELLS, SCORING_VERSION, type Scores, score } from './scoring';
import { findTrialProblems, type Trial, TrialSchema } from './trial';

/** The Digit Span task (forward and backward, Wechsler-style ladder) on the task contract (ADR 027). */
export const digitSpanTask: TaskDefinition<Config, Plan, Trial, Scores> = {
  id: digitSpanCard.testType,
  slug: digitSpanCard.slug,
  name: digitSpanCard.name,
  description: digitSpanCard.description,
  construct: englishText(
    /*i18n*/ {
      id: 'tasks.digitSpanTest.construct',
      message: 'Verbal short-term memory (forward) and working memory (backward)',
    },
  ),
  // 1.1.0: an interrupted test list is given again (interruptionRepeats); 1.0.0 is the
  // procedure at interruptionRepeats 0, as its stored runs are read.
  version: '1.1.0',
  settings: SETTINGS,
  storedConfigDefaults: STORED_CONFIG_DEFAULTS,
  phases: PHASES,
  scoredPhase: 'test',
  plan: plan,
  estimateMs: estimateMs,
  engine: engine,
  trialSchema: TrialSchema,
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
  checkTrial: findTrialProblems,
  trialFlags: (trial) => getTrialFlags(trial),
  earlyArrival: findEarlyArrival,
  runImplausibility: findRunImplausibility,
  nextPosition: getNextPosition,
  runOrderFields: RUN_ORDER_FIELDS,
  reportCells: REPORT_CELLS,
  reportCell: (trial) => (trial.phase === 'test' ? trial.direction : null),
  trendMeasures: [
    {
      key: 'forwardSpan',
      label: englishText(
        /*i18n*/ { id: 'tasks.digitSpanTest.trendForwardSpanLabel', message: 'Forward span' },
      ),
      axisLabel: englishText(
        /*i18n*/ {
          id: 'tasks.digitSpanTest.trendForwardSpanAxisLabel',
          message: 'Longest list recalled (digits)',
        },
      ),
      format: 'number',
      better: 'higher',
      value: (scores) => scores.forward?.longestSpan ?? null,
    },
    {
      key: 'backwardSpan',
      label: englishText(
        /*i18n*/ { id: 'tasks.digitSpanTest.trendBackwardSpanLabel', message: 'Backward span' },
      ),
      axisLabel: englishText(
        /*i18n*/ {
          id: 'tasks.digitSpanTest.trendBackwardSpanAxisLabel',
          message: 'Longest list recalled in reverse (digits)',
        },
      ),
      format: 'number',
      better: 'higher',
      value: (scores) => scores.backward?.longestSpan ?? null,
    },
    {
      key: 'totalCorrect',
      label: englishText(
        /*i18n*/ { id: 'tasks.digitSpanTest.trendTotalCorrectLabel', message: 'Lists recalled' },
      ),
      axisLabel: englishText(
        /*i18n*/ {
          id: 'tasks.digitSpanTest.trendTotalCorrectAxisLabel',
          message: 'Correct lists, both directions',
        },
      ),
      format: 'number',
      better: 'higher',
      value: (scores) => scores.totalCorrect,
    },
  ],
  scoringVersion: SCORING_VERSION,
  score: score,
  exportColumns: EXPORT_COLUMNS,
  simulate: simulateRun,
  fixtureRun(seed, config) {
    return fixtureRun(seed, config).map((trial) => ({
      trial,
      minimumMs: getMinimumTrialMs(config, trial.length),
    }));
  },
};
