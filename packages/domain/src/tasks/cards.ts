import { digitSpanCard } from './digit-span/card';
import { flankerCard } from './flanker/card';
import { goNoGoCard } from './go-no-go/card';
import { nBackCard } from './n-back/card';
import { pvtCard } from './pvt/card';
import { sartCard } from './sart/card';
import { stroopCard } from './stroop/card';
import { towerOfHanoiCard } from './tower-of-hanoi/card';

/**
 * Every task's card, in the order of the test list: the one list of the battery's tasks. The
 * test types (`TEST_TYPES`), the catalog and the progress order are derived from it, and the
 * domain and web registries are keyed by its test types, so a task missing from one of them
 * is a type error. Each folder keeps its card in card.ts, apart from its definition, so the
 * test list stays out of the bundles that never run a task.
 */
export const TASK_CARDS = [
  stroopCard,
  flankerCard,
  goNoGoCard,
  nBackCard,
  digitSpanCard,
  sartCard,
  pvtCard,
  towerOfHanoiCard,
] as const;
