import { SHORT_CONFIG } from '@cogni/domain/tasks/tower-of-hanoi/testing';
import type { TaskPageExpectations } from '../../../lib/testing/task-page-expectations';

/** The page under its short preview configuration (tasks/task-pages.test.tsx). */
export const PAGE_EXPECTATIONS: TaskPageExpectations = {
  testType: 'towerOfHanoiTest',
  shortConfig: SHORT_CONFIG,
  shortCountText: 'there are 4 problems',
};
