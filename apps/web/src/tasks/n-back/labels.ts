import type { ResultTrial, RunSummary } from '@cogni/domain';
import { logLinearDPrime } from '@cogni/domain';
import type {
  Answer,
  KeyMapping,
  LureType,
  Position,
  ResponseType,
  Scores,
} from '@cogni/domain/tasks/n-back';
import { splitBlock } from '@cogni/domain/tasks/n-back';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { NO_VALUE } from '../../lib/format-scores';
import { i18n } from '../../lib/i18n/i18n';

/** A stored N-back trial as the API returns it: the envelope with the task's fields beside it. */
export type NBackResultTrial = ResultTrial & {
  phase: 'practice' | 'test';
  level: number;
  letter: string;
  isTarget: boolean | null;
  lureType: LureType;
  nBackLetter: string | null;
  answer: Answer | null;
  responseType: ResponseType;
  keyMapping: KeyMapping;
  nExtraResponses: number;
  /** Present where the whole stored trial is read (the admin's views), absent in progress. */
  timing?: { wasInterrupted?: boolean } | null;
};

/** The trials of an N-back result: the server stored them after the task's schema accepted them. */
export function asNBackTrials(trials: readonly ResultTrial[]): readonly NBackResultTrial[] {
  return trials as readonly NBackResultTrial[];
}

/**
 * The first scoring version whose overall score is floor(100 x balanced accuracy) with "same"
 * as the response; version 1 stored percent correct.
 */
export const N_BACK_BALANCED_HEADLINE_VERSION = 2;

/** N-back's own scores of a finished run (its scoring code's shape, every scoring version). */
export function nBackScoresOf(summary: RunSummary): Scores {
  return summary.scores as Scores;
}

/**
 * The d' of a run without a single "same" answer, under the log-linear correction: 0.5 /
 * (targets + 1) against 0.5 / (non-targets + 1), which is not 0 when targets and non-targets
 * differ in number (+0.33 at a default level's 18 and 42). Null without either.
 */
export function neverSameDPrime(targets: number, nonTargets: number): number | null {
  return logLinearDPrime(0, targets, 0, nonTargets);
}

/**
 * Where a run is, for people, in the reader's language: '2-back practice, round 1' or '2-back,
 * block 3'.
 */
export function blockName(position: Pick<Position, 'phase' | 'block'>): string {
  const { level, index } = splitBlock(position.block);
  const number = index + 1;
  return position.phase === 'practice'
    ? i18n._(msg`${level}-back practice, round ${number}`)
    : i18n._(msg`${level}-back, block ${number}`);
}

/** The keys of a key mapping: which key is "match" and which "no match". */
export function keysOf(mapping: KeyMapping): { match: 'F' | 'J'; noMatch: 'F' | 'J' } {
  return mapping === 'A' ? { match: 'F', noMatch: 'J' } : { match: 'J', noMatch: 'F' };
}

/** A trial's outcome in the trial table: show with `t(OUTCOME_NAMES[...])`. */
export const OUTCOME_NAMES: Record<ResponseType, MessageDescriptor> = {
  hit: msg`Hit`,
  miss: msg`Miss`,
  false_alarm: msg`False alarm`,
  correct_rejection: msg`Correct rejection`,
  omission: msg`No answer`,
  filler: msg`Filler (not scored)`,
};

/** An answer in the trial table: show with `t(ANSWER_NAMES[...])`. */
export const ANSWER_NAMES: Record<Answer, MessageDescriptor> = {
  match: msg({ comment: 'an answer: the letter is the same as n back', message: 'Same' }),
  'no-match': msg({
    comment: 'an answer: the letter is not the same as n back',
    message: 'Different',
  }),
};

/** A proportion (0-1) as a percentage, e.g. 0.125 -> 12.5; null stays null. */
export function toPercent(rate: number | null): number | null {
  return rate === null ? null : rate * 100;
}

/**
 * d' or c with two decimals in the reader's language (U+2212 for minus, as screen readers say
 * it; no sign on a value that rounds to 0).
 */
export function formatSignal(value: number | null): string {
  if (value === null) return NO_VALUE;
  const rounded = Number(value.toFixed(2));
  const text = i18n.number(rounded === 0 ? 0 : rounded, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return text.replace('-', '\u2212');
}
