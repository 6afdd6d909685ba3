import { PHASES, type Trial, type TrialTiming } from '@cogni/domain';
import { eq } from 'drizzle-orm';
import { trials } from '../../db/schema';
import type { ServiceContext } from '../context';
import { getOwnedRun } from './to-run';

/** Every stored trial of the user's own result, in run order. */
export async function listTrials(
  ctx: ServiceContext,
  userId: string,
  resultId: string,
): Promise<Trial[]> {
  await getOwnedRun(ctx, userId, resultId);
  const rows = await ctx.db.select().from(trials).where(eq(trials.resultId, resultId));
  rows.sort(
    (a, b) => PHASES.indexOf(a.phase) - PHASES.indexOf(b.phase) || a.trialNumber - b.trialNumber,
  );
  return rows.map((row) => ({
    phase: row.phase,
    trialNumber: row.trialNumber,
    cueWord: row.cueWord as Trial['cueWord'],
    stimulusWord: row.stimulusWord as Trial['stimulusWord'],
    stimulusColor: row.stimulusColor as Trial['stimulusColor'],
    response: row.response as Trial['response'],
    reactionTime: row.reactionTime,
    isCorrect: row.isCorrect,
    isSwitch: row.isSwitch,
    isCongruent: row.isCongruent,
    startTime: row.startTime?.toISOString() ?? '',
    endTime: row.endTime?.toISOString() ?? '',
    timing: row.timing as TrialTiming,
  }));
}
