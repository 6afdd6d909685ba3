import type { ExportColumn, ExportTrialRow } from '../exports/trial-columns';
import { TEST_TYPES, type TestType } from '../test-types';
import type { AnyTask } from './contract';
import { digitSpanTask } from './digit-span/definition';
import { flankerTask } from './flanker/definition';
import { goNoGoTask } from './go-no-go/definition';
import { nBackTask } from './n-back/definition';
import { pvtTask } from './pvt/definition';
import { sartTask } from './sart/definition';
import { stroopTask } from './stroop/definition';
import { towerOfHanoiTask } from './tower-of-hanoi/definition';

/** Each test type's task definition: one line per task (ADR 027, ADR 039). */
const TASK_BY_TYPE: { readonly [T in TestType]: AnyTask } = {
  stroopTest: stroopTask,
  flankerTest: flankerTask,
  goNoGoTest: goNoGoTask,
  nbackTest: nBackTask,
  digitSpanTest: digitSpanTask,
  sartTest: sartTask,
  pvtTest: pvtTask,
  towerOfHanoiTest: towerOfHanoiTask,
};

/**
 * Every task that can be taken, in the order of the test list (tasks/cards.ts). Routes,
 * services, reports, progress, the admin views, the export and mock data find a task through
 * this list; no code outside the task's folder names it.
 */
export const TASKS: readonly AnyTask[] = TEST_TYPES.map((testType) => TASK_BY_TYPE[testType]);

/** The registered task of a test type, or undefined for a type no task implements. */
export function findTask(testType: string): AnyTask | undefined {
  return TASKS.find((task) => task.id === testType);
}

/** The registered task of a test type; throws for one no task implements (a stored run's type). */
export function getTask(testType: string): AnyTask {
  const task = findTask(testType);
  if (!task) throw new Error(`No task is registered for the test type '${testType}'`);
  return task;
}

/**
 * Every registered task's own export columns, each filled only on that task's rows: the trial
 * export is one table for all tasks, with the common columns first (ADR 027).
 */
export function getTaskExportColumns(): ExportColumn<ExportTrialRow>[] {
  return TASKS.flatMap((task) =>
    task.exportColumns.map(
      (column): ExportColumn<ExportTrialRow> => ({
        name: column.name,
        type: column.type,
        description: `${column.description} (${task.name} only.)`,
        value: (row) =>
          row.testType === task.id
            ? // The stored fields were validated by this task's schema when they were saved.
              column.value(row.trial as never)
            : null,
      }),
    ),
  );
}
