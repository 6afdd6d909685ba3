import { type ProgressResult, TEST_TYPES, type TestType } from '@cogni/domain';
import { getTestTypeName } from '../../../lib/test-type-names';

export type ResultGroup = {
  testType: TestType;
  name: string;
  /** In the order given (the API sends newest first). */
  results: ProgressResult[];
};

/** Results by test type, in catalogue order (Stroop first); empty groups are left out. */
export function groupResultsByTestType(results: readonly ProgressResult[]): ResultGroup[] {
  return TEST_TYPES.flatMap((testType) => {
    const ofType = results.filter((result) => result.testType === testType);
    return ofType.length === 0
      ? []
      : [{ testType, name: getTestTypeName(testType), results: ofType }];
  });
}
