import type { ResultTrial, RunSummary } from '@cogni/domain';
import {
  type Config,
  getBlockTrialCount,
  getSoaMs,
  type Position,
  type ResponseType,
  type Scores,
} from '@cogni/domain/tasks/sart';

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

/** Where a run is, for people: 'Practice' or 'Test'. */
export function blockName(position: Pick<Position, 'phase'>): string {
  return position.phase === 'practice' ? 'Practice' : 'Test';
}

export const OUTCOME_NAMES: Record<ResponseType, string> = {
  go_success: 'Pressed',
  omission: 'Omission (missed)',
  nogo_success: 'Withheld',
  commission: 'Commission (pressed)',
};

/** Inquisit's latency types, for people. */
export const LATENCY_NAMES = ['', 'Anticipatory', 'Ambiguous', 'Valid'] as const;

/** The test block's length at its steady pace, in ms. */
export function sartTestMs(config: Config): number {
  return getBlockTrialCount(config, 'test') * getSoaMs(config);
}
