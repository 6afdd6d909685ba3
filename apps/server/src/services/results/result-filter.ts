import type { ResultFilter } from '@cogni/domain';
import { eq, gte, isNull, lt, type SQL } from 'drizzle-orm';
import { testResults } from '../../db/schema';

/**
 * The WHERE conditions on test_results of an admin filter: users' runs only (a study
 * participant's runs are the study's data, ADR 040), then the filter's own. Implausible and
 * abandoned runs are left out only when the filter says includeImplausible: false, admin previews
 * only when it says includePreview: false.
 */
export function toResultConditions(filter: Partial<ResultFilter>): SQL[] {
  const conditions: SQL[] = [isNull(testResults.participantId)];
  if (filter.userId) conditions.push(eq(testResults.userId, filter.userId));
  if (filter.testType) conditions.push(eq(testResults.testType, filter.testType));
  if (filter.startFrom) conditions.push(gte(testResults.startTime, filter.startFrom));
  if (filter.startBefore) conditions.push(lt(testResults.startTime, filter.startBefore));
  if (filter.includeMock === false) conditions.push(eq(testResults.isMock, false));
  if (filter.includeImplausible === false) {
    conditions.push(isNull(testResults.implausibleReason), isNull(testResults.abandonedAt));
  }
  if (filter.includePreview === false) conditions.push(eq(testResults.isPreview, false));
  return conditions;
}
