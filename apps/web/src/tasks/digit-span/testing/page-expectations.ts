import { SHORT_CONFIG } from '@cogni/domain/tasks/digit-span/testing';
import type { TaskPageExpectations } from '../../../lib/testing/task-page-expectations';

/** The page under its short preview configuration (tasks/task-pages.test.tsx). */
export const PAGE_EXPECTATIONS: TaskPageExpectations = {
  testType: 'digitSpanTest',
  shortConfig: SHORT_CONFIG,
  shortCountText: 'stop when a list is missed',
};
