import { englishText } from '../../texts';
import type { TaskCardFields } from '../catalog';

/** Go/No-Go's card on the test list; its definition takes its identity from here. */
export const goNoGoCard = {
  testType: 'goNoGoTest',
  category: 'attention',
  slug: 'go-no-go',
  name: englishText(/*i18n*/ { id: 'tasks.goNoGoTest.name', message: 'Go/No-Go' }),
  description: englishText(
    /*i18n*/ {
      id: 'tasks.goNoGoTest.description',
      message: 'Response inhibition: respond to one kind of signal, hold back on the other.',
    },
  ),
} as const satisfies TaskCardFields;
