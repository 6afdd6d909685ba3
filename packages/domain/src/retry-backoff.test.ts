import { describe, expect, it } from 'vitest';
import { getBackoffDelay } from './retry-backoff';

describe('getBackoffDelay', () => {
  it('grows from 500 ms, doubles, caps at 30 s and stays finite for huge attempts', () => {
    const max = () => 1;
    expect([0, 1, 2, 5, 6, 100, 5000].map((attempt) => getBackoffDelay(attempt, max))).toEqual([
      500, 1000, 2000, 16000, 30000, 30000, 30000,
    ]);
    expect(getBackoffDelay(3, () => 0.5)).toBe(2000);
  });
});
