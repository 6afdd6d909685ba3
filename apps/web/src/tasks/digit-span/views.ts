/** Digit Span's result views, one chunk loaded when a Digit Span result is first shown. */

export { DigitSpanRunCharts as RunCharts } from './run-charts';
export { DigitSpanScoreDetails as ScoreDetails } from './score-details';
export { DigitSpanScoreTiles as ScoreTiles } from './scores';
export { DigitSpanTrialTables as TrialTables } from './trial-table';
