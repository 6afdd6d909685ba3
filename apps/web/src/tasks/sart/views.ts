/** The SART's result views, one chunk loaded when a SART result is first shown. */
import './results.css';

export { SartRunCharts as RunCharts } from './run-charts';
export { SartScoreDetails as ScoreDetails } from './score-details';
export { SartScoreTiles as ScoreTiles } from './scores';
export { SartTrialTables as TrialTables } from './trial-table';
