import type { TestType } from '@cogni/domain';

/**
 * What a task's page states under a short preview configuration, for tasks/task-pages.test.tsx:
 * each task's web folder gives one as `PAGE_EXPECTATIONS` in testing/page-expectations.ts.
 */
export type TaskPageExpectations = {
  testType: TestType;
  /** A run much shorter than the defaults': the task's SHORT_CONFIG (its domain testing/). */
  shortConfig: Record<string, unknown>;
  /**
   * A count of shortConfig's as the page words it, which the page at the defaults does not
   * state: e.g. 'Then the real task: 20 trials' where the defaults give 160.
   */
  shortCountText: string;
};
