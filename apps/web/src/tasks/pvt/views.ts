/** The PVT's result views, one chunk loaded when a PVT result is first shown. */
import './results.css';

export { PvtRunCharts as RunCharts } from './run-charts';
export { PvtScoreDetails as ScoreDetails } from './score-details';
export { PvtScoreTiles as ScoreTiles } from './scores';
export { PvtTrialTables as TrialTables } from './trial-table';
