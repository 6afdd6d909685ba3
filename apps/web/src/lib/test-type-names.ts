import { TEST_CATALOG, type TestType } from '@cogni/domain';
import { translateEnglish } from './i18n/error-text';
import { i18n } from './i18n/i18n';

/** The test's URL slug, e.g. 'stroop-test' for /cognitive-tests/stroop-test. */
export function getTestTypeSlug(testType: TestType): string {
  return TEST_CATALOG.find((entry) => entry.testType === testType)?.slug ?? testType;
}

/**
 * The test's name as /cognitive-tests shows it, e.g. 'Stroop Test', in the reader's language
 * (the domain's English name, translated where the catalogs have it).
 */
export function getTestTypeName(testType: TestType): string {
  const name = TEST_CATALOG.find((entry) => entry.testType === testType)?.name;
  return name === undefined ? testType : translateEnglish(i18n, name);
}
