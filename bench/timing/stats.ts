/**
 * The figures of one error, ms: median, p95, p99 and max of |error|, SD of the signed error, and
 * n, the number of errors they come from. With no errors (a run stopped before its first trial,
 * a design with none of a kind) n is 0 and every figure is null: the report says "no samples".
 */
export type ErrorStats = {
  median: number | null;
  p95: number | null;
  p99: number | null;
  max: number | null;
  sd: number | null;
  n: number;
};

/** What a written report says for a figure of no errors. */
export const NO_SAMPLES = 'no samples';

const round = (ms: number) => Math.round(ms * 10_000) / 10_000;

/**
 * Nearest-rank percentiles of the absolute errors, and the (population) SD of the signed ones.
 * A handful of errors gets the same figures, which its n qualifies: with fewer than 100, p99 is
 * the max.
 */
export function summarizeErrors(errors: readonly number[]): ErrorStats {
  const n = errors.length;
  if (n === 0) return { median: null, p95: null, p99: null, max: null, sd: null, n };
  const sorted = errors.map(Math.abs).sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.max(0, Math.ceil(q * n) - 1)] as number;
  const mean = errors.reduce((s, e) => s + e, 0) / n;
  const variance = errors.reduce((s, e) => s + (e - mean) ** 2, 0) / n;
  return {
    median: round(at(0.5)),
    p95: round(at(0.95)),
    p99: round(at(0.99)),
    max: round(sorted[n - 1] as number),
    sd: round(Math.sqrt(variance)),
    n,
  };
}

/** The share of errors within `limitMs`, 0..1; null with no errors. */
export function shareWithin(errors: readonly number[], limitMs: number): number | null {
  if (errors.length === 0) return null;
  return errors.filter((e) => Math.abs(e) <= limitMs).length / errors.length;
}
