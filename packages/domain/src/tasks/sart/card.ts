import { englishText } from '../../texts';
import type { TaskCardFields } from '../catalog';

/** The SART's card on the test list; its definition takes its identity from here. */
export const sartCard = {
  testType: 'sartTest',
  category: 'attention',
  slug: 'sart',
  name: englishText(/*i18n*/ { id: 'tasks.sartTest.name', message: 'SART' }),
  description: englishText(
    /*i18n*/ {
      id: 'tasks.sartTest.description',
      message: 'Sustained attention: respond to every digit except the rare target.',
    },
  ),
} as const satisfies TaskCardFields;
