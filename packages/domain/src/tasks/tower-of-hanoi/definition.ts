import type { TaskDefinition } from '../contract';
import { towerOfHanoiCard } from './card';
import { TOWER_OF_HANOI_PHASES, TOWER_OF_HANOI_SETTINGS, type TowerOfHanoiConfig } from './config';
import { towerOfHanoiEngine } from './engine';
import { estimateTowerOfHanoiMs } from './estimate';
import { TOWER_OF_HANOI_EXPORT_COLUMNS } from './export-columns';
import { towerOfHanoiFixtureRun } from './fixture-run';
import { simulateTowerOfHanoiRun } from './participant';
import { planTowerOfHanoi, type TowerOfHanoiPlan, towerOfHanoiPlanVariesWithSeed } from './plan';
import {
  findTowerOfHanoiEarlyArrival,
  findTowerOfHanoiRunImplausibility,
  getTowerOfHanoiTrialFlags,
  towerOfHanoiMinimumProblemMs,
} from './plausibility';
import { getTowerOfHanoiNextPosition } from './run-order';
import {
  scoreTowerOfHanoi,
  TOWER_OF_HANOI_REPORT_CELLS,
  TOWER_OF_HANOI_SCORING_VERSION,
  type TowerOfHanoiScores,
  towerOfHanoiCellOf,
} from './scoring';
import {
  findTowerOfHanoiTrialProblems,
  type TowerOfHanoiTrial,
  TowerOfHanoiTrialSchema,
} from './trial';

/**
 * The Tower of Hanoi on the task contract (ADR 027): one trial per problem, carrying every event
 * of it; the envelope's reaction time is the planning time and isCorrect whether it was solved.
 */
export const towerOfHanoiTask: TaskDefinition<
  TowerOfHanoiConfig,
  TowerOfHanoiPlan,
  TowerOfHanoiTrial,
  TowerOfHanoiScores
> = {
  id: towerOfHanoiCard.testType,
  slug: towerOfHanoiCard.slug,
  name: towerOfHanoiCard.name,
  description: towerOfHanoiCard.description,
  construct: 'Planning and problem solving',
  version: '1.0.0',
  settings: TOWER_OF_HANOI_SETTINGS,
  phases: TOWER_OF_HANOI_PHASES,
  scoredPhase: 'test',
  plan: planTowerOfHanoi,
  planVariesWithSeed: towerOfHanoiPlanVariesWithSeed,
  estimateMs: estimateTowerOfHanoiMs,
  engine: towerOfHanoiEngine,
  trialSchema: TowerOfHanoiTrialSchema,
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
  checkTrial: findTowerOfHanoiTrialProblems,
  trialFlags: (trial) => getTowerOfHanoiTrialFlags(trial),
  earlyArrival: findTowerOfHanoiEarlyArrival,
  runImplausibility: findTowerOfHanoiRunImplausibility,
  nextPosition: getTowerOfHanoiNextPosition,
  reportCells: TOWER_OF_HANOI_REPORT_CELLS,
  reportCell: (trial) => (trial.phase === 'test' ? towerOfHanoiCellOf(trial.discs) : null),
  // The overall score is the moves measure progress tracking follows first: the percentage of
  // problems solved in the minimum ("perfect solutions"). The solution score beside it gives
  // graded credit for every move saved. Both count an unsolved problem against the
  // participant; excess moves count solved problems only, so a problem given up would lower
  // them, and they are not followed (docs/scoring/tower-of-hanoi.md, "Progress").
  trendMeasures: [
    {
      key: 'solutionScore',
      label: 'Solution score',
      axisLabel: 'Fewest moves ÷ moves, unsolved problems 0 (%)',
      format: 'percent',
      better: 'higher',
      value: (scores) => scores.solutionScore,
    },
    {
      key: 'planningTime',
      label: 'Planning time',
      axisLabel: 'Median time to the first disc lifted (ms)',
      format: 'ms',
      better: 'lower',
      value: (scores) => scores.medianPlanningTimeMs,
    },
  ],
  scoringVersion: TOWER_OF_HANOI_SCORING_VERSION,
  score: scoreTowerOfHanoi,
  exportColumns: TOWER_OF_HANOI_EXPORT_COLUMNS,
  simulate: simulateTowerOfHanoiRun,
  fixtureRun(seed, config) {
    return towerOfHanoiFixtureRun(seed, config).map((trial) => ({
      trial,
      minimumMs: towerOfHanoiMinimumProblemMs(trial),
    }));
  },
};
