import type { TaskDefinition } from '../contract';
import { goNoGoCard } from './card';
import { GO_NO_GO_PHASES, GO_NO_GO_SETTINGS, type GoNoGoConfig } from './config';
import { goNoGoEngine } from './engine';
import { estimateGoNoGoMs } from './estimate';
import { GO_NO_GO_EXPORT_COLUMNS } from './export-columns';
import { goNoGoFixtureRun, goNoGoMinimumMs } from './fixture-run';
import { simulateGoNoGoRun } from './participant';
import { type GoNoGoPlan, planGoNoGo } from './plan';
import {
  findGoNoGoEarlyArrival,
  findGoNoGoRunImplausibility,
  getGoNoGoTrialFlags,
} from './plausibility';
import { getGoNoGoNextPosition } from './run-order';
import {
  GO_NO_GO_REPORT_CELLS,
  GO_NO_GO_SCORING_VERSION,
  type GoNoGoScores,
  scoreGoNoGo,
} from './scoring';
import { findGoNoGoTrialProblems, type GoNoGoTrial, GoNoGoTrialSchema } from './trial';

/**
 * The Go/No-Go task on the task contract (ADR 027), with the defaults of
 * docs/product.md#task-defaults.
 */
export const goNoGoTask: TaskDefinition<GoNoGoConfig, GoNoGoPlan, GoNoGoTrial, GoNoGoScores> = {
  id: goNoGoCard.testType,
  slug: goNoGoCard.slug,
  name: goNoGoCard.name,
  description: goNoGoCard.description,
  construct: 'Response inhibition and sustained attention',
  version: '1.0.0',
  settings: GO_NO_GO_SETTINGS,
  phases: GO_NO_GO_PHASES,
  scoredPhase: 'test',
  plan: planGoNoGo,
  estimateMs: estimateGoNoGoMs,
  engine: goNoGoEngine,
  trialSchema: GoNoGoTrialSchema,
  fieldsOf: (trial) => ({
    stimulusType: trial.stimulusType,
    stimulusId: trial.stimulusId,
    responded: trial.responded,
    responseType: trial.responseType,
    nExtraResponses: trial.nExtraResponses,
    lateResponse: trial.lateResponse,
  }),
  checkTrial: findGoNoGoTrialProblems,
  trialFlags: (trial) => getGoNoGoTrialFlags(trial),
  earlyArrival: findGoNoGoEarlyArrival,
  runImplausibility: findGoNoGoRunImplausibility,
  nextPosition: getGoNoGoNextPosition,
  reportCells: GO_NO_GO_REPORT_CELLS,
  reportCell: (trial) => (trial.phase === 'test' ? trial.stimulusType : null),
  trendMeasures: [
    {
      key: 'commissionRate',
      label: 'Commission errors',
      axisLabel: 'No-go trials answered (%)',
      format: 'percent',
      better: 'lower',
      value: (scores) => (scores.commissionRate === null ? null : scores.commissionRate * 100),
    },
    {
      key: 'meanGoRtMs',
      label: 'Go reaction time',
      axisLabel: 'Mean go RT (ms)',
      format: 'ms',
      better: 'lower',
      value: (scores) => scores.meanGoRtMs,
    },
  ],
  scoringVersion: GO_NO_GO_SCORING_VERSION,
  score: scoreGoNoGo,
  exportColumns: GO_NO_GO_EXPORT_COLUMNS,
  simulate: simulateGoNoGoRun,
  fixtureRun(seed, config) {
    return goNoGoFixtureRun(seed, config).map((trial) => ({
      trial,
      minimumMs: goNoGoMinimumMs(config, trial.phase),
    }));
  },
};
