import type { TrendMeasureFormat } from '@cogni/domain';

/** Shown for a score that could not be computed (no trials of that kind). */
export const NO_VALUE = '–';

// U+2212: screen readers say "minus"; a hyphen is often read as "dash" or not at all.
const MINUS = '\u2212';

function formatNumber(value: number, fractionDigits: number): string {
  const rounded = Number(value.toFixed(fractionDigits));
  // Avoids "-0" after rounding a tiny negative value.
  return (Object.is(rounded, -0) ? 0 : rounded).toString();
}

function withSign(text: string, value: number): string {
  if (Number(text) === 0) return text;
  return value > 0 ? `+${text}` : `${MINUS}${text.replace('-', '')}`;
}

/** A duration or reaction time in whole milliseconds: '512 ms'. */
export function formatMs(value: number | null): string {
  return value === null ? NO_VALUE : `${formatNumber(value, 0)} ms`;
}

/** A difference of times with its sign: '+48 ms', '−12 ms', '0 ms'. */
export function formatSignedMs(value: number | null): string {
  if (value === null) return NO_VALUE;
  return `${withSign(formatNumber(value, 0), value)} ms`;
}

/** A percentage with at most one decimal: '91.7%'. */
export function formatPercent(value: number | null): string {
  return value === null ? NO_VALUE : `${formatNumber(value, 1)}%`;
}

/** A difference of percentages with its sign: '+4.2 points'. */
export function formatSignedPoints(value: number | null): string {
  if (value === null) return NO_VALUE;
  const text = withSign(formatNumber(value, 1), value);
  return `${text} ${Math.abs(Number(formatNumber(value, 1))) === 1 ? 'point' : 'points'}`;
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
  return withSign(formatNumber(value, 2), value);
}

/** How long a run took: '45 s', '7 min 5 s', '1 h 2 min'. */
export function formatDuration(ms: number): string {
  const totalSeconds = Math.max(0, Math.round(ms / 1000));
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  if (hours > 0) return `${hours} h ${minutes} min`;
  if (minutes > 0) return `${minutes} min ${seconds} s`;
  return `${seconds} s`;
}
