import { lazy } from 'react';
import type { WebTask } from '../contract';

const views = () => import('./views');

/** The Digit Span test's page and views, as the registry lists them; all loaded on demand. */
export const digitSpanWebTask: WebTask = {
  testType: 'digitSpanTest',
  Page: lazy(() => import('./digit-span-page')),
  ScoreTiles: lazy(() => views().then((m) => ({ default: m.ScoreTiles }))),
  ScoreDetails: lazy(() => views().then((m) => ({ default: m.ScoreDetails }))),
  RunCharts: lazy(() => views().then((m) => ({ default: m.RunCharts }))),
  TrialTables: lazy(() => views().then((m) => ({ default: m.TrialTables }))),
};
