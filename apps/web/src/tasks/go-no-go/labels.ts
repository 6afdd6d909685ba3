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
import { NO_VALUE } from '../../lib/format-scores';

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

/** Where a run is, for people: 'Practice round 2' or 'Test'. */
export function blockName(position: Pick<Position, 'phase' | 'block'>): string {
  return position.phase === 'practice' ? `Practice round ${position.block + 1}` : 'Test';
}

export const STIMULUS_NAMES: Record<StimulusId, string> = {
  solid: 'Solid square',
  outline: 'Outlined square',
  P: 'Letter P',
  R: 'Letter R',
};

export const OUTCOME_NAMES: Record<ResponseType, string> = {
  hit: 'Hit',
  omission: 'Omission (missed)',
  commission: 'Commission (pressed)',
  correct_rejection: 'Correct rejection',
};

/** The phrase for a stimulus in the instructions. */
const STIMULUS_PHRASES: Record<StimulusId, string> = {
  solid: 'the solid square',
  outline: 'the outlined square',
  P: 'the letter P',
  R: 'the letter R',
};

/**
 * What to respond to and what to leave, as stimuli and in words, for a configuration's stimulus
 * set and go mapping.
 */
export function describeStimulusRule(config: Pick<Config, 'stimulusSet' | 'goMapping'>): {
  go: string;
  nogo: string;
  goId: StimulusId;
  nogoId: StimulusId;
} {
  const goId = stimulusIdOf(config, 'go');
  const nogoId = stimulusIdOf(config, 'nogo');
  return { go: STIMULUS_PHRASES[goId], nogo: STIMULUS_PHRASES[nogoId], goId, nogoId };
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

/** d' with two decimals (U+2212 for minus, as screen readers say it). */
export function formatDPrime(value: number | null): string {
  if (value === null) return NO_VALUE;
  const text = value.toFixed(2);
  if (Number(text) === 0) return '0.00';
  return text.startsWith('-') ? `\u2212${text.slice(1)}` : text;
}
