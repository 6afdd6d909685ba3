import type { ResultTrial, RunSummary } from '@cogni/domain';
import {
  getSartBlockTrialCount,
  getSartSoaMs,
  type SartConfig,
  type SartPosition,
  type SartResponseType,
  type SartScores,
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
  responseType: SartResponseType;
  nExtraResponses: number;
};

/** The trials of a SART result: the server stored them after the task's schema accepted them. */
export function asSartTrials(trials: readonly ResultTrial[]): readonly SartResultTrial[] {
  return trials as readonly SartResultTrial[];
}

/** The SART's own scores of a finished run (its scoring code's shape, scoring version 1). */
export function sartScoresOf(summary: RunSummary): SartScores {
  return summary.scores as SartScores;
}

/** Where a run is, for people: 'Practice' or 'Test'. */
export function blockName(position: Pick<SartPosition, 'phase'>): string {
  return position.phase === 'practice' ? 'Practice' : 'Test';
}

export const OUTCOME_NAMES: Record<SartResponseType, string> = {
  go_success: 'Pressed',
  omission: 'Omission (missed)',
  nogo_success: 'Withheld',
  commission: 'Commission (pressed)',
};

/** Inquisit's latency types, for people. */
export const LATENCY_NAMES = ['', 'Anticipatory', 'Ambiguous', 'Valid'] as const;

/** The test block's length at its steady pace, in ms. */
export function sartTestMs(config: SartConfig): number {
  return getSartBlockTrialCount(config, 'test') * getSartSoaMs(config);
}
