import type { ResultTrial, RunSummary } from '@cogni/domain';
import {
  type Cue,
  type Ink,
  type Phase,
  type ResponseKey,
  type Scores,
  type ScoresV2,
  stroopTask,
  type Word,
} from '@cogni/domain/tasks/stroop';

/** How the runner and progress tracking name the phases. */
export const PHASE_NAMES: Record<Phase, string> = {
  sample: 'Sample',
  practice: 'Practice',
  test: 'Test',
};

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
