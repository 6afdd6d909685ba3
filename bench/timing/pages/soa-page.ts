/**
 * What the fixed-SOA timing pages (a digit, then a mask, on a fixed SOA: the SART's design) share
 * with their harness (bench/timing/measure-soa.ts). Each page names its k-th digit (from 0)
 * `digit-…` and its mask `mask-…` in `elementtiming`, numbered so that sorting by the number puts
 * them in presentation order; the harness reads their presentation times from Element Timing.
 */
export type SoaRecord = {
  /** The reaction time the system stored (first press of the trial), ms; null without one. */
  rtMs: number | null;
  /** When the system says the digit appeared (performance.now() time line), ms. */
  onsetMs: number;
};

export type SoaBenchApi = {
  /** Starts the run; the harness calls it once its condition (jank, throttling) is set. */
  start: () => void;
  records: SoaRecord[];
};

/** The run's settings from the page's query string: `?trials=540&digitMs=250&maskMs=900`. */
export function readSoaSettings(): { trials: number; digitMs: number; maskMs: number } {
  const params = new URLSearchParams(window.location.search);
  return {
    trials: Number(params.get('trials') ?? 540),
    digitMs: Number(params.get('digitMs') ?? 250),
    maskMs: Number(params.get('maskMs') ?? 900),
  };
}

export function exposeSoaBench(api: SoaBenchApi): void {
  (window as unknown as { __bench: SoaBenchApi }).__bench = api;
}
