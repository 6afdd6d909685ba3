/** The figures of one error, ms: median, p95, p99 and max of |error|, SD of the signed error. */
export type ErrorStats = { median: number; p95: number; p99: number; max: number; sd: number };

const round = (ms: number) => Math.round(ms * 10_000) / 10_000;

/** Nearest-rank percentiles of the absolute errors, and the SD of the signed ones. */
export function summarizeErrors(errors: readonly number[]): ErrorStats {
  if (errors.length === 0) throw new Error('no errors to summarize');
  const sorted = errors.map(Math.abs).sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
  const mean = errors.reduce((s, e) => s + e, 0) / errors.length;
  const variance = errors.reduce((s, e) => s + (e - mean) ** 2, 0) / errors.length;
  return {
    median: round(at(0.5)),
    p95: round(at(0.95)),
    p99: round(at(0.99)),
    max: round(sorted[sorted.length - 1] ?? Number.NaN),
    sd: round(Math.sqrt(variance)),
  };
}

/** The share of errors within `limitMs`, 0..1. */
export function shareWithin(errors: readonly number[], limitMs: number): number {
  return errors.filter((e) => Math.abs(e) <= limitMs).length / errors.length;
}
