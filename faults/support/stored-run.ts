import { getTask, storedTrialOf } from '@cogni/domain';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../apps/server/src/db/client';
import { testResults, trials } from '../../apps/server/src/db/schema';
import { toSummaryColumns } from '../../apps/server/src/services/results/summary-columns';
import type { FaultDatabase } from './fault-database';
import type { HttpParticipant } from './http-participant';

/** The run's stored trial positions as `phase:trialNumber`, one entry per row (duplicates kept). */
export async function readStoredPositions(db: Db, runId: string): Promise<string[]> {
  const rows = await db
    .select({ phase: trials.phase, trialNumber: trials.trialNumber })
    .from(trials)
    .where(eq(trials.resultId, runId));
  return rows.map((row) => `${row.phase}:${row.trialNumber}`);
}

/** Every trial the server confirmed to the participant is among `stored`. */
export function expectConfirmedAmong(participant: HttpParticipant, stored: Iterable<string>): void {
  const have = new Set(stored);
  expect([...participant.confirmed].filter((key) => !have.has(key))).toEqual([]);
}

/**
 * The participant's finished run, read straight from the database: exactly the trials the server
 * confirmed, each once, and the summary the scoring gives for them (not whatever the server
 * said), so a lost, doubled or half-written trial shows up here.
 */
export async function expectFinishedRunStored(db: Db, participant: HttpParticipant): Promise<void> {
  const run = participant.run;
  if (!run) throw new Error('the participant started no run');
  const all = participant.trials();
  expect(participant.confirmed.size).toBe(all.length);
  const stored = await readStoredPositions(db, run.id);
  expect(stored.length).toBe(new Set(stored).size);
  expect(new Set(stored)).toEqual(participant.confirmed);

  const [result] = await db.select().from(testResults).where(eq(testResults.id, run.id));
  expect(result?.endTime).toBeInstanceOf(Date);
  // The trials as stored (ADR 027): the envelope's defaults filled in, no flags (the fixture
  // has no anticipations).
  const task = getTask(run.testType);
  const asStored = all.map((trial) => storedTrialOf(trial));
  const expected = toSummaryColumns(task, task.score(run.config, asStored));
  expect({
    overallScore: result?.overallScore,
    totalTrials: result?.totalTrials,
    correctTrials: result?.correctTrials,
    averageReactionTime: result?.averageReactionTime,
    scores: result?.scores,
    scoringVersion: result?.scoringVersion,
    reportCells: result?.reportCells,
  }).toEqual(expected);
}

/** Every participant's finished run, read from the database (embedded: stop the server first). */
export function expectFinishedRunsStored(
  database: FaultDatabase,
  participants: HttpParticipant[],
): Promise<void> {
  return database.withDb(async (db) => {
    for (const participant of participants) await expectFinishedRunStored(db, participant);
  });
}

/** No answer was a server error: failures were dropped connections or 503s only. */
export function expectNoServerErrors(participants: HttpParticipant[]): void {
  const statuses = participants.flatMap((p) => [...p.observed.statuses.keys()]);
  expect(statuses.filter((status) => status >= 500 && status !== 503)).toEqual([]);
}
