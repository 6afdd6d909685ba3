import type { TestType } from '../test-types';
import { englishText } from '../texts';
import { TASK_CARDS } from './cards';

/**
 * The groups of the battery, in display order, as the test list and the admin's reports show
 * them: what kind of ability a test measures.
 */
export const TASK_CATEGORIES = [
  {
    key: 'executive',
    label: englishText(
      /*i18n*/ { id: 'domain.taskCategoryExecutive', message: 'Executive function' },
    ),
  },
  {
    key: 'memory',
    label: englishText(/*i18n*/ { id: 'domain.taskCategoryMemory', message: 'Memory' }),
  },
  {
    key: 'attention',
    label: englishText(/*i18n*/ { id: 'domain.taskCategoryAttention', message: 'Attention' }),
  },
  {
    key: 'planning',
    label: englishText(/*i18n*/ { id: 'domain.taskCategoryPlanning', message: 'Planning' }),
  },
] as const;
export type TaskCategory = (typeof TASK_CATEGORIES)[number]['key'];

/**
 * What a task's card.ts declares: its test type as a literal, from which the test types are
 * built (tasks/cards.ts).
 */
export type TaskCardFields = {
  testType: string;
  /** Which group of the battery it belongs to. */
  category: TaskCategory;
  /** URL slug under /cognitive-tests. */
  slug: string;
  name: string;
  description: string;
};

/** What the test list shows of a test. */
export type TaskCard = TaskCardFields & { testType: TestType };

/** A card of the test list: a registered task (enabled), or one still to be built (disabled). */
export type TestCatalogEntry = TaskCard & { isEnabled: boolean };

/** The battery's tests still to be built: the list shows them disabled. */
const PLANNED: readonly TaskCard[] = [];

/**
 * The cards of /cognitive-tests, in the order shown: the registered tasks first, enabled, then
 * the rest, disabled. tasks/catalog.test.ts keeps these cards and the registry in agreement.
 */
export const TEST_CATALOG: readonly TestCatalogEntry[] = [
  ...TASK_CARDS.map((card) => ({ ...card, isEnabled: true })),
  ...PLANNED.map((card) => ({ ...card, isEnabled: false })),
];

/** The test types that can be started: those of the enabled cards, one per registered task. */
export function getTaskIds(): TestType[] {
  return TEST_CATALOG.filter((card) => card.isEnabled).map((card) => card.testType);
}
