import { TEST_CATALOG, type TestType } from '@cogni/domain';

// TEST_CATALOG is keyed by URL slug, results by test type id (spec section 3).
const SLUG_BY_TEST_TYPE: Record<TestType, string> = {
  stroopTest: 'stroop-test',
  nbackTest: 'n-back',
  sartTest: 'sart',
  digitSpanTest: 'digit-span',
  pvtTest: 'pvt',
  goNoGoTest: 'go-no-go',
};

/** The test's name as /cognitive-tests shows it, e.g. 'Stroop Test'. */
export function getTestTypeName(testType: TestType): string {
  const slug = SLUG_BY_TEST_TYPE[testType];
  return TEST_CATALOG.find((entry) => entry.slug === slug)?.name ?? testType;
}
