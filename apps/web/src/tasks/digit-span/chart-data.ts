import type { ResultTrial } from '@cogni/domain';
import type { Direction } from '@cogni/domain/tasks/digit-span';
import type { LevelPoint } from '../../components/charts/draw-charts';
import { asDigitSpanTrials, DIRECTION_NAMES, interruptionOf } from './labels';

/**
 * A direction's test lists in order, for its ladder chart: those the scores count (an
 * interrupted list given again is neither right nor missed, so the chart leaves it out).
 */
export function getLadderPoints(
  trials: readonly ResultTrial[],
  direction: Direction,
): LevelPoint[] {
  return asDigitSpanTrials(trials)
    .filter(
      (t) => t.phase === 'test' && t.direction === direction && interruptionOf(t) !== 'givenAgain',
    )
    .sort((a, b) => a.trialNumber - b.trialNumber)
    .map((t, i) => ({ position: i + 1, level: t.length, isCorrect: t.isCorrect === true }));
}

/** The directions with test lists, in run order. */
export function getLadderDirections(trials: readonly ResultTrial[]): Direction[] {
  const given = new Set(
    asDigitSpanTrials(trials)
      .filter((t) => t.phase === 'test')
      .map((t) => t.direction),
  );
  return (['forward', 'backward'] as const).filter((d) => given.has(d));
}

/** A ladder chart in words: its text alternative, shown under it. */
export function describeLadder(direction: Direction, points: readonly LevelPoint[]): string {
  if (points.length === 0) return `No ${direction} lists were recorded.`;
  const lengths = [...new Set(points.map((p) => p.level))];
  const parts = lengths.map((length) => {
    const at = points.filter((p) => p.level === length);
    const right = at.filter((p) => p.isCorrect).length;
    return `${length} digits: ${right} of ${at.length} right`;
  });
  const last = lengths.at(-1) as number;
  const atLast = points.filter((p) => p.level === last);
  const missed =
    atLast.length === 1
      ? `the list of ${last} digits was missed`
      : atLast.length === 2
        ? `both lists of ${last} digits were missed`
        : `all ${atLast.length} lists of ${last} digits were missed`;
  const ending = atLast.some((p) => p.isCorrect)
    ? `ended at ${last} digits, the longest lists`
    : `stopped after ${missed}`;
  return `${DIRECTION_NAMES[direction]} lists in order, correct ones as circles and missed ones as crosses: ${parts.join('; ')}; the lists ${ending}.`;
}
