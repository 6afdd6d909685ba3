import { englishText } from '../../texts';
import type { TaskCardFields } from '../catalog';

/** The Stroop test's card on the test list; its definition takes its identity from here. */
export const stroopCard = {
  testType: 'stroopTest',
  category: 'executive',
  slug: 'stroop-test',
  name: englishText(/*i18n*/ { id: 'tasks.stroopTest.name', message: 'Stroop Test' }),
  description: englishText(
    /*i18n*/ {
      id: 'tasks.stroopTest.description',
      message: 'A cued task-switching test: name the ink colour or read the word, as the cue says.',
    },
  ),
} as const satisfies TaskCardFields;
