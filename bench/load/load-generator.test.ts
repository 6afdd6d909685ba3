import { describe, expect, it } from 'vitest';
import { checkTrialsStored } from './load-generator';

describe('the check that every confirmed trial is stored', () => {
  it('passes when the stored rows are the confirmed ones, plus at most the unanswered', () => {
    const tally = { created: 100, confirmedLate: 3, unanswered: 2 };
    for (const stored of [103, 104, 105])
      expect(() => checkTrialsStored(tally, stored)).not.toThrow();
  });

  it('fails when a confirmed trial is missing, or more are stored than could have been sent', () => {
    const tally = { created: 100, confirmedLate: 3, unanswered: 2 };
    expect(() => checkTrialsStored(tally, 102)).toThrow(
      '103 trials confirmed (100 with 201, 3 with 200 after a lost answer), 2 unanswered when stopped, 102 stored',
    );
    expect(() => checkTrialsStored(tally, 106)).toThrow('106 stored');
  });
});
