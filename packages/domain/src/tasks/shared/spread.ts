import { type Rng, shuffle } from './random';

/**
 * How many of `count` items each gap gets (no-go trials among go trials, targets among
 * non-targets): spread over `gaps` gaps, at most `maxPerGap` in one, every such spread equally
 * likely; `what` names the items in the error. With one per gap this is a uniform choice of
 * `count` gaps without replacement (the first `count` of a Fisher-Yates shuffle of the gaps). With more,
 * the gaps' counts are drawn in turn, each with the probability that the number of ways to
 * spread the rest over the remaining gaps gives it: no draw is ever rejected and redrawn. The
 * numbers of ways exceed 1e308, so each row of them is kept scaled to its largest; a state whose
 * weights all fall below the smallest double (under 1e-300 of the row's largest, never met in
 * practice) takes the largest count the remaining gaps allow.
 */
export function spreadOverGaps(
  rng: Rng,
  count: number,
  gaps: number,
  maxPerGap: number,
  what = 'items',
): Uint16Array {
  if (count > gaps * maxPerGap) {
    throw new Error(`Cannot spread ${count} ${what} over ${gaps} gaps, ${maxPerGap} per gap`);
  }
  const perGap = new Uint16Array(gaps);
  if (maxPerGap === 1) {
    const indices = Array.from({ length: gaps }, (_, i) => i);
    for (const gap of shuffle(indices, rng).slice(0, count)) perGap[gap] = 1;
    return perGap;
  }
  // ways[k * width + r]: the ways to put r items in k gaps, at most maxPerGap each,
  // scaled so that row k's largest is 1.
  const width = count + 1;
  const ways = new Float64Array((gaps + 1) * width);
  ways[0] = 1;
  for (let k = 1; k <= gaps; k++) {
    let largest = 0;
    for (let r = 0; r <= count; r++) {
      let sum = 0;
      for (let x = 0; x <= Math.min(maxPerGap, r); x++) sum += ways[(k - 1) * width + r - x] ?? 0;
      ways[k * width + r] = sum;
      largest = Math.max(largest, sum);
    }
    for (let r = 0; r <= count; r++) ways[k * width + r] = (ways[k * width + r] ?? 0) / largest;
  }
  let left = count;
  for (let gap = 0; gap < gaps; gap++) {
    const rest = (gaps - gap - 1) * width;
    const most = Math.min(maxPerGap, left);
    let total = 0;
    for (let x = 0; x <= most; x++) total += ways[rest + left - x] ?? 0;
    let chosen = Math.max(0, left - (gaps - gap - 1) * maxPerGap);
    if (total > 0) {
      let target = rng() * total;
      for (let x = 0; x <= most; x++) {
        const weight = ways[rest + left - x] ?? 0;
        if (weight === 0) continue;
        chosen = x;
        target -= weight;
        if (target < 0) break;
      }
    } else {
      chosen = most;
    }
    perGap[gap] = chosen;
    left -= chosen;
  }
  return perGap;
}
