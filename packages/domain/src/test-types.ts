import { z } from 'zod';
import { TASK_CARDS } from './tasks/cards';

/** The test types of a tuple of cards, as a tuple of literals in the same order. */
type TestTypesOf<Cards extends readonly { testType: string }[]> = {
  readonly [K in keyof Cards]: Cards[K] extends { testType: infer Id } ? Id : never;
};

/** The stored identifiers of the battery's tasks, in the order of the test list. */
export const TEST_TYPES = TASK_CARDS.map((card) => card.testType) as unknown as TestTypesOf<
  typeof TASK_CARDS
>;
export const TestTypeSchema = z.enum(TEST_TYPES);
export type TestType = z.infer<typeof TestTypeSchema>;
