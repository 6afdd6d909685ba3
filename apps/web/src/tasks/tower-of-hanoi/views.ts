/** The Tower of Hanoi's result views, one chunk loaded when such a result is first shown. */

import './tower-of-hanoi.css';

export { TowerOfHanoiRunCharts as RunCharts } from './run-charts';
export { TowerOfHanoiScoreDetails as ScoreDetails } from './score-details';
export { TowerOfHanoiScoreTiles as ScoreTiles } from './scores';
export { TowerOfHanoiTrialTables as TrialTables } from './trial-table';
