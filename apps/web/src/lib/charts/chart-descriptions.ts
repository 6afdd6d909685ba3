import { msg, plural } from '@lingui/core/macro';
import { formatMs, formatSignedTrendValue, formatTrendValue } from '../format-scores';
import { translateEnglish } from '../i18n/error-text';
import { i18n } from '../i18n/i18n';
import type { ConditionRtSpread, DisplayedTrialPoint, ScoreTrend } from './chart-data';

/*
 * The text alternatives of the charts: what a sighted reader takes from each picture, in words.
 * They are shown under the charts, so they also explain the symbols to everyone. Each sentence is
 * one message, in the language active when the chart is described (ADR 042).
 */

/**
 * A name inside a sentence ('No switch cost yet.'): lower-cased, as English and Spanish write it
 * there; German keeps its capitals, since its nouns have them.
 */
export function inSentence(name: string): string {
  return i18n.locale === 'de' ? name : name.toLowerCase();
}

/**
 * A condition's box in words: its mean, spread and number of trials; `empty` says how a box
 * without trials reads (no correct trials, by default).
 */
export function describeCondition(
  cell: ConditionRtSpread,
  empty: (condition: string) => string = (condition) =>
    i18n._(msg`${condition}: no correct trials`),
): string {
  const condition = translateEnglish(i18n, cell.label);
  if (cell.meanMs === null) return empty(condition);
  const mean = formatMs(cell.meanMs);
  const trials = cell.rtsMs.length;
  if (cell.sdMs === null) {
    return i18n._(
      msg`${condition}: mean ${mean}, ${plural(trials, { one: '# trial', other: '# trials' })}`,
    );
  }
  const sd = formatMs(cell.sdMs);
  return i18n._(
    msg`${condition}: mean ${mean}, SD ${sd}, ${plural(trials, { one: '# trial', other: '# trials' })}`,
  );
}

export function describeConditionRtChart(conditions: readonly ConditionRtSpread[]): string {
  const cells = conditions.map((cell) => describeCondition(cell)).join('; ');
  return i18n._(
    msg`Boxes span the middle half of the reaction times of correct trials, with the median as a line and the mean as a diamond. ${cells}.`,
  );
}

/** `markers` says what the dashed lines mark, e.g. 'rest breaks'; null when there are none. */
export function describeTrialRtChart(
  points: readonly DisplayedTrialPoint[],
  cutOffMs: number | null,
  markers: string | null = null,
): string {
  if (points.length === 0) return i18n._(msg`No test trials were recorded.`);
  const rts = points.map((p) => p.rtMs);
  const trials = points.length;
  const fastest = formatMs(Math.min(...rts));
  const slowest = formatMs(Math.max(...rts));
  const sentences = [
    markers
      ? i18n._(
          msg`${plural(trials, {
            one: `Reaction time of the # test trial: ${fastest}; correct answers are circles, dashed lines mark ${markers}.`,
            other: `Reaction time of each of the # test trials in order, from ${fastest} to ${slowest}; correct answers are circles, dashed lines mark ${markers}.`,
          })}`,
        )
      : i18n._(
          msg`${plural(trials, {
            one: `Reaction time of the # test trial: ${fastest}; correct answers are circles.`,
            other: `Reaction time of each of the # test trials in order, from ${fastest} to ${slowest}; correct answers are circles.`,
          })}`,
        ),
  ];
  const errors = points.filter((p) => !p.isCorrect).map((p) => p.position);
  const errorCount = errors.length;
  const errorTrials = errors.join(', ');
  sentences.push(
    errorCount === 0
      ? i18n._(msg`No errors.`)
      : i18n._(
          msg`${plural(errorCount, {
            one: `# error, drawn as crosses, on trial ${errorTrials}.`,
            other: `# errors, drawn as crosses, on trials ${errorTrials}.`,
          })}`,
        ),
  );
  if (cutOffMs !== null) {
    const cutOffCount = points.filter((p) => p.isCutOff).length;
    const limit = formatMs(cutOffMs);
    sentences.push(
      i18n._(
        msg`${plural(cutOffCount, {
          one: `# reaction time above ${limit} is drawn as a triangle at the top.`,
          other: `# reaction times above ${limit} are drawn as a triangle at the top.`,
        })}`,
      ),
    );
  }
  return sentences.join(' ');
}

export function describeScoreTrend(trend: ScoreTrend): string {
  const { points, fit, measure } = trend;
  const value = (v: number) => formatTrendValue(v, measure.format);
  const label = translateEnglish(i18n, measure.label);
  const name = inSentence(label);
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return i18n._(msg`No ${name} yet.`);
  if (points.length === 1) {
    const score = value(first.score);
    return i18n._(
      msg`One session so far, with ${name} ${score}. Take the test again to see a trend.`,
    );
  }
  const sessions = points.length;
  const scores = points.map((p) => p.score);
  const from = value(first.score);
  const to = value(last.score);
  const lowest = value(Math.min(...scores));
  const highest = value(Math.max(...scores));
  const sentences = [
    i18n._(
      msg({
        comment: 'sessions is 2 or more',
        message: `${label} of your ${sessions} sessions, oldest first: from ${from} to ${to} (lowest ${lowest}, highest ${highest}).`,
      }),
    ),
  ];
  if (fit !== null) {
    const change = formatSignedTrendValue(fit.slope, measure.format);
    sentences.push(
      measure.better === 'lower'
        ? i18n._(msg`The dashed trend line changes by ${change} per session (lower is better).`)
        : i18n._(msg`The dashed trend line changes by ${change} per session.`),
    );
  }
  const mock = points.filter((p) => p.isMock).length;
  if (mock > 0) {
    sentences.push(
      i18n._(
        msg`${plural(mock, {
          one: '# session is mock data, drawn as squares.',
          other: '# sessions are mock data, drawn as squares.',
        })}`,
      ),
    );
  }
  return sentences.join(' ');
}
