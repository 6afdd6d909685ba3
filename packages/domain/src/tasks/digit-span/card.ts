import { englishText } from '../../texts';
import type { TaskCardFields } from '../catalog';

/** Digit Span's card on the test list; its definition takes its identity from here. */
export const digitSpanCard = {
  testType: 'digitSpanTest',
  category: 'memory',
  slug: 'digit-span',
  name: englishText(/*i18n*/ { id: 'tasks.digitSpanTest.name', message: 'Digit Span' }),
  description: englishText(
    /*i18n*/ {
      id: 'tasks.digitSpanTest.description',
      message: 'Short-term memory: repeat ever longer sequences of digits.',
    },
  ),
} as const satisfies TaskCardFields;
