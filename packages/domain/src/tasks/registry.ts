import type { ExportColumn, ExportTrialRow } from '../exports/trial-columns';
import type { TestType } from '../test-types';
import type { AnyTask } from './contract';
import { goNoGoTask } from './go-no-go/definition';
import { stroopTask } from './stroop/definition';

/**
 * Every task that can be taken, in the order of the test list (ADR 027). Adding a task is its
 * folder and one line here; routes, services, reports, progress, the admin views, the export
 * and mock data find it through this list.
 */
export const TASKS: readonly AnyTask[] = [stroopTask, goNoGoTask];

/** A card of the test list: a registered task, or one still to be built (shown disabled). */
export type TestCatalogEntry = {
  testType: TestType;
  /** URL slug under /cognitive-tests. */
  slug: string;
  name: string;
  description: string;
  isEnabled: boolean;
};

/** The tests the battery is to have that are not built yet: the list shows them disabled. */
const PLANNED: readonly Omit<TestCatalogEntry, 'isEnabled'>[] = [
  {
    testType: 'nbackTest',
    slug: 'n-back',
    name: 'N-back',
    description: 'Working memory: does this item match the one shown N steps back?',
  },
  {
    testType: 'towerOfHanoiTest',
    slug: 'tower-of-hanoi',
    name: 'Tower of Hanoi',
    description: 'Planning: move the tower one disc at a time in as few moves as you can.',
  },
  {
    testType: 'digitSpanTest',
    slug: 'digit-span',
    name: 'Digit Span',
    description: 'Short-term memory: repeat ever longer sequences of digits.',
  },
  {
    testType: 'goNoGoTest',
    slug: 'go-no-go',
    name: 'Go/No-Go',
    description: 'Response inhibition: respond to one kind of signal, hold back on the other.',
  },
  {
    testType: 'pvtTest',
    slug: 'pvt',
    name: 'PVT',
    description: 'Psychomotor vigilance: react as fast as you can whenever the counter appears.',
  },
  {
    testType: 'sartTest',
    slug: 'sart',
    name: 'SART',
    description: 'Sustained attention: respond to every digit except the rare target.',
  },
];

/** The cards of /cognitive-tests, in the order shown: registered tasks first, enabled. */
export const TEST_CATALOG: readonly TestCatalogEntry[] = [
  ...TASKS.map(({ id, slug, name, description }) => ({
    testType: id,
    slug,
    name,
    description,
    isEnabled: true,
  })),
  ...PLANNED.filter((card) => !TASKS.some((task) => task.id === card.testType)).map((card) => ({
    ...card,
    isEnabled: false,
  })),
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

/** The test types that can be started. */
export function getTaskIds(): TestType[] {
  return TASKS.map((task) => task.id);
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
