/** Stroop's result views, one chunk loaded when a Stroop result is first shown. */
export { StroopRunCharts as RunCharts } from './run-charts';
export { StroopScoreDetails as ScoreDetails } from './score-details';
export { StroopScoreTiles as ScoreTiles } from './stroop-scores';
export { PhaseTrialTables as TrialTables } from './trial-table';
