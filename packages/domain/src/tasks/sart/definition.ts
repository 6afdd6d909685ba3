import type { TaskDefinition } from '../contract';
import { sartCard } from './card';
import { SART_PHASES, SART_SETTINGS, type SartConfig } from './config';
import { sartEngine } from './engine';
import { estimateSartMs } from './estimate';
import { SART_EXPORT_COLUMNS } from './export-columns';
import { sartFixtureRun, sartMinimumMs } from './fixture-run';
import { simulateSartRun } from './participant';
import { planSart, type SartPlan } from './plan';
import { findSartEarlyArrival, findSartRunImplausibility, getSartTrialFlags } from './plausibility';
import { getSartNextPosition } from './run-order';
import { SART_REPORT_CELLS, SART_SCORING_VERSION, type SartScores, scoreSart } from './scoring';
import { findSartTrialProblems, type SartTrial, SartTrialSchema } from './trial';

/** The Sustained Attention to Response Task on the task contract (ADR 027). */
export const sartTask: TaskDefinition<SartConfig, SartPlan, SartTrial, SartScores> = {
  id: sartCard.testType,
  slug: sartCard.slug,
  name: sartCard.name,
  description: sartCard.description,
  construct: 'Sustained attention and action slips',
  version: '1.0.0',
  settings: SART_SETTINGS,
  phases: SART_PHASES,
  scoredPhase: 'test',
  plan: planSart,
  estimateMs: estimateSartMs,
  engine: sartEngine,
  trialSchema: SartTrialSchema,
  fieldsOf: (trial) => ({
    digit: trial.digit,
    isNogo: trial.isNogo,
    fontSizeIndex: trial.fontSizeIndex,
    fontSizePx: trial.fontSizePx,
    devicePixelRatio: trial.devicePixelRatio,
    responded: trial.responded,
    latencyType: trial.latencyType,
    responseType: trial.responseType,
    nExtraResponses: trial.nExtraResponses,
  }),
  checkTrial: findSartTrialProblems,
  trialFlags: (trial) => getSartTrialFlags(trial),
  earlyArrival: findSartEarlyArrival,
  runImplausibility: findSartRunImplausibility,
  nextPosition: getSartNextPosition,
  reportCells: SART_REPORT_CELLS,
  reportCell: (trial) => (trial.phase === 'test' ? (trial.isNogo ? 'nogo' : 'go') : null),
  trendMeasures: [
    {
      key: 'commissionPercent',
      label: 'Commission errors',
      axisLabel: 'No-go digits pressed (%)',
      format: 'percent',
      better: 'lower',
      value: (scores) => scores.commissionPercent,
    },
    {
      key: 'meanGoRtMs',
      label: 'Go reaction time',
      axisLabel: 'Mean go RT (ms)',
      format: 'ms',
      better: 'lower',
      value: (scores) => scores.meanGoRtMs,
    },
    {
      key: 'cvGoRt',
      label: 'RT variability',
      axisLabel: 'Coefficient of variation of go RT',
      format: 'number',
      better: 'lower',
      value: (scores) => scores.cvGoRt,
    },
  ],
  scoringVersion: SART_SCORING_VERSION,
  score: scoreSart,
  exportColumns: SART_EXPORT_COLUMNS,
  simulate: simulateSartRun,
  fixtureRun(seed, config) {
    return sartFixtureRun(seed, config).map((trial) => ({
      trial,
      minimumMs: sartMinimumMs(config, trial.phase),
    }));
  },
};
