import { lazy } from 'react';
import type { WebTask } from '../contract';

const views = () => import('./views');

/** The Tower of Hanoi's page and views, as the registry lists them; all loaded on demand. */
export const towerOfHanoiWebTask: WebTask = {
  testType: 'towerOfHanoiTest',
  Page: lazy(() => import('./tower-of-hanoi-page')),
  ScoreTiles: lazy(() => views().then((m) => ({ default: m.ScoreTiles }))),
  ScoreDetails: lazy(() => views().then((m) => ({ default: m.ScoreDetails }))),
  RunCharts: lazy(() => views().then((m) => ({ default: m.RunCharts }))),
  TrialTables: lazy(() => views().then((m) => ({ default: m.TrialTables }))),
};
