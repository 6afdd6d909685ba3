import { englishText } from '../../texts';
import type { TaskCardFields } from '../catalog';

/** The flanker task's card on the test list; its definition takes its identity from here. */
export const flankerCard = {
  testType: 'flankerTest',
  category: 'executive',
  slug: 'flanker',
  name: englishText(/*i18n*/ { id: 'tasks.flankerTest.name', message: 'Flanker' }),
  description: englishText(
    /*i18n*/ {
      id: 'tasks.flankerTest.description',
      message:
        'Selective attention: say which way the middle arrow points, whatever its neighbours do.',
    },
  ),
} as const satisfies TaskCardFields;
