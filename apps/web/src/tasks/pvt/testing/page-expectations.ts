import { SHORT_CONFIG } from '@cogni/domain/tasks/pvt/testing';
import type { TaskPageExpectations } from '../../../lib/testing/task-page-expectations';

/** The page under its short preview configuration (tasks/task-pages.test.tsx). */
export const PAGE_EXPECTATIONS: TaskPageExpectations = {
  testType: 'pvtTest',
  shortConfig: SHORT_CONFIG,
  shortCountText: 'The test lasts 1 minute',
};
