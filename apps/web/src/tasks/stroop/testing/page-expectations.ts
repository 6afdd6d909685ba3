import { SHORT_CONFIG } from '@cogni/domain/tasks/stroop/testing';
import type { TaskPageExpectations } from '../../../lib/testing/task-page-expectations';

/** The page under its short preview configuration (tasks/task-pages.test.tsx). */
export const PAGE_EXPECTATIONS: TaskPageExpectations = {
  testType: 'stroopTest',
  shortConfig: SHORT_CONFIG,
  shortCountText: 'then 20 test trials without feedback',
};
