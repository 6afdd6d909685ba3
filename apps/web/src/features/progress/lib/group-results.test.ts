import type { ProgressResult } from '@cogni/domain';
import { describe, expect, it } from 'vitest';
import { groupResultsByTestType } from './group-results';

function result(overrides: Partial<ProgressResult>): ProgressResult {
  return {
    id: 'r1',
    sessionId: 's1',
    testType: 'nbackTest',
    startTime: '2026-03-01T10:00:00.000Z',
    endTime: '2026-03-01T10:07:05.000Z',
    durationMs: 425_000,
    isMock: false,
    summary: null,
    ...overrides,
  };
}

describe('progress tracking’s groups', () => {
  it('groups results by test type in catalogue order, keeping their order within a group', () => {
    const groups = groupResultsByTestType([
      result({ id: 'n1' }),
      result({ id: 's1', testType: 'stroopTest' }),
      result({ id: 's2', testType: 'stroopTest' }),
    ]);
    expect(groups.map((g) => [g.name, g.results.map((r) => r.id)])).toEqual([
      ['Stroop Test', ['s1', 's2']],
      [expect.any(String), ['n1']],
    ]);
  });
});
