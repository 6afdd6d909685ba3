import type { TaskCardFields } from '../catalog';

/** N-back's card on the test list; its definition takes its identity from here. */
export const nBackCard = {
  testType: 'nbackTest',
  category: 'memory',
  slug: 'n-back',
  name: 'N-back',
  description: 'Working memory: does this item match the one shown N steps back?',
} as const satisfies TaskCardFields;
