import type { TrendMeasureFormat } from '@cogni/domain';
import { msg, plural } from '@lingui/core/macro';
import { i18n, pageLanguage } from './i18n/i18n';

/** Shown for a score that could not be computed (no trials of that kind). */
export const NO_VALUE = '–';

// U+2212: screen readers say "minus"; a hyphen is often read as "dash" or not at all.
const MINUS = '\u2212';

// Units here are symbols (ms, s, min, h, %), the same in every language Cogni speaks; the numbers
// are written in the reader's language ('91.7%', '91,7 %').

/** `value` rounded to `fractionDigits` decimals, never −0. */
function round(value: number, fractionDigits: number): number {
  const rounded = Number(value.toFixed(fractionDigits));
  // Avoids "-0" after rounding a tiny negative value.
  return Object.is(rounded, -0) ? 0 : rounded;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** Up to `fractionDigits` decimals, no trailing zeros, no grouping ('1234', '6.5'). */
function numberFormat(fractionDigits: number, style?: 'percent'): Intl.NumberFormat {
  const locale = pageLanguage();
  const key = `${locale} ${fractionDigits} ${style ?? ''}`;
  let format = numberFormats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, {
      maximumFractionDigits: fractionDigits,
      useGrouping: false,
      ...(style ? { style } : {}),
    });
    numberFormats.set(key, format);
  }
  return format;
}

function formatNumber(value: number, fractionDigits: number): string {
  return numberFormat(fractionDigits).format(round(value, fractionDigits));
}

/** '+', a real minus, or nothing for 0. */
function signOf(rounded: number): string {
  if (rounded > 0) return '+';
  return rounded < 0 ? MINUS : '';
}

/** A rounded value with its sign: '+48', '−12', '0'. */
function formatSigned(value: number, fractionDigits: number): string {
  const rounded = round(value, fractionDigits);
  return `${signOf(rounded)}${numberFormat(fractionDigits).format(Math.abs(rounded))}`;
}

/** A duration or reaction time in whole milliseconds: '512 ms'. */
export function formatMs(value: number | null): string {
  return value === null ? NO_VALUE : `${formatNumber(value, 0)} ms`;
}

/** A difference of times with its sign: '+48 ms', '−12 ms', '0 ms'. */
export function formatSignedMs(value: number | null): string {
  if (value === null) return NO_VALUE;
  return `${formatSigned(value, 0)} ms`;
}

/** A percentage with at most one decimal: '91.7%' (German '91,7 %'). */
export function formatPercent(value: number | null): string {
  return value === null ? NO_VALUE : numberFormat(1, 'percent').format(round(value, 1) / 100);
}

/** A difference of percentages with its sign: '+4.2 points'. */
export function formatSignedPoints(value: number | null): string {
  if (value === null) return NO_VALUE;
  const rounded = round(value, 1);
  const sign = signOf(rounded);
  const points = Math.abs(rounded);
  return i18n._(
    msg({
      comment: 'A difference of two percentages, in percentage points, with its sign: +4.2 points',
      message: plural(points, { one: `${sign}# point`, other: `${sign}# points` }),
    }),
  );
}

/** A trend measure's value as its format shows it: '80%', '512 ms', '6.5'. */
export function formatTrendValue(value: number, format: TrendMeasureFormat): string {
  if (format === 'percent') return formatPercent(value);
  if (format === 'ms') return formatMs(value);
  return formatNumber(value, 2);
}

/** A change of a trend measure with its sign: '+4.2 points', '−12 ms', '+0.25'. */
export function formatSignedTrendValue(value: number, format: TrendMeasureFormat): string {
  if (format === 'percent') return formatSignedPoints(value);
  if (format === 'ms') return formatSignedMs(value);
  return formatSigned(value, 2);
}

/** How long a run took: '45 s', '7 min 5 s', '1 h 2 min'. */
export function formatDuration(ms: number): string {
  const totalSeconds = Math.max(0, Math.round(ms / 1000));
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const [h, min, s] = [formatNumber(hours, 0), formatNumber(minutes, 0), formatNumber(seconds, 0)];
  if (hours > 0) return `${h} h ${min} min`;
  if (minutes > 0) return `${min} min ${s} s`;
  return `${s} s`;
}
