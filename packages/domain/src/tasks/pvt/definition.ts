import { englishText } from '../../texts';
import type { TaskDefinition } from '../contract';
import { pvtCard } from './card';
import { type Config, PHASES, SETTINGS, STORED_CONFIG_DEFAULTS } from './config';
import { engine } from './engine';
import { estimateMs } from './estimate';
import { EXPORT_COLUMNS } from './export-columns';
import { fixtureMinimumMs, fixtureRun } from './fixture-run';
import { simulateRun } from './participant';
import { type Plan, plan } from './plan';
import { findEarlyArrival, findRunImplausibility, getTrialFlags } from './plausibility';
import { getNextPosition, RUN_ORDER_FIELDS } from './run-order';
import { REPORT_CELLS, reportCellOf, SCORING_VERSION, type Scores, score } from './scoring';
import { findTrialProblems, type Trial, TrialSchema } from './trial';

/** The PVT (the 10-minute PVT and the 3-minute PVT-B) on the task contract (ADR 027). */
export const pvtTask: TaskDefinition<Config, Plan, Trial, Scores> = {
  id: pvtCard.testType,
  slug: pvtCard.slug,
  name: pvtCard.name,
  description: pvtCard.description,
  construct: englishText(
    /*i18n*/ {
      id: 'tasks.pvtTest.construct',
      message: 'Sustained attention and behavioural alertness (vigilance)',
    },
  ),
  // 2.0.0: the interval before each counter is counted from the response by default (2-10 s,
  // PVT-B 1-4 s), the feedback shown in it; 1.0.0 counted it from the feedback's end (now the
  // setting intervalFrom: 'feedbackEnd').
  version: '2.0.0',
  settings: SETTINGS,
  // A configuration stored by 1.0.0 has no intervalFrom: its run counted from the feedback's end.
  storedConfigDefaults: STORED_CONFIG_DEFAULTS,
  phases: PHASES,
  scoredPhase: 'test',
  plan: plan,
  estimateMs: estimateMs,
  engine: engine,
  trialSchema: TrialSchema,
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
  checkTrial: findTrialProblems,
  trialFlags: (trial) => getTrialFlags(trial),
  earlyArrival: findEarlyArrival,
  runImplausibility: findRunImplausibility,
  nextPosition: getNextPosition,
  runOrderFields: RUN_ORDER_FIELDS,
  reportCells: REPORT_CELLS,
  reportCell: reportCellOf,
  trendMeasures: [
    {
      key: 'meanSpeed',
      label: englishText(
        /*i18n*/ { id: 'tasks.pvtTest.trendMeanSpeedLabel', message: 'Response speed' },
      ),
      axisLabel: englishText(
        /*i18n*/ { id: 'tasks.pvtTest.trendMeanSpeedAxisLabel', message: 'Mean 1/RT (per second)' },
      ),
      format: 'number',
      better: 'higher',
      value: (scores) => scores.meanSpeed,
    },
    {
      key: 'lapseRate',
      label: englishText(/*i18n*/ { id: 'tasks.pvtTest.trendLapseRateLabel', message: 'Lapses' }),
      axisLabel: englishText(
        /*i18n*/ {
          id: 'tasks.pvtTest.trendLapseRateAxisLabel',
          message: 'Counters with a lapse (%)',
        },
      ),
      format: 'percent',
      better: 'lower',
      value: (scores) => (scores.lapseRate === null ? null : scores.lapseRate * 100),
    },
    {
      key: 'medianRtMs',
      label: englishText(
        /*i18n*/ { id: 'tasks.pvtTest.trendMedianRtMsLabel', message: 'Median reaction time' },
      ),
      axisLabel: englishText(
        /*i18n*/ { id: 'tasks.pvtTest.trendMedianRtMsAxisLabel', message: 'Median RT (ms)' },
      ),
      format: 'ms',
      better: 'lower',
      value: (scores) => scores.medianRtMs,
    },
  ],
  scoringVersion: SCORING_VERSION,
  score: score,
  exportColumns: EXPORT_COLUMNS,
  simulate: simulateRun,
  fixtureRun(seed, config) {
    return fixtureRun(seed, config).map((trial) => ({
      trial,
      minimumMs: fixtureMinimumMs(config, trial),
    }));
  },
};
