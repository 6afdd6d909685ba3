import type { ResultTrial, RunSummary } from '@cogni/domain';
import {
  type Cue,
  type Ink,
  type Phase,
  type ResponseKey,
  type Scores,
  type ScoresV2,
  STROOP_LANGUAGES,
  stroopTask,
  type Word,
} from '@cogni/domain/tasks/stroop';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { pageLanguage } from '../../lib/i18n/i18n';
import { stroopLanguageOf } from './runtime/stroop-stage';

/** How the runner names the phases: show with `t(PHASE_NAMES[phase])`. */
export const PHASE_NAMES: Record<Phase, MessageDescriptor> = {
  sample: msg({
    comment: 'a phase of the Stroop test: a few trials to see how it goes',
    message: 'Sample',
  }),
  practice: msg({ comment: 'a phase of a test: trials with feedback', message: 'Practice' }),
  test: msg({ comment: 'a phase of a test: the trials that are scored', message: 'Test' }),
};

/** A phase's trials, as a result's table names them. */
export const PHASE_TRIALS_NAMES: Record<Phase, MessageDescriptor> = {
  sample: msg`Sample trials`,
  practice: msg`Practice trials`,
  test: msg`Test trials`,
};

/**
 * The cue words, colour words, keys and button words of a language (ADR 042): stimuli, not
 * messages, put into the instructions as placeholders. A run shows those of its own language;
 * the page before it, those of the page's language, which the run will be taken in.
 */
export const shownStimuli = (language: string | undefined) =>
  STROOP_LANGUAGES[stroopLanguageOf(language)];

/** The stimuli of the page's language (the pseudo-locale's are English). */
export function usePageStimuli() {
  // Subscribes the caller to the language: it renders again when the language changes.
  useLingui();
  return shownStimuli(pageLanguage());
}

/** A stored Stroop trial as the API returns it: the envelope with Stroop's fields beside it. */
export type StroopResultTrial = ResultTrial & {
  phase: Phase;
  cueWord: Cue;
  stimulusWord: Word;
  stimulusColor: Ink;
  response: ResponseKey;
  reactionTime: number;
  isCorrect: boolean;
  isSwitch: boolean;
  isCongruent: boolean | null;
};

/**
 * The trials of a Stroop result. The server stored them after Stroop's trial schema accepted
 * them, so every Stroop field is there.
 */
export function asStroopTrials(trials: readonly ResultTrial[]): readonly StroopResultTrial[] {
  return trials as readonly StroopResultTrial[];
}

/**
 * Stroop's own scores of a finished run, by the scoring version that computed them: version 2
 * (docs/scoring/stroop.md), or version 1 for a run the server has not rescored yet.
 */
export type VersionedStroopScores =
  | { version: 1; scores: Scores }
  | { version: 2; scores: ScoresV2 };

export function stroopScoresOf(summary: RunSummary): VersionedStroopScores {
  return summary.scoringVersion >= 2
    ? { version: 2, scores: summary.scores as ScoresV2 }
    : { version: 1, scores: summary.scores as Scores };
}

/** The settings Stroop results are shown with (GET /api/progress does not send a run's). */
export const SHOWN_CONFIG = stroopTask.settings.defaults;
