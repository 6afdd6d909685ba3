import { z } from 'zod';

/** Test type identifiers of the battery's seven tests. */
export const TEST_TYPES = [
  'stroopTest',
  'nbackTest',
  'sartTest',
  'digitSpanTest',
  'pvtTest',
  'goNoGoTest',
  'towerOfHanoiTest',
] as const;
export const TestTypeSchema = z.enum(TEST_TYPES);
export type TestType = z.infer<typeof TestTypeSchema>;
