import { englishText } from '../../texts';
import type { TaskCardFields } from '../catalog';

/** N-back's card on the test list; its definition takes its identity from here. */
export const nBackCard = {
  testType: 'nbackTest',
  category: 'memory',
  slug: 'n-back',
  name: englishText(/*i18n*/ { id: 'tasks.nbackTest.name', message: 'N-back' }),
  description: englishText(
    /*i18n*/ {
      id: 'tasks.nbackTest.description',
      message: 'Working memory: does this item match the one shown N steps back?',
    },
  ),
} as const satisfies TaskCardFields;
