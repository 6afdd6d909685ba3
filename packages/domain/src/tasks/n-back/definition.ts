import { englishText } from '../../texts';
import type { TaskDefinition } from '../contract';
import { nBackCard } from './card';
import { type Config, getTrialPeriodMs, PHASES, SETTINGS } from './config';
import { engine } from './engine';
import { estimateMs } from './estimate';
import { EXPORT_COLUMNS } from './export-columns';
import { fixtureRun } from './fixture-run';
import { simulateRun } from './participant';
import { type Plan, plan } from './plan';
import { findEarlyArrival, findRunImplausibility, getTrialFlags } from './plausibility';
import { getNextPosition } from './run-order';
import { REPORT_CELLS, reportCellOf, SCORING_VERSION, type Scores, score } from './scoring';
import { findTrialProblems, type Trial, TrialSchema } from './trial';

/** The N-back task on the task contract (ADR 027). */
export const nBackTask: TaskDefinition<Config, Plan, Trial, Scores> = {
  id: nBackCard.testType,
  slug: nBackCard.slug,
  name: nBackCard.name,
  description: nBackCard.description,
  construct: englishText(
    /*i18n*/ { id: 'tasks.nbackTest.construct', message: 'Working memory updating and monitoring' },
  ),
  version: '1.0.0',
  settings: SETTINGS,
  responseMapping: { setting: 'keyMapping', levels: { A: 'A', B: 'B' } },
  phases: PHASES,
  scoredPhase: 'test',
  plan: plan,
  estimateMs: estimateMs,
  engine: engine,
  trialSchema: TrialSchema,
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
  checkTrial: findTrialProblems,
  trialFlags: (trial) => getTrialFlags(trial),
  earlyArrival: findEarlyArrival,
  runImplausibility: findRunImplausibility,
  nextPosition: getNextPosition,
  reportCells: REPORT_CELLS,
  reportCell: (trial) =>
    trial.phase === 'test' && trial.isTarget !== null
      ? reportCellOf(trial.level, trial.isTarget)
      : null,
  trendMeasures: [
    {
      key: 'dPrime',
      label: englishText(
        /*i18n*/ { id: 'tasks.nbackTest.trendDPrimeLabel', message: "Sensitivity (d')" },
      ),
      axisLabel: englishText(
        /*i18n*/ { id: 'tasks.nbackTest.trendDPrimeAxisLabel', message: "d' over all levels" },
      ),
      format: 'number',
      better: 'higher',
      value: (scores) => scores.overall.dPrime,
    },
    {
      key: 'meanHitRtMs',
      label: englishText(
        /*i18n*/ { id: 'tasks.nbackTest.trendMeanHitRtMsLabel', message: 'Reaction time of hits' },
      ),
      axisLabel: englishText(
        /*i18n*/ {
          id: 'tasks.nbackTest.trendMeanHitRtMsAxisLabel',
          message: 'Mean RT of hits (ms)',
        },
      ),
      format: 'ms',
      better: 'lower',
      value: (scores) => scores.overall.meanHitRtMs,
    },
  ],
  scoringVersion: SCORING_VERSION,
  score: score,
  exportColumns: EXPORT_COLUMNS,
  simulate: simulateRun,
  fixtureRun(seed, config) {
    return fixtureRun(seed, config).map((trial) => ({
      trial,
      // The least time a trial takes a person: its SOA, and its feedback in practice.
      minimumMs: getTrialPeriodMs(config, trial.phase),
    }));
  },
};
