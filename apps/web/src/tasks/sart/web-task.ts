import { lazy } from 'react';
import type { WebTask } from '../contract';

const views = () => import('./views');

/** The SART's page and views, as the registry lists them; all loaded on demand. */
export const sartWebTask: WebTask = {
  testType: 'sartTest',
  Page: lazy(() => import('./sart-page')),
  ScoreTiles: lazy(() => views().then((m) => ({ default: m.ScoreTiles }))),
  ScoreDetails: lazy(() => views().then((m) => ({ default: m.ScoreDetails }))),
  RunCharts: lazy(() => views().then((m) => ({ default: m.RunCharts }))),
  TrialTables: lazy(() => views().then((m) => ({ default: m.TrialTables }))),
};
