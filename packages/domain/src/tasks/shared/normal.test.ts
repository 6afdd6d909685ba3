import { describe, expect, it } from 'vitest';
import { logLinearDPrime, normalCdf, normalQuantile } from './normal';

describe('normalQuantile (Φ⁻¹)', () => {
  it('gives the known quantiles to 1e-15', () => {
    // Reference values: scipy.stats.norm.ppf / 40-digit mpmath.
    const known: [number, number][] = [
      [0.5, 0],
      [0.975, 1.959963984540054],
      [0.025, -1.959963984540054],
      [0.95, 1.6448536269514722],
      [0.99, 2.3263478740408408],
      [0.999, 3.090232306167813],
      [0.8413447460685429, 1], // Φ(1)
      [0.15865525393145707, -1], // Φ(-1)
      [0.8, 0.8416212335729143],
      [0.2, -0.8416212335729143],
      [5 / 6, 0.967421566101701],
      [1e-5, -4.264890793922825],
      [1e-10, -6.361340902404056],
      [1e-20, -9.262340089798407],
    ];
    for (const [p, z] of known) expect(normalQuantile(p), `p = ${p}`).toBeCloseTo(z, 14);
  });

  it('is odd about 0.5, and infinite or NaN at and beyond the ends', () => {
    for (const p of [0.01, 0.1, 0.3, 0.42, 0.49]) {
      expect(normalQuantile(1 - p)).toBeCloseTo(-normalQuantile(p), 14);
    }
    expect(normalQuantile(0)).toBe(Number.NEGATIVE_INFINITY);
    expect(normalQuantile(1)).toBe(Number.POSITIVE_INFINITY);
    expect(normalQuantile(-0.1)).toBeNaN();
    expect(normalQuantile(1.1)).toBeNaN();
    expect(normalQuantile(Number.NaN)).toBeNaN();
  });

  it('gives the log-linear d′ of perfect and chance performance', () => {
    // 128 of 128 hits, 0 of 32 false alarms: Φ⁻¹(128.5/129) - Φ⁻¹(0.5/33).
    const perfect = normalQuantile(128.5 / 129) - normalQuantile(0.5 / 33);
    expect(logLinearDPrime(128, 128, 0, 32)).toBe(perfect);
    expect(perfect).toBeCloseTo(4.828794202898016, 13);
    // Equal hit and false-alarm rates: d' = 0.
    expect(logLinearDPrime(64, 128, 16, 32)).toBeCloseTo(0, 12);
  });
});

describe('normalCdf (Φ)', () => {
  it('gives the known values to 1e-7 and inverts normalQuantile', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1)).toBeCloseTo(0.8413447460685429, 7);
    expect(normalCdf(-1.959963984540054)).toBeCloseTo(0.025, 7);
    expect(normalCdf(3)).toBeCloseTo(0.9986501019683699, 7);
    for (const p of [0.001, 0.1, 0.3, 0.5, 0.77, 0.99]) {
      expect(normalCdf(normalQuantile(p))).toBeCloseTo(p, 7);
    }
    expect(normalCdf(Number.NaN)).toBeNaN();
  });
});
