import type { TaskCardFields } from '../catalog';

/** The flanker task's card on the test list; its definition takes its identity from here. */
export const flankerCard = {
  testType: 'flankerTest',
  category: 'executive',
  slug: 'flanker',
  name: 'Flanker',
  description:
    'Selective attention: say which way the middle arrow points, whatever its neighbours do.',
} as const satisfies TaskCardFields;
