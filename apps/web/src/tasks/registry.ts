import type { TestType } from '@cogni/domain';
import type { WebTask } from './contract';
import { digitSpanWebTask } from './digit-span/web-task';
import { goNoGoWebTask } from './go-no-go/web-task';
import { nBackWebTask } from './n-back/web-task';
import { pvtWebTask } from './pvt/web-task';
import { sartWebTask } from './sart/web-task';
import { stroopWebTask } from './stroop/web-task';
import { towerOfHanoiWebTask } from './tower-of-hanoi/web-task';

export type { WebTask } from './contract';

/** Every task the web app runs, by test type: one line per task (ADR 027). */
export const WEB_TASKS: ReadonlyMap<TestType, WebTask> = new Map(
  [
    stroopWebTask,
    goNoGoWebTask,
    digitSpanWebTask,
    nBackWebTask,
    sartWebTask,
    pvtWebTask,
    towerOfHanoiWebTask,
  ].map((task) => [task.testType, task] as const),
);

/** The task's pages; undefined for a test type the web app cannot run yet. */
export function getWebTask(testType: TestType): WebTask | undefined {
  return WEB_TASKS.get(testType);
}
