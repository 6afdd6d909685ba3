import { TEST_CATALOG, type TestType } from '@cogni/domain';

/** The test's URL slug, e.g. 'stroop-test' for /cognitive-tests/stroop-test. */
export function getTestTypeSlug(testType: TestType): string {
  return TEST_CATALOG.find((entry) => entry.testType === testType)?.slug ?? testType;
}

/** The test's name as /cognitive-tests shows it, e.g. 'Stroop Test'. */
export function getTestTypeName(testType: TestType): string {
  return TEST_CATALOG.find((entry) => entry.testType === testType)?.name ?? testType;
}
