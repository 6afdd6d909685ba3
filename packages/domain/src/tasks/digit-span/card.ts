import type { TaskCardFields } from '../catalog';

/** Digit Span's card on the test list; its definition takes its identity from here. */
export const digitSpanCard = {
  testType: 'digitSpanTest',
  category: 'memory',
  slug: 'digit-span',
  name: 'Digit Span',
  description: 'Short-term memory: repeat ever longer sequences of digits.',
} as const satisfies TaskCardFields;
