import { SHORT_CONFIG } from '@cogni/domain/tasks/n-back/testing';
import type { TaskPageExpectations } from '../../../lib/testing/task-page-expectations';

/** The page under its short preview configuration (tasks/task-pages.test.tsx). */
export const PAGE_EXPECTATIONS: TaskPageExpectations = {
  testType: 'nbackTest',
  shortConfig: SHORT_CONFIG,
  shortCountText: 'fewer than 5 of 6 right',
};
