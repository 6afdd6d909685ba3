/** The flanker task's result views, one chunk loaded when a flanker result is first shown. */
import './results.css';

export { FlankerRunCharts as RunCharts } from './run-charts';
export { FlankerScoreDetails as ScoreDetails } from './score-details';
export { FlankerScoreTiles as ScoreTiles } from './scores';
export { FlankerTrialTables as TrialTables } from './trial-table';
