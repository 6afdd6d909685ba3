/** Go/No-Go's result views, one chunk loaded when a Go/No-Go result is first shown. */
import './results.css';

export { GoNoGoRunCharts as RunCharts } from './run-charts';
export { GoNoGoScoreDetails as ScoreDetails } from './score-details';
export { GoNoGoScoreTiles as ScoreTiles } from './scores';
export { GoNoGoTrialTables as TrialTables } from './trial-table';
