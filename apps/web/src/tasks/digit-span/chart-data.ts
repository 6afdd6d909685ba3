import type { DigitSpanDirection, ResultTrial } from '@cogni/domain';
import { asDigitSpanTrials, DIRECTION_NAMES } from './labels';

/** One test list on the ladder chart: its place in the direction, its length, its outcome. */
export type LadderPoint = { position: number; level: number; isCorrect: boolean };

/** A direction's test lists in order, for its ladder chart. */
export function getLadderPoints(
  trials: readonly ResultTrial[],
  direction: DigitSpanDirection,
): LadderPoint[] {
  return asDigitSpanTrials(trials)
    .filter((t) => t.phase === 'test' && t.direction === direction)
    .sort((a, b) => a.trialNumber - b.trialNumber)
    .map((t, i) => ({ position: i + 1, level: t.length, isCorrect: t.isCorrect === true }));
}

/** The directions with test lists, in run order. */
export function getLadderDirections(trials: readonly ResultTrial[]): DigitSpanDirection[] {
  const given = new Set(
    asDigitSpanTrials(trials)
      .filter((t) => t.phase === 'test')
      .map((t) => t.direction),
  );
  return (['forward', 'backward'] as const).filter((d) => given.has(d));
}

/** A ladder chart in words: its text alternative, shown under it. */
export function describeLadder(
  direction: DigitSpanDirection,
  points: readonly LadderPoint[],
): string {
  if (points.length === 0) return `No ${direction} lists were recorded.`;
  const lengths = [...new Set(points.map((p) => p.level))];
  const parts = lengths.map((length) => {
    const at = points.filter((p) => p.level === length);
    const right = at.filter((p) => p.isCorrect).length;
    return `${length} digits: ${right} of ${at.length} right`;
  });
  const last = lengths.at(-1) as number;
  const lastRight = points.filter((p) => p.level === last && p.isCorrect).length;
  const ending =
    lastRight === 0
      ? `stopped after both lists of ${last} digits were missed`
      : `ended at ${last} digits, the longest lists`;
  return `${DIRECTION_NAMES[direction]} lists in order, correct ones as circles and missed ones as crosses: ${parts.join('; ')}; the lists ${ending}.`;
}
