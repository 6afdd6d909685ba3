import { describe, expect, it } from 'vitest';
import { balancedAccuracyHeadline, percentHeadline } from './headline';

describe('balancedAccuracyHeadline', () => {
  it('gives 50 to one answer for everything, whatever the kinds shares', () => {
    // 150 go and 50 no-go, a press for everything: (1 + 0) / 2 -> 50 (accuracy 75).
    expect(balancedAccuracyHeadline({ signal: 150, hits: 150, noise: 50, falseAlarms: 50 })).toBe(
      50,
    );
    expect(balancedAccuracyHeadline({ signal: 150, hits: 0, noise: 50, falseAlarms: 0 })).toBe(50);
  });

  it('is exact where floating point rounds under a whole number', () => {
    // (29/50 + 29/50) / 2 = 0.58: floor(0.58 x 100) is 57 in floating point, the headline 58.
    expect(balancedAccuracyHeadline({ signal: 50, hits: 29, noise: 50, falseAlarms: 21 })).toBe(58);
    // (7/8 + 3/4) / 2 = 0.8125 -> 81.
    expect(balancedAccuracyHeadline({ signal: 8, hits: 7, noise: 4, falseAlarms: 1 })).toBe(81);
  });

  it('gives percent correct where a kind is missing, and 0 without trials', () => {
    expect(balancedAccuracyHeadline({ signal: 0, hits: 0, noise: 4, falseAlarms: 1 })).toBe(75);
    expect(balancedAccuracyHeadline({ signal: 0, hits: 0, noise: 0, falseAlarms: 0 })).toBe(0);
  });
});

describe('percentHeadline', () => {
  it('divides once, so a whole percentage stays whole', () => {
    // floor(29 / 50 x 100) and floor(57 / 100 x 100) are 57 and 56 in floating point.
    expect(percentHeadline(29, 50)).toBe(58);
    expect(percentHeadline(57, 100)).toBe(57);
    expect(percentHeadline(131, 144)).toBe(90); // 90.97...
    expect(percentHeadline(0, 0)).toBe(0);
  });
});
