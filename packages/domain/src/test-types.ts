import { z } from 'zod';

/** Test type identifiers of spec section 3. */
export const TEST_TYPES = [
  'stroopTest',
  'nbackTest',
  'sartTest',
  'digitSpanTest',
  'pvtTest',
  'goNoGoTest',
] as const;
export const TestTypeSchema = z.enum(TEST_TYPES);
export type TestType = z.infer<typeof TestTypeSchema>;

export type TestCatalogEntry = {
  /** URL slug under /cognitive-tests, when the test can be taken. */
  slug: string;
  name: string;
  description: string;
  isEnabled: boolean;
};

/** The cards of /cognitive-tests, in the order shown: only Stroop is enabled (spec section 2). */
export const TEST_CATALOG: readonly TestCatalogEntry[] = [
  {
    slug: 'stroop-test',
    name: 'Stroop Test',
    description:
      'A cued task-switching test: name the ink colour or read the word, as the cue says.',
    isEnabled: true,
  },
  {
    slug: 'n-back',
    name: 'N-back',
    description: 'Working memory: does this item match the one shown N steps back?',
    isEnabled: false,
  },
  {
    slug: 'tower-of-hanoi',
    name: 'Tower of Hanoi',
    description: 'Planning: move the tower one disc at a time in as few moves as you can.',
    isEnabled: false,
  },
  {
    slug: 'digit-span',
    name: 'Digit Span',
    description: 'Short-term memory: repeat ever longer sequences of digits.',
    isEnabled: false,
  },
  {
    slug: 'go-no-go',
    name: 'Go/No-Go',
    description: 'Response inhibition: respond to one kind of signal, hold back on the other.',
    isEnabled: false,
  },
  {
    slug: 'pvt',
    name: 'PVT',
    description: 'Psychomotor vigilance: react as fast as you can whenever the counter appears.',
    isEnabled: false,
  },
  {
    slug: 'sart',
    name: 'SART',
    description: 'Sustained attention: respond to every digit except the rare target.',
    isEnabled: false,
  },
];
