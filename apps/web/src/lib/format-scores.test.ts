import { afterEach, describe, expect, it } from 'vitest';
import {
  formatDuration,
  formatMs,
  formatPercent,
  formatSignedMs,
  formatSignedPoints,
  NO_VALUE,
} from './format-scores';
import { i18n } from './i18n/i18n';
import { minutesText } from './minutes-text';

describe('score formatting', () => {
  it('rounds times to whole ms and shows a missing value as a dash', () => {
    expect(formatMs(512.49)).toBe('512 ms');
    expect(formatMs(null)).toBe(NO_VALUE);
  });

  it('signs differences with a real minus and never shows −0', () => {
    expect(formatSignedMs(48.4)).toBe('+48 ms');
    expect(formatSignedMs(-12.2)).toBe('\u221212 ms');
    expect(formatSignedMs(-0.3)).toBe('0 ms');
    expect(formatSignedPoints(1)).toBe('+1 point');
    expect(formatSignedPoints(-4.25)).toBe('\u22124.3 points');
  });

  it('keeps one decimal of a percentage', () => {
    expect(formatPercent(91.666)).toBe('91.7%');
    expect(formatPercent(100)).toBe('100%');
  });

  it('says how long a run took in the largest sensible units', () => {
    expect(formatDuration(44_600)).toBe('45 s');
    expect(formatDuration(425_000)).toBe('7 min 5 s');
    expect(formatDuration(3_720_000)).toBe('1 h 2 min');
  });

  it('counts minutes in the singular and the plural', () => {
    expect(minutesText(50_000)).toBe('1 minute');
    expect(minutesText(5 * 60_000)).toBe('5 minutes');
  });

  describe("in the reader's language", () => {
    afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

    it('writes the numbers as the language does, keeping the unit symbols', () => {
      // No catalog: the numbers alone change with the language.
      i18n.loadAndActivate({ locale: 'de', locales: ['de'], messages: {} });
      expect(formatPercent(91.666)).toBe('91,7\u00a0%');
      expect(formatMs(1234.4)).toBe('1234 ms');
      expect(formatSignedMs(-12.2)).toBe('\u221212 ms');
      expect(formatSignedPoints(-4.25)).toBe('\u22124,3 points');
    });
  });
});
