import type { ResultTrial } from '@cogni/domain';
import type { Direction } from '@cogni/domain/tasks/digit-span';
import { msg, select } from '@lingui/core/macro';
import type { LevelPoint } from '../../components/charts/draw-charts';
import { i18n } from '../../lib/i18n/i18n';
import { asDigitSpanTrials, interruptionOf } from './labels';

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

/** A ladder chart in words, in the reader's language: its text alternative, shown under it. */
export function describeLadder(direction: Direction, points: readonly LevelPoint[]): string {
  if (points.length === 0) {
    return i18n._(
      msg`${select(direction, { forward: 'No forward lists were recorded.', other: 'No backward lists were recorded.' })}`,
    );
  }
  const lengths = [...new Set(points.map((p) => p.level))];
  const parts = lengths
    .map((length) => {
      const at = points.filter((p) => p.level === length);
      const right = at.filter((p) => p.isCorrect).length;
      const lists = at.length;
      return i18n._(msg`${length} digits: ${right} of ${lists} right`);
    })
    .join('; ');
  const last = lengths.at(-1) as number;
  const atLast = points.filter((p) => p.level === last);
  const missedLists = atLast.length;
  // How the lists ended: at the longest lists, or after every list of a length was missed.
  const ending = atLast.some((p) => p.isCorrect)
    ? 'longest'
    : missedLists === 1
      ? 'missedOne'
      : missedLists === 2
        ? 'missedBoth'
        : 'missedAll';
  return i18n._(
    msg({
      comment:
        "A chart of the lengths of a Digit Span direction's lists; parts: '3 digits: 2 of 2 right; 4 digits: 0 of 2 right'",
      message: `${select(direction, {
        forward: 'Forward lists in order',
        other: 'Backward lists in order',
      })}, correct ones as circles and missed ones as crosses: ${parts}; the lists ${select(
        ending,
        {
          longest: `ended at ${last} digits, the longest lists`,
          missedOne: `stopped after the list of ${last} digits was missed`,
          missedBoth: `stopped after both lists of ${last} digits were missed`,
          other: `stopped after all ${missedLists} lists of ${last} digits were missed`,
        },
      )}.`,
    }),
  );
}
