import { SHORT_CONFIG } from '@cogni/domain/tasks/flanker/testing';
import type { TaskPageExpectations } from '../../../lib/testing/task-page-expectations';

/** The page under its short preview configuration (tasks/task-pages.test.tsx). */
export const PAGE_EXPECTATIONS: TaskPageExpectations = {
  testType: 'flankerTest',
  shortConfig: SHORT_CONFIG,
  shortCountText: 'Then the real task: 16 trials',
};
