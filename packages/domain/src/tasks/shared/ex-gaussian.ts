import { normalQuantile } from './normal';
import type { Rng } from './random';

/**
 * A draw from the ex-Gaussian distribution, the usual model of reaction times: a normal part
 * (mean `mu`, SD `sigma`) plus an exponential tail (mean `tau`). Its mean is mu + tau; its
 * right skew is what trimming rules meet in real data. Inverse transforms only, so one seeded
 * source gives the same draws everywhere.
 */
export function drawExGaussian(rng: Rng, mu: number, sigma: number, tau: number): number {
  // rng() may return 0, whose normal quantile is infinite; 1 - rng() is never 0.
  const p = Math.min(Math.max(rng(), 1e-12), 1 - 1e-12);
  return mu + sigma * normalQuantile(p) - tau * Math.log(1 - rng());
}
