import type { TaskCardFields } from '../catalog';

/** Go/No-Go's card on the test list; its definition takes its identity from here. */
export const goNoGoCard = {
  testType: 'goNoGoTest',
  category: 'attention',
  slug: 'go-no-go',
  name: 'Go/No-Go',
  description: 'Response inhibition: respond to one kind of signal, hold back on the other.',
} as const satisfies TaskCardFields;
