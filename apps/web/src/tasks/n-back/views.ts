/** N-back's result views, one chunk loaded when an N-back result is first shown. */
import './results.css';

export { NBackRunCharts as RunCharts } from './run-charts';
export { NBackScoreDetails as ScoreDetails } from './score-details';
export { NBackScoreTiles as ScoreTiles } from './scores';
export { NBackTrialTables as TrialTables } from './trial-table';
