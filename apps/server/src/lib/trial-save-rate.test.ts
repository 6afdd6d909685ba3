import { describe, expect, it } from 'vitest';
import { createRateMeter } from './trial-save-rate';

describe('createRateMeter', () => {
  it('counts the events of the last second, to a tenth of a second', () => {
    let at = 10_000;
    const meter = createRateMeter(() => at);
    expect(meter.perSecond()).toBe(0);
    for (let i = 0; i < 5; i++) meter.note();
    at = 10_550;
    for (let i = 0; i < 3; i++) meter.note();
    expect(meter.perSecond()).toBe(8);
    // The first five leave the window a second after their tenth began.
    at = 10_999;
    expect(meter.perSecond()).toBe(8);
    at = 11_000;
    expect(meter.perSecond()).toBe(3);
    at = 11_600;
    expect(meter.perSecond()).toBe(0);
  });

  it('forgets everything after a quiet second, however long', () => {
    let at = 0;
    const meter = createRateMeter(() => at);
    for (let i = 0; i < 50; i++) meter.note();
    at = 123_456;
    expect(meter.perSecond()).toBe(0);
    meter.note();
    expect(meter.perSecond()).toBe(1);
  });
});
