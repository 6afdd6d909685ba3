import type { ResultTrial, RunSummary } from '@cogni/domain';
import {
  type Config,
  getBlockTrialCount,
  getSoaMs,
  type ResponseType,
  type Scores,
} from '@cogni/domain/tasks/sart';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** A stored SART trial as the API returns it: the envelope with the task's fields beside it. */
export type SartResultTrial = ResultTrial & {
  phase: 'practice' | 'test';
  digit: number;
  isNogo: boolean;
  fontSizeIndex: number;
  fontSizePx: number;
  devicePixelRatio: number;
  responded: boolean;
  latencyType: number;
  responseType: ResponseType;
  nExtraResponses: number;
};

/** The trials of a SART result: the server stored them after the task's schema accepted them. */
export function asSartTrials(trials: readonly ResultTrial[]): readonly SartResultTrial[] {
  return trials as readonly SartResultTrial[];
}

/** The SART's own scores of a finished run (its scoring code's shape, scoring version 1). */
export function sartScoresOf(summary: RunSummary): Scores {
  return summary.scores as Scores;
}

/** A trial's outcome in the trial table: show with `t(OUTCOME_NAMES[...])`. */
export const OUTCOME_NAMES: Record<ResponseType, MessageDescriptor> = {
  go_success: msg`Pressed`,
  omission: msg`Omission (missed)`,
  nogo_success: msg`Withheld`,
  commission: msg`Commission (pressed)`,
};

/** Inquisit's latency types (1-3), for people: show with `t(LATENCY_NAMES[...])`. */
export const LATENCY_NAMES: readonly (MessageDescriptor | null)[] = [
  null,
  msg({ comment: 'a response under 100 ms', message: 'Anticipatory' }),
  msg({ comment: 'a response of 100 to 199 ms', message: 'Ambiguous' }),
  msg({ comment: 'a response of 200 ms or more', message: 'Valid' }),
];

/** The test block's length at its steady pace, in ms. */
export function sartTestMs(config: Config): number {
  return getBlockTrialCount(config, 'test') * getSoaMs(config);
}
