import { lazy } from 'react';
import type { WebTask } from '../contract';

const views = () => import('./views');

/** The flanker test's page and views, as the registry lists them; all loaded on demand. */
export const flankerWebTask: WebTask = {
  testType: 'flankerTest',
  Page: lazy(() => import('./flanker-page')),
  ScoreTiles: lazy(() => views().then((m) => ({ default: m.ScoreTiles }))),
  ScoreDetails: lazy(() => views().then((m) => ({ default: m.ScoreDetails }))),
  RunCharts: lazy(() => views().then((m) => ({ default: m.RunCharts }))),
  TrialTables: lazy(() => views().then((m) => ({ default: m.TrialTables }))),
};
