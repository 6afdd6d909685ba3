import { englishText } from '../../texts';
import type { TaskDefinition } from '../contract';
import { flankerCard } from './card';
import { type Config, PHASES, SETTINGS } from './config';
import { engine } from './engine';
import { estimateMs } from './estimate';
import { EXPORT_COLUMNS } from './export-columns';
import { fixtureRun, minimumMs } from './fixture-run';
import { simulate } from './participant';
import { type Plan, plan } from './plan';
import { findEarlyArrival, findRunImplausibility, trialFlags } from './plausibility';
import { nextPosition } from './run-order';
import { REPORT_CELLS, SCORING_VERSION, type Scores, score } from './scoring';
import { findTrialProblems, type Trial, TrialSchema } from './trial';

/**
 * The Eriksen flanker task with arrows on the task contract (ADR 027), on the shared fixed-SOA
 * engine; docs/scoring/flanker.md gives its procedure, defaults and scores.
 */
export const flankerTask: TaskDefinition<Config, Plan, Trial, Scores> = {
  id: flankerCard.testType,
  slug: flankerCard.slug,
  name: flankerCard.name,
  description: flankerCard.description,
  construct: englishText(
    /*i18n*/ {
      id: 'tasks.flankerTest.construct',
      message: 'Selective attention and interference control',
    },
  ),
  version: '1.0.0',
  settings: SETTINGS,
  phases: PHASES,
  scoredPhase: 'test',
  plan,
  estimateMs,
  engine,
  trialSchema: TrialSchema,
  fieldsOf: (trial) => ({
    congruency: trial.congruency,
    targetDirection: trial.targetDirection,
    display: trial.display,
    responded: trial.responded,
    responseType: trial.responseType,
    nExtraResponses: trial.nExtraResponses,
  }),
  checkTrial: findTrialProblems,
  trialFlags: (trial) => trialFlags(trial),
  earlyArrival: findEarlyArrival,
  runImplausibility: findRunImplausibility,
  nextPosition,
  reportCells: REPORT_CELLS,
  reportCell: (trial) => (trial.phase === 'test' ? trial.congruency : null),
  trendMeasures: [
    {
      key: 'flankerEffectMs',
      label: englishText(
        /*i18n*/ { id: 'tasks.flankerTest.trendFlankerEffectMsLabel', message: 'Flanker effect' },
      ),
      axisLabel: englishText(
        /*i18n*/ {
          id: 'tasks.flankerTest.trendFlankerEffectMsAxisLabel',
          message: 'Incongruent minus congruent RT (ms)',
        },
      ),
      format: 'ms',
      better: 'lower',
      value: (scores) => scores.flankerEffectMs,
    },
    {
      key: 'accuracy',
      label: englishText(
        /*i18n*/ { id: 'tasks.flankerTest.trendAccuracyLabel', message: 'Accuracy' },
      ),
      axisLabel: englishText(
        /*i18n*/ {
          id: 'tasks.flankerTest.trendAccuracyAxisLabel',
          message: 'Test trials correct (%)',
        },
      ),
      format: 'percent',
      better: 'higher',
      value: (scores) => (scores.accuracy === null ? null : scores.accuracy * 100),
    },
  ],
  scoringVersion: SCORING_VERSION,
  score,
  exportColumns: EXPORT_COLUMNS,
  simulate,
  fixtureRun(seed, config) {
    return fixtureRun(seed, config).map((trial) => ({
      trial,
      minimumMs: minimumMs(config, trial.phase),
    }));
  },
};
