import type { ResultTrial } from '@cogni/domain';
import { msg, plural } from '@lingui/core/macro';
import type { LevelPoint } from '../../components/charts/draw-charts';
import type { DrawChart } from '../../components/charts/plot-figure';
import type { DisplayedTrialPoint, TestTrialPoint } from '../../lib/charts/chart-data';
import { i18n } from '../../lib/i18n/i18n';
import { asTowerOfHanoiTrials, formatSeconds } from './labels';

/** The test problems in order. */
function testProblems(trials: readonly ResultTrial[]) {
  return asTowerOfHanoiTrials(trials)
    .filter((t) => t.phase === 'test')
    .sort((a, b) => a.trialNumber - b.trialNumber);
}

/**
 * Each solved test problem's excess moves (moves beyond the fewest), by problem number: a circle
 * for an optimal solution, a cross for one with excess moves. Unsolved problems have no point
 * (no excess moves to show): the chart's axis still runs over every problem, and its text
 * alternative counts them, so a problem given up is never read as one without excess moves.
 */
export function getExcessPoints(trials: readonly ResultTrial[]): LevelPoint[] {
  return testProblems(trials)
    .filter((t) => t.solved)
    .map((t) => ({
      position: t.trialNumber + 1,
      level: t.moves - t.minMoves,
      isCorrect: t.moves === t.minMoves,
    }));
}

/**
 * The excess-moves chart of `points` over a run of `problems` test problems: its axis runs to
 * the last problem, so a solved problem after an unsolved one is drawn at its own number. Its
 * axes are named in the reader's language when it is made.
 */
export function drawExcessChart(points: readonly LevelPoint[], problems: number): DrawChart {
  const axes = { trial: i18n._(msg`Problem`), level: i18n._(msg`Excess moves`) };
  return (charts, width) => charts.drawLevelChart(points, axes, width, problems);
}

/**
 * Is a test problem left out of the time scores: given again after a reload, on while the page
 * was hidden or unfocused, or with a time under its floor (the run's scoring says so in its
 * exclusions; the trial's own fields say the first two before the run is scored)?
 */
function isUntimed(trial: ReturnType<typeof testProblems>[number]): boolean {
  return (
    (trial.exclusions?.length ?? 0) > 0 || trial.restarted || trial.timing?.wasInterrupted === true
  );
}

/**
 * Each test problem's planning time (to its first disc lifted), solved or not; problems left
 * out of the time scores (restarted, interrupted, too fast) are left out here too.
 */
export function getPlanningPoints(trials: readonly ResultTrial[]): TestTrialPoint[] {
  return testProblems(trials).flatMap((t) =>
    t.reactionTime === null || isUntimed(t)
      ? []
      : [{ position: t.trialNumber + 1, rtMs: t.reactionTime, isCorrect: t.solved }],
  );
}

/** The numbers (1-based) of the test problems left out of the planning chart as untimed. */
export function getUntimedProblems(trials: readonly ResultTrial[]): number[] {
  return testProblems(trials).flatMap((t) => (isUntimed(t) ? [t.trialNumber + 1] : []));
}

/** The excess-moves chart in words, in the reader's language: its text alternative. */
export function describeExcess(points: readonly LevelPoint[], problems: number): string {
  if (points.length === 0) return i18n._(msg`No problem was solved.`);
  const optimal = points.filter((p) => p.isCorrect).map((p) => p.position);
  const extra = points
    .filter((p) => !p.isCorrect)
    .map(({ position, level }) => i18n._(msg`problem ${position}: ${level}`));
  const solved = points.length;
  const unsolved = problems - solved;
  const optimalProblems = optimal.join(', ');
  const excessProblems = extra.join('; ');
  return [
    i18n._(
      msg`${solved} of ${plural(problems, { one: '# problem solved', other: '# problems solved' })}`,
    ),
    optimal.length > 0
      ? i18n._(msg`in the fewest moves: ${optimalProblems}`)
      : i18n._(msg`none in the fewest moves`),
    extra.length > 0 ? i18n._(msg`excess moves on ${excessProblems}`) : '',
    unsolved > 0 ? i18n._(msg`${unsolved} unsolved, not shown`) : '',
  ]
    .filter(Boolean)
    .join('; ')
    .concat('.');
}

/**
 * The planning-time chart in words, with the problems it leaves out (`untimed`: restarted after
 * a reload, interrupted or with a time under its floor, as in the time scores).
 */
export function describePlanning(
  points: readonly DisplayedTrialPoint[],
  cutOffMs: number | null,
  untimed: readonly number[] = [],
): string {
  const untimedCount = untimed.length;
  const untimedProblems = untimed.join(', ');
  const left =
    untimedCount === 0
      ? ''
      : ` ${i18n._(
          msg({
            message: plural(untimedCount, {
              one: `Left out, as in the time scores (restarted after a reload, interrupted, or a time too fast for a person): problem ${untimedProblems}.`,
              other: `Left out, as in the time scores (restarted after a reload, interrupted, or a time too fast for a person): problems ${untimedProblems}.`,
            }),
          }),
        )}`;
  if (points.length === 0) return `${i18n._(msg`No disc was lifted in a timed problem.`)}${left}`;
  const times = points
    .map(({ position, rtMs, isCorrect }) => {
      const time = formatSeconds(rtMs);
      return isCorrect
        ? i18n._(msg`problem ${position}: ${time}`)
        : i18n._(msg`problem ${position}: ${time} (unsolved)`);
    })
    .join('; ');
  const cutOff = cutOffMs === null ? null : formatSeconds(cutOffMs);
  const cut =
    cutOff === null
      ? ''
      : ` ${i18n._(msg`Times above ${cutOff} are drawn at the top as triangles.`)}`;
  return `${i18n._(msg`Time from each problem's start to its first disc lifted, solved problems as circles and unsolved ones as crosses: ${times}.`)}${cut}${left}`;
}
