import type { ResultTrial, RunSummary, TestType } from '@cogni/domain';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { RunSource } from '../lib/task-runtime/run-source';

type View<Props> = LazyExoticComponent<ComponentType<Props>>;

/**
 * What the app's pages take from a task (ADR 027): each task's folder (tasks/<task>/) exports
 * one, and tasks/registry.ts lists them. Features read the registry, never a task folder. Every
 * part is loaded on demand, so the registry adds nothing to the first page's bundle; show them
 * inside a Suspense boundary.
 */
export type WebTask = {
  testType: TestType;
  /**
   * The page at /cognitive-tests/<slug>, given where the run's settings come from (read once by
   * the route): its instructions, counts and duration follow those settings.
   */
  Page: View<{ source: RunSource }>;
  /** A finished run's headline scores as tiles: on the task's results screen and in progress. */
  ScoreTiles: View<{ summary: RunSummary }>;
  /** The scores beyond the tiles (conditions, exclusions): in progress and the admin details. */
  ScoreDetails: View<{ summary: RunSummary }>;
  /** Charts of one run from its trials (progress tracking). */
  RunCharts: View<{ trials: readonly ResultTrial[] }>;
  /** A run's trials as tables: in progress tracking and the admin panel. */
  TrialTables: View<{ trials: readonly ResultTrial[] }>;
};
