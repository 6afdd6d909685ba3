import type { TestType } from '../test-types';
import { digitSpanCard } from './digit-span/card';
import { goNoGoCard } from './go-no-go/card';
import { nBackCard } from './n-back/card';
import { pvtCard } from './pvt/card';
import { sartCard } from './sart/card';
import { stroopCard } from './stroop/card';
import { towerOfHanoiCard } from './tower-of-hanoi/card';

/**
 * The groups of the battery, in display order, as the test list and the admin's reports show
 * them: what kind of ability a test measures.
 */
export const TASK_CATEGORIES = [
  { key: 'executive', label: 'Executive function' },
  { key: 'memory', label: 'Memory' },
  { key: 'attention', label: 'Attention' },
  { key: 'planning', label: 'Planning' },
] as const;
export type TaskCategory = (typeof TASK_CATEGORIES)[number]['key'];

/** What the test list shows of a test. */
export type TaskCard = {
  testType: TestType;
  /** Which group of the battery it belongs to. */
  category: TaskCategory;
  /** URL slug under /cognitive-tests. */
  slug: string;
  name: string;
  description: string;
};

/** A card of the test list: a registered task (enabled), or one still to be built (disabled). */
export type TestCatalogEntry = TaskCard & { isEnabled: boolean };

/**
 * The cards of the registered tasks, in the order of the registry. Each task's folder keeps
 * its card in card.ts, apart from its definition, so the test list, test names and the
 * startable-type check stay out of the bundles that never run a task.
 */
const BUILT: readonly TaskCard[] = [
  stroopCard,
  goNoGoCard,
  nBackCard,
  digitSpanCard,
  sartCard,
  pvtCard,
  towerOfHanoiCard,
];

/** The battery's tests still to be built: the list shows them disabled. */
const PLANNED: readonly TaskCard[] = [];

/**
 * The cards of /cognitive-tests, in the order shown: the registered tasks first, enabled, then
 * the rest, disabled. tasks/catalog.test.ts keeps these cards and the registry in agreement.
 */
export const TEST_CATALOG: readonly TestCatalogEntry[] = [
  ...BUILT.map((card) => ({ ...card, isEnabled: true })),
  ...PLANNED.map((card) => ({ ...card, isEnabled: false })),
];

/** The test types that can be started: those of the enabled cards, one per registered task. */
export function getTaskIds(): TestType[] {
  return TEST_CATALOG.filter((card) => card.isEnabled).map((card) => card.testType);
}
