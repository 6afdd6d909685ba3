import type { TaskCardFields } from '../catalog';

/** The PVT's card on the test list; its definition takes its identity from here. */
export const pvtCard = {
  testType: 'pvtTest',
  category: 'attention',
  slug: 'pvt',
  name: 'PVT',
  description: 'Psychomotor vigilance: react as fast as you can whenever the counter appears.',
} as const satisfies TaskCardFields;
