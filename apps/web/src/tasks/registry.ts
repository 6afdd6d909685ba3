import { TEST_TYPES, type TestType } from '@cogni/domain';
import type { WebTask } from './contract';
import { digitSpanWebTask } from './digit-span/web-task';
import { flankerWebTask } from './flanker/web-task';
import { goNoGoWebTask } from './go-no-go/web-task';
import { nBackWebTask } from './n-back/web-task';
import { pvtWebTask } from './pvt/web-task';
import { sartWebTask } from './sart/web-task';
import { stroopWebTask } from './stroop/web-task';
import { towerOfHanoiWebTask } from './tower-of-hanoi/web-task';

export type { WebTask } from './contract';

/** Each test type's web task: one line per task (ADR 027, ADR 039). */
const WEB_TASK_BY_TYPE: { readonly [T in TestType]: WebTask } = {
  stroopTest: stroopWebTask,
  flankerTest: flankerWebTask,
  goNoGoTest: goNoGoWebTask,
  nbackTest: nBackWebTask,
  digitSpanTest: digitSpanWebTask,
  sartTest: sartWebTask,
  pvtTest: pvtWebTask,
  towerOfHanoiTest: towerOfHanoiWebTask,
};

/** Every task the web app runs, by test type, in the order of the test list. */
export const WEB_TASKS: ReadonlyMap<TestType, WebTask> = new Map(
  TEST_TYPES.map((testType) => [testType, WEB_TASK_BY_TYPE[testType]] as const),
);

/** The task's pages; undefined for a test type the web app cannot run yet. */
export function getWebTask(testType: TestType): WebTask | undefined {
  return WEB_TASKS.get(testType);
}
