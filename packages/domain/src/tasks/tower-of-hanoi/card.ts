import { englishText } from '../../texts';
import type { TaskCardFields } from '../catalog';

/** The Tower of Hanoi's card on the test list; its definition takes its identity from here. */
export const towerOfHanoiCard = {
  testType: 'towerOfHanoiTest',
  category: 'planning',
  slug: 'tower-of-hanoi',
  name: englishText(/*i18n*/ { id: 'tasks.towerOfHanoiTest.name', message: 'Tower of Hanoi' }),
  description: englishText(
    /*i18n*/ {
      id: 'tasks.towerOfHanoiTest.description',
      message: 'Planning: move the tower one disc at a time in as few moves as you can.',
    },
  ),
} as const satisfies TaskCardFields;
