import type { ExportColumn, ExportTrialRow } from '../exports/trial-columns';
import type { AnyTask } from './contract';
import { digitSpanTask } from './digit-span/definition';
import { goNoGoTask } from './go-no-go/definition';
import { nBackTask } from './n-back/definition';
import { pvtTask } from './pvt/definition';
import { sartTask } from './sart/definition';
import { stroopTask } from './stroop/definition';
import { towerOfHanoiTask } from './tower-of-hanoi/definition';

/**
 * Every task that can be taken, in the order of the test list (ADR 027). Adding a task is its
 * folder, one line here and one in tasks/catalog.ts (its card, from the folder's card.ts, in
 * place of the planned one); routes, services, reports, progress, the admin views, the export
 * and mock data find it through this list.
 */
export const TASKS: readonly AnyTask[] = [
  stroopTask,
  goNoGoTask,
  nBackTask,
  digitSpanTask,
  sartTask,
  pvtTask,
  towerOfHanoiTask,
];

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
