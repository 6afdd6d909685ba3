import { englishText } from '../../texts';
import type { TaskCardFields } from '../catalog';

/** The PVT's card on the test list; its definition takes its identity from here. */
export const pvtCard = {
  testType: 'pvtTest',
  category: 'attention',
  slug: 'pvt',
  name: englishText(/*i18n*/ { id: 'tasks.pvtTest.name', message: 'PVT' }),
  description: englishText(
    /*i18n*/ {
      id: 'tasks.pvtTest.description',
      message: 'Psychomotor vigilance: react as fast as you can whenever the counter appears.',
    },
  ),
} as const satisfies TaskCardFields;
