import type { TaskDefinition } from '../contract';
import { nBackCard } from './card';
import { getNBackTrialPeriodMs, N_BACK_PHASES, N_BACK_SETTINGS, type NBackConfig } from './config';
import { nBackEngine } from './engine';
import { estimateNBackMs } from './estimate';
import { N_BACK_EXPORT_COLUMNS } from './export-columns';
import { nBackFixtureRun } from './fixture-run';
import { simulateNBackRun } from './participant';
import { type NBackPlan, planNBack } from './plan';
import {
  findNBackEarlyArrival,
  findNBackRunImplausibility,
  getNBackTrialFlags,
} from './plausibility';
import { getNBackNextPosition } from './run-order';
import {
  N_BACK_REPORT_CELLS,
  N_BACK_SCORING_VERSION,
  type NBackScores,
  nBackReportCellOf,
  scoreNBack,
} from './scoring';
import { findNBackTrialProblems, type NBackTrial, NBackTrialSchema } from './trial';

/** The N-back task on the task contract (ADR 027). */
export const nBackTask: TaskDefinition<NBackConfig, NBackPlan, NBackTrial, NBackScores> = {
  id: nBackCard.testType,
  slug: nBackCard.slug,
  name: nBackCard.name,
  description: nBackCard.description,
  construct: 'Working memory updating and monitoring',
  version: '1.0.0',
  settings: N_BACK_SETTINGS,
  phases: N_BACK_PHASES,
  scoredPhase: 'test',
  plan: planNBack,
  estimateMs: estimateNBackMs,
  engine: nBackEngine,
  trialSchema: NBackTrialSchema,
  fieldsOf: (trial) => ({
    level: trial.level,
    letter: trial.letter,
    isTarget: trial.isTarget,
    lureType: trial.lureType,
    nBackLetter: trial.nBackLetter,
    answer: trial.answer,
    responseType: trial.responseType,
    keyMapping: trial.keyMapping,
    nExtraResponses: trial.nExtraResponses,
  }),
  checkTrial: findNBackTrialProblems,
  trialFlags: (trial) => getNBackTrialFlags(trial),
  earlyArrival: findNBackEarlyArrival,
  runImplausibility: findNBackRunImplausibility,
  nextPosition: getNBackNextPosition,
  reportCells: N_BACK_REPORT_CELLS,
  reportCell: (trial) =>
    trial.phase === 'test' && trial.isTarget !== null
      ? nBackReportCellOf(trial.level, trial.isTarget)
      : null,
  trendMeasures: [
    {
      key: 'dPrime',
      label: "Sensitivity (d')",
      axisLabel: "d' over all levels",
      format: 'number',
      better: 'higher',
      value: (scores) => scores.overall.dPrime,
    },
    {
      key: 'meanHitRtMs',
      label: 'Reaction time of hits',
      axisLabel: 'Mean RT of hits (ms)',
      format: 'ms',
      better: 'lower',
      value: (scores) => scores.overall.meanHitRtMs,
    },
  ],
  scoringVersion: N_BACK_SCORING_VERSION,
  score: scoreNBack,
  exportColumns: N_BACK_EXPORT_COLUMNS,
  simulate: simulateNBackRun,
  fixtureRun(seed, config) {
    return nBackFixtureRun(seed, config).map((trial) => ({
      trial,
      // The least time a trial takes a person: its SOA, and its feedback in practice.
      minimumMs: getNBackTrialPeriodMs(config, trial.phase),
    }));
  },
};
