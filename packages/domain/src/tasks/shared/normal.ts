/**
 * The standard normal quantile Φ⁻¹(p), by Wichura's algorithm AS 241 (PPND16; Applied
 * Statistics 37, 477-484, 1988): rational approximations in three ranges of p, accurate to
 * about 1 part in 1e16, so no refinement step is needed. NaN outside (0, 1); ±Infinity at 0 and 1.
 */
export function normalQuantile(p: number): number {
  if (Number.isNaN(p) || p < 0 || p > 1) return Number.NaN;
  if (p === 0) return Number.NEGATIVE_INFINITY;
  if (p === 1) return Number.POSITIVE_INFINITY;
  const q = p - 0.5;
  if (Math.abs(q) <= 0.425) {
    const r = 0.180625 - q * q;
    const num =
      (((((((2509.0809287301227 * r + 33430.57558358813) * r + 67265.7709270087) * r +
        45921.95393154987) *
        r +
        13731.69376550946) *
        r +
        1971.5909503065513) *
        r +
        133.14166789178438) *
        r +
        3.3871328727963665) *
      q;
    const den =
      ((((((5226.495278852854 * r + 28729.085735721943) * r + 39307.89580009271) * r +
        21213.794301586597) *
        r +
        5394.196021424751) *
        r +
        687.1870074920579) *
        r +
        42.31333070160091) *
        r +
      1;
    return num / den;
  }
  let r = Math.sqrt(-Math.log(q < 0 ? p : 1 - p));
  let x: number;
  if (r <= 5) {
    r -= 1.6;
    const num =
      ((((((0.0007745450142783414 * r + 0.022723844989269184) * r + 0.2417807251774506) * r +
        1.2704582524523684) *
        r +
        3.6478483247632045) *
        r +
        5.769497221460691) *
        r +
        4.630337846156546) *
        r +
      1.4234371107496835;
    const den =
      ((((((1.0507500716444169e-9 * r + 0.0005475938084995345) * r + 0.015198666563616457) * r +
        0.14810397642748008) *
        r +
        0.6897673349851) *
        r +
        1.6763848301838038) *
        r +
        2.053191626637759) *
        r +
      1;
    x = num / den;
  } else {
    r -= 5;
    const num =
      ((((((2.0103343992922881e-7 * r + 0.000027115555687434876) * r + 0.0012426609473880784) * r +
        0.026532189526576124) *
        r +
        0.29656057182850487) *
        r +
        1.7848265399172913) *
        r +
        5.463784911164114) *
        r +
      6.657904643501103;
    const den =
      ((((((2.0442631033899397e-15 * r + 1.421511758316446e-7) * r + 0.000018463183175100548) * r +
        0.0007868691311456133) *
        r +
        0.014875361290850615) *
        r +
        0.1369298809227358) *
        r +
        0.599832206555888) *
        r +
      1;
    x = num / den;
  }
  return q < 0 ? -x : x;
}

/**
 * d' with the log-linear correction (Hautus 1995): half a hit and half a false alarm are added
 * and one trial to each count, H* = (hits + 0.5) / (signal trials + 1) and F* = (false alarms +
 * 0.5) / (noise trials + 1), so perfect and empty rates stay finite; d' = Φ⁻¹(H*) - Φ⁻¹(F*).
 * Null without signal or without noise trials.
 */
export function logLinearDPrime(
  hits: number,
  signalTrials: number,
  falseAlarms: number,
  noiseTrials: number,
): number | null {
  if (signalTrials === 0 || noiseTrials === 0) return null;
  const hitRate = (hits + 0.5) / (signalTrials + 1);
  const falseAlarmRate = (falseAlarms + 0.5) / (noiseTrials + 1);
  return normalQuantile(hitRate) - normalQuantile(falseAlarmRate);
}

/**
 * The standard normal distribution function Φ(x), from the complementary error function by
 * the Chebyshev fit of Numerical Recipes (erfcc; relative error under 1.2e-7 everywhere): for
 * simulated participants, whose answer probabilities need no more.
 */
export function normalCdf(x: number): number {
  if (Number.isNaN(x)) return Number.NaN;
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * z);
  const erfc =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 +
                            t *
                              (-1.13520398 +
                                t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? 1 - erfc / 2 : erfc / 2;
}
