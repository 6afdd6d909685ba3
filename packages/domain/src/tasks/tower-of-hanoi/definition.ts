import { englishText } from '../../texts';
import type { TaskDefinition } from '../contract';
import { towerOfHanoiCard } from './card';
import { type Config, PHASES, SETTINGS } from './config';
import { engine } from './engine';
import { estimateMs } from './estimate';
import { EXPORT_COLUMNS } from './export-columns';
import { fixtureRun } from './fixture-run';
import { simulateRun } from './participant';
import { type Plan, plan, planVariesWithSeed } from './plan';
import {
  findEarlyArrival,
  findRunImplausibility,
  getTrialFlags,
  minimumProblemMs,
} from './plausibility';
import { getNextPosition } from './run-order';
import { cellOf, REPORT_CELLS, SCORING_VERSION, type Scores, score } from './scoring';
import { findTrialProblems, type Trial, TrialSchema } from './trial';

/**
 * The Tower of Hanoi on the task contract (ADR 027): one trial per problem, carrying every event
 * of it; the envelope's reaction time is the planning time and isCorrect whether it was solved.
 */
export const towerOfHanoiTask: TaskDefinition<Config, Plan, Trial, Scores> = {
  id: towerOfHanoiCard.testType,
  slug: towerOfHanoiCard.slug,
  name: towerOfHanoiCard.name,
  description: towerOfHanoiCard.description,
  construct: englishText(
    /*i18n*/ { id: 'tasks.towerOfHanoiTest.construct', message: 'Planning and problem solving' },
  ),
  version: '1.0.0',
  settings: SETTINGS,
  phases: PHASES,
  scoredPhase: 'test',
  plan: plan,
  planVariesWithSeed: planVariesWithSeed,
  estimateMs: estimateMs,
  engine: engine,
  trialSchema: TrialSchema,
  fieldsOf: (trial) => ({
    problemId: trial.problemId,
    discs: trial.discs,
    start: trial.start,
    goal: trial.goal,
    minMoves: trial.minMoves,
    events: trial.events,
    solved: trial.solved,
    endReason: trial.endReason,
    timedOut: trial.timedOut,
    attempts: trial.attempts,
    moves: trial.moves,
    totalMoves: trial.totalMoves,
    illegalAttempts: trial.illegalAttempts,
    emptySourceAttempts: trial.emptySourceAttempts,
    cancels: trial.cancels,
    firstMoveTimeMs: trial.firstMoveTimeMs,
    solutionTimeMs: trial.solutionTimeMs,
    totalTimeMs: trial.totalTimeMs,
    restarted: trial.restarted,
  }),
  checkTrial: findTrialProblems,
  trialFlags: (trial) => getTrialFlags(trial),
  earlyArrival: findEarlyArrival,
  runImplausibility: findRunImplausibility,
  nextPosition: getNextPosition,
  reportCells: REPORT_CELLS,
  reportCell: (trial) => (trial.phase === 'test' ? cellOf(trial.discs) : null),
  // The overall score is the moves measure progress tracking follows first: the percentage of
  // problems solved in the minimum ("perfect solutions"). The solution score beside it gives
  // graded credit for every move saved. Both count an unsolved problem against the
  // participant; excess moves count solved problems only, so a problem given up would lower
  // them, and they are not followed (docs/scoring/tower-of-hanoi.md, "Progress").
  trendMeasures: [
    {
      key: 'solutionScore',
      label: englishText(
        /*i18n*/ {
          id: 'tasks.towerOfHanoiTest.trendSolutionScoreLabel',
          message: 'Solution score',
        },
      ),
      axisLabel: englishText(
        /*i18n*/ {
          id: 'tasks.towerOfHanoiTest.trendSolutionScoreAxisLabel',
          message: 'Fewest moves ÷ moves, unsolved problems 0 (%)',
        },
      ),
      format: 'percent',
      better: 'higher',
      value: (scores) => scores.solutionScore,
    },
    {
      key: 'planningTime',
      label: englishText(
        /*i18n*/ { id: 'tasks.towerOfHanoiTest.trendPlanningTimeLabel', message: 'Planning time' },
      ),
      axisLabel: englishText(
        /*i18n*/ {
          id: 'tasks.towerOfHanoiTest.trendPlanningTimeAxisLabel',
          message: 'Median time to the first disc lifted (ms)',
        },
      ),
      format: 'ms',
      better: 'lower',
      value: (scores) => scores.medianPlanningTimeMs,
    },
  ],
  scoringVersion: SCORING_VERSION,
  score: score,
  exportColumns: EXPORT_COLUMNS,
  simulate: simulateRun,
  fixtureRun(seed, config) {
    return fixtureRun(seed, config).map((trial) => ({
      trial,
      minimumMs: minimumProblemMs(trial),
    }));
  },
};
