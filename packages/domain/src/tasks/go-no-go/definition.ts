import { englishText } from '../../texts';
import type { TaskDefinition } from '../contract';
import { goNoGoCard } from './card';
import { type Config, PHASES, SETTINGS } from './config';
import { engine } from './engine';
import { estimateMs } from './estimate';
import { EXPORT_COLUMNS } from './export-columns';
import { fixtureRun, minimumMs } from './fixture-run';
import { simulateRun } from './participant';
import { type Plan, plan } from './plan';
import { findEarlyArrival, findRunImplausibility, getTrialFlags } from './plausibility';
import { getNextPosition } from './run-order';
import { REPORT_CELLS, SCORING_VERSION, type Scores, score } from './scoring';
import { findTrialProblems, type Trial, TrialSchema } from './trial';

/**
 * The Go/No-Go task on the task contract (ADR 027), with the defaults of
 * docs/product.md#task-defaults.
 */
export const goNoGoTask: TaskDefinition<Config, Plan, Trial, Scores> = {
  id: goNoGoCard.testType,
  slug: goNoGoCard.slug,
  name: goNoGoCard.name,
  description: goNoGoCard.description,
  construct: englishText(
    /*i18n*/ {
      id: 'tasks.goNoGoTest.construct',
      message: 'Response inhibition and sustained attention',
    },
  ),
  version: '1.0.0',
  settings: SETTINGS,
  responseMapping: { setting: 'goMapping', levels: { A: 'A', B: 'B' } },
  phases: PHASES,
  scoredPhase: 'test',
  plan: plan,
  estimateMs: estimateMs,
  engine: engine,
  trialSchema: TrialSchema,
  fieldsOf: (trial) => ({
    stimulusType: trial.stimulusType,
    stimulusId: trial.stimulusId,
    responded: trial.responded,
    responseType: trial.responseType,
    nExtraResponses: trial.nExtraResponses,
    lateResponse: trial.lateResponse,
  }),
  checkTrial: findTrialProblems,
  trialFlags: (trial) => getTrialFlags(trial),
  earlyArrival: findEarlyArrival,
  runImplausibility: findRunImplausibility,
  nextPosition: getNextPosition,
  reportCells: REPORT_CELLS,
  reportCell: (trial) => (trial.phase === 'test' ? trial.stimulusType : null),
  trendMeasures: [
    {
      key: 'commissionRate',
      label: englishText(
        /*i18n*/ { id: 'tasks.goNoGoTest.trendCommissionRateLabel', message: 'Commission errors' },
      ),
      axisLabel: englishText(
        /*i18n*/ {
          id: 'tasks.goNoGoTest.trendCommissionRateAxisLabel',
          message: 'No-go trials answered (%)',
        },
      ),
      format: 'percent',
      better: 'lower',
      value: (scores) => (scores.commissionRate === null ? null : scores.commissionRate * 100),
    },
    {
      key: 'meanGoRtMs',
      label: englishText(
        /*i18n*/ { id: 'tasks.goNoGoTest.trendMeanGoRtMsLabel', message: 'Go reaction time' },
      ),
      axisLabel: englishText(
        /*i18n*/ { id: 'tasks.goNoGoTest.trendMeanGoRtMsAxisLabel', message: 'Mean go RT (ms)' },
      ),
      format: 'ms',
      better: 'lower',
      value: (scores) => scores.meanGoRtMs,
    },
  ],
  scoringVersion: SCORING_VERSION,
  score: score,
  exportColumns: EXPORT_COLUMNS,
  simulate: simulateRun,
  fixtureRun(seed, config) {
    return fixtureRun(seed, config).map((trial) => ({
      trial,
      minimumMs: minimumMs(config, trial.phase),
    }));
  },
};
