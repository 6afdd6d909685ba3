import { describe, expect, it } from 'vitest';
import { mean, median, ratio, sampleSd } from './statistics';

describe('statistics', () => {
  it('gives null where a value is undefined', () => {
    expect(ratio(3, 0)).toBeNull();
    expect(mean([])).toBeNull();
    expect(median([])).toBeNull();
    expect(sampleSd([5])).toBeNull();
  });

  it('computes the values by hand', () => {
    expect(ratio(1, 4)).toBe(0.25);
    expect(mean([1, 2, 6])).toBe(3);
    expect(median([9, 1, 5])).toBe(5);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    // Deviations from 4 are -2, 0, 2: squares 8 over n - 1 = 2 gives 4.
    expect(sampleSd([2, 4, 6])).toBe(2);
  });

  it('does not reorder the values it is given', () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
});
