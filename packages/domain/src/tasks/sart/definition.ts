import { englishText } from '../../texts';
import type { TaskDefinition } from '../contract';
import { sartCard } from './card';
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

/** The Sustained Attention to Response Task on the task contract (ADR 027). */
export const sartTask: TaskDefinition<Config, Plan, Trial, Scores> = {
  id: sartCard.testType,
  slug: sartCard.slug,
  name: sartCard.name,
  description: sartCard.description,
  construct: englishText(
    /*i18n*/ { id: 'tasks.sartTest.construct', message: 'Sustained attention and action slips' },
  ),
  version: '1.0.0',
  settings: SETTINGS,
  phases: PHASES,
  scoredPhase: 'test',
  plan: plan,
  estimateMs: estimateMs,
  engine: engine,
  trialSchema: TrialSchema,
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
  checkTrial: findTrialProblems,
  trialFlags: (trial) => getTrialFlags(trial),
  earlyArrival: findEarlyArrival,
  runImplausibility: findRunImplausibility,
  nextPosition: getNextPosition,
  reportCells: REPORT_CELLS,
  reportCell: (trial) => (trial.phase === 'test' ? (trial.isNogo ? 'nogo' : 'go') : null),
  trendMeasures: [
    {
      key: 'commissionPercent',
      label: englishText(
        /*i18n*/ { id: 'tasks.sartTest.trendCommissionPercentLabel', message: 'Commission errors' },
      ),
      axisLabel: englishText(
        /*i18n*/ {
          id: 'tasks.sartTest.trendCommissionPercentAxisLabel',
          message: 'No-go digits pressed (%)',
        },
      ),
      format: 'percent',
      better: 'lower',
      value: (scores) => scores.commissionPercent,
    },
    {
      key: 'meanGoRtMs',
      label: englishText(
        /*i18n*/ { id: 'tasks.sartTest.trendMeanGoRtMsLabel', message: 'Go reaction time' },
      ),
      axisLabel: englishText(
        /*i18n*/ { id: 'tasks.sartTest.trendMeanGoRtMsAxisLabel', message: 'Mean go RT (ms)' },
      ),
      format: 'ms',
      better: 'lower',
      value: (scores) => scores.meanGoRtMs,
    },
    {
      key: 'cvGoRt',
      label: englishText(
        /*i18n*/ { id: 'tasks.sartTest.trendCvGoRtLabel', message: 'RT variability' },
      ),
      axisLabel: englishText(
        /*i18n*/ {
          id: 'tasks.sartTest.trendCvGoRtAxisLabel',
          message: 'Coefficient of variation of go RT',
        },
      ),
      format: 'number',
      better: 'lower',
      value: (scores) => scores.cvGoRt,
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
