import type { ResultTrial, RunSummary } from '@cogni/domain';
import { logLinearDPrime } from '@cogni/domain';
import {
  type Config,
  type Position,
  type ResponseType,
  type Scores,
  type StimulusId,
  type StimulusType,
  stimulusIdOf,
} from '@cogni/domain/tasks/go-no-go';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { NO_VALUE } from '../../lib/format-scores';
import { pageLanguage } from '../../lib/i18n/i18n';

/** A stored Go/No-Go trial as the API returns it: the envelope with the task's fields beside it. */
export type GoNoGoResultTrial = ResultTrial & {
  phase: 'practice' | 'test';
  stimulusType: StimulusType;
  stimulusId: StimulusId;
  responded: boolean;
  responseType: ResponseType;
  nExtraResponses: number;
  lateResponse: boolean;
  /** Present where the whole stored trial is read (the admin's views), absent in progress. */
  timing?: { wasInterrupted?: boolean } | null;
};

/**
 * The trials of a Go/No-Go result. The server stored them after the task's trial schema accepted
 * them, so every Go/No-Go field is there.
 */
export function asGoNoGoTrials(trials: readonly ResultTrial[]): readonly GoNoGoResultTrial[] {
  return trials as readonly GoNoGoResultTrial[];
}

/**
 * The first scoring version whose overall score is floor(100 x balanced accuracy); earlier ones
 * stored percent correct.
 */
export const GO_NO_GO_BALANCED_HEADLINE_VERSION = 3;

/** Go/No-Go's own scores of a finished run (its scoring code's shape, every scoring version). */
export function goNoGoScoresOf(summary: RunSummary): Scores {
  return summary.scores as Scores;
}

/**
 * What the tiles and the details both read of a run: its scores, whether its overall score is
 * the balanced accuracy (stored from GO_NO_GO_BALANCED_HEADLINE_VERSION on), and the d' of never
 * pressing at its numbers of go and no-go trials (neverPressDPrime).
 */
export function goNoGoResultOf(summary: RunSummary) {
  const scores = goNoGoScoresOf(summary);
  return {
    scores,
    balancedHeadline: summary.scoringVersion >= GO_NO_GO_BALANCED_HEADLINE_VERSION,
    neverPress: neverPressDPrime(scores.counts.goTrials, scores.counts.noGoTrials),
  };
}

/** Where a run is, for people: 'Practice round 2' or 'Test' (show with `t(...)`). */
export function blockName(position: Pick<Position, 'phase' | 'block'>): MessageDescriptor {
  const round = position.block + 1;
  return position.phase === 'practice'
    ? msg`Practice round ${round}`
    : msg({ comment: 'a phase of a test: the trials that are scored', message: 'Test' });
}

/** A block's trials, as a result's table names them: 'Practice round 2 trials'. */
export function blockTrialsName(position: Pick<Position, 'phase' | 'block'>): MessageDescriptor {
  const round = position.block + 1;
  return position.phase === 'practice' ? msg`Practice round ${round} trials` : msg`Test trials`;
}

export const STIMULUS_NAMES: Record<StimulusId, MessageDescriptor> = {
  solid: msg`Solid square`,
  outline: msg`Outlined square`,
  P: msg`Letter P`,
  R: msg`Letter R`,
};

export const OUTCOME_NAMES: Record<ResponseType, MessageDescriptor> = {
  hit: msg({ comment: 'a Go/No-Go outcome: pressed on a go trial', message: 'Hit' }),
  omission: msg({ comment: "a trial's outcome: not answered", message: 'Omission (missed)' }),
  commission: msg({
    comment: 'a Go/No-Go outcome: pressed on a no-go trial',
    message: 'Commission (pressed)',
  }),
  correct_rejection: msg({
    comment: 'a Go/No-Go outcome: held back on a no-go trial',
    message: 'Correct rejection',
  }),
};

/** A stimulus named on its own, as in 'Respond: the solid square' (the instructions' examples). */
export const STIMULUS_PHRASES: Record<StimulusId, MessageDescriptor> = {
  solid: msg`the solid square`,
  outline: msg`the outlined square`,
  P: msg`the letter P`,
  R: msg`the letter R`,
};

/**
 * The stimuli to respond to and to leave, for a configuration's stimulus set and go mapping.
 * A sentence about them selects its whole wording on `goId` (the other is then the no-go), so
 * each language words each case its own way.
 */
export function describeStimulusRule(config: Pick<Config, 'stimulusSet' | 'goMapping'>): {
  goId: StimulusId;
  nogoId: StimulusId;
} {
  return { goId: stimulusIdOf(config, 'go'), nogoId: stimulusIdOf(config, 'nogo') };
}

/** A proportion (0-1) as a percentage, e.g. 0.125 -> 12.5; null stays null. */
export function toPercent(rate: number | null): number | null {
  return rate === null ? null : rate * 100;
}

/**
 * The d' of a run without a single press, under the log-linear correction: 0.5 / (go + 1)
 * against 0.5 / (no-go + 1), which is not 0 when go and no-go trials differ in number (-0.50 at
 * the default 128 and 32). Null without go or no-go trials.
 */
export function neverPressDPrime(goTrials: number, noGoTrials: number): number | null {
  return logLinearDPrime(0, goTrials, 0, noGoTrials);
}

const dPrimeFormats = new Map<string, Intl.NumberFormat>();

/** d' with two decimals in the reader's language (U+2212 for minus, as screen readers say it). */
export function formatDPrime(value: number | null): string {
  if (value === null) return NO_VALUE;
  const locale = pageLanguage();
  let format = dPrimeFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    dPrimeFormats.set(locale, format);
  }
  const rounded = Number(value.toFixed(2));
  const text = format.format(Math.abs(rounded));
  return rounded < 0 ? `\u2212${text}` : text;
}
