import type { TaskDefinition } from '../contract';
import { pvtCard } from './card';
import { PVT_PHASES, PVT_SETTINGS, PVT_STORED_CONFIG_DEFAULTS, type PvtConfig } from './config';
import { pvtEngine } from './engine';
import { estimatePvtMs } from './estimate';
import { PVT_EXPORT_COLUMNS } from './export-columns';
import { pvtFixtureMinimumMs, pvtFixtureRun } from './fixture-run';
import { simulatePvtRun } from './participant';
import { type PvtPlan, planPvt } from './plan';
import { findPvtEarlyArrival, findPvtRunImplausibility, getPvtTrialFlags } from './plausibility';
import { getPvtNextPosition, PVT_RUN_ORDER_FIELDS } from './run-order';
import {
  PVT_REPORT_CELLS,
  PVT_SCORING_VERSION,
  type PvtScores,
  pvtReportCellOf,
  scorePvt,
} from './scoring';
import { findPvtTrialProblems, type PvtTrial, PvtTrialSchema } from './trial';

/** The PVT (the 10-minute PVT and the 3-minute PVT-B) on the task contract (ADR 027). */
export const pvtTask: TaskDefinition<PvtConfig, PvtPlan, PvtTrial, PvtScores> = {
  id: pvtCard.testType,
  slug: pvtCard.slug,
  name: pvtCard.name,
  description: pvtCard.description,
  construct: 'Sustained attention and behavioural alertness (vigilance)',
  // 2.0.0: the interval before each counter is counted from the response by default (2-10 s,
  // PVT-B 1-4 s), the feedback shown in it; 1.0.0 counted it from the feedback's end (now the
  // setting intervalFrom: 'feedbackEnd').
  version: '2.0.0',
  settings: PVT_SETTINGS,
  // A configuration stored by 1.0.0 has no intervalFrom: its run counted from the feedback's end.
  storedConfigDefaults: PVT_STORED_CONFIG_DEFAULTS,
  phases: PVT_PHASES,
  scoredPhase: 'test',
  plan: planPvt,
  estimateMs: estimatePvtMs,
  engine: pvtEngine,
  trialSchema: PvtTrialSchema,
  fieldsOf: (trial) => ({
    variant: trial.variant,
    type: trial.type,
    foreperiodMs: trial.foreperiodMs,
    rsiMs: trial.rsiMs,
    lapseThresholdMs: trial.lapseThresholdMs,
    planIndex: trial.planIndex,
    nFalseStarts: trial.nFalseStarts,
    falseStarts: trial.falseStarts,
    startElapsedMs: trial.startElapsedMs,
    elapsedMs: trial.elapsedMs,
    endElapsedMs: trial.endElapsedMs,
    resumed: trial.resumed,
    nExtraResponses: trial.nExtraResponses,
  }),
  checkTrial: findPvtTrialProblems,
  trialFlags: (trial) => getPvtTrialFlags(trial),
  earlyArrival: findPvtEarlyArrival,
  runImplausibility: findPvtRunImplausibility,
  nextPosition: getPvtNextPosition,
  runOrderFields: PVT_RUN_ORDER_FIELDS,
  reportCells: PVT_REPORT_CELLS,
  reportCell: pvtReportCellOf,
  trendMeasures: [
    {
      key: 'meanSpeed',
      label: 'Response speed',
      axisLabel: 'Mean 1/RT (per second)',
      format: 'number',
      better: 'higher',
      value: (scores) => scores.meanSpeed,
    },
    {
      key: 'lapseRate',
      label: 'Lapses',
      axisLabel: 'Counters with a lapse (%)',
      format: 'percent',
      better: 'lower',
      value: (scores) => (scores.lapseRate === null ? null : scores.lapseRate * 100),
    },
    {
      key: 'medianRtMs',
      label: 'Median reaction time',
      axisLabel: 'Median RT (ms)',
      format: 'ms',
      better: 'lower',
      value: (scores) => scores.medianRtMs,
    },
  ],
  scoringVersion: PVT_SCORING_VERSION,
  score: scorePvt,
  exportColumns: PVT_EXPORT_COLUMNS,
  simulate: simulatePvtRun,
  fixtureRun(seed, config) {
    return pvtFixtureRun(seed, config).map((trial) => ({
      trial,
      minimumMs: pvtFixtureMinimumMs(config, trial),
    }));
  },
};
