import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  resultScores,
  studyParticipantParams,
  studyParticipants,
  testResults,
  testSessions,
  trials,
} from '../../db/schema';
import {
  joinStudy,
  openStudy,
  participationPath,
  signUpResearcher,
  takeTaskStep,
} from '../../testing/study-fixtures';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { TEST_DATABASE_KINDS } from '../../testing/test-database';
import { deleteParticipantData } from './withdraw';

/** The deletion behind a withdrawal (ADR 041): all of it in one transaction, or none of it. */
describe.each(TEST_DATABASE_KINDS)('deleting a participant’s data on %s', (kind) => {
  let t: TestContext;
  let participantId: string;
  let studyId: string;

  beforeAll(async () => {
    t = await createTestContext(kind);
    const researcher = await signUpResearcher(t, 'researcher@example.com');
    const study = await openStudy(researcher);
    studyId = study.id;
    const { browser } = await joinStudy(t, study.code, { PROLIFIC_PID: 'pid-1' });
    const [row] = await t.database.db
      .select({ id: studyParticipants.id })
      .from(studyParticipants)
      .where(eq(studyParticipants.studyId, study.id));
    participantId = row?.id ?? '';
    await t.database.db
      .insert(studyParticipantParams)
      .values({ participantId, studyId, name: 'PROLIFIC_PID', value: 'pid-1', isPanelId: true })
      .onConflictDoNothing();
    const base = participationPath(study.code);
    await browser.post(`${base}/consent`, { agree: true });
    await browser.post(`${base}/steps/1/done`, {});
    await takeTaskStep(t, browser, study.code, 2);
  });
  afterAll(() => t.close());

  /** Every row of the participant's data, by table. */
  async function rowsOf() {
    const db = t.database.db;
    const runs = await db
      .select({ id: testResults.id })
      .from(testResults)
      .where(eq(testResults.participantId, participantId));
    const runIds = runs.map((run) => run.id);
    const none = runIds.length === 0;
    return {
      runs: runs.length,
      trials: none
        ? 0
        : (await db.select().from(trials).where(inArray(trials.resultId, runIds))).length,
      scores: none
        ? 0
        : (await db.select().from(resultScores).where(inArray(resultScores.resultId, runIds)))
            .length,
      sessions: (
        await db.select().from(testSessions).where(eq(testSessions.participantId, participantId))
      ).length,
      params: (
        await db
          .select()
          .from(studyParticipantParams)
          .where(eq(studyParticipantParams.participantId, participantId))
      ).length,
    };
  }

  it('deletes nothing when the transaction fails after the deletes', async () => {
    const before = await rowsOf();
    expect(before).toMatchObject({ runs: 1, scores: 1, sessions: 1, params: 1 });
    expect(before.trials).toBeGreaterThan(0);
    await expect(
      deleteParticipantData(t.deps, participantId, 'researcher', async () => {
        throw new Error('audit failed');
      }),
    ).rejects.toThrow('audit failed');
    expect(await rowsOf()).toEqual(before);
    const [row] = await t.database.db
      .select()
      .from(studyParticipants)
      .where(eq(studyParticipants.id, participantId));
    expect(row?.state).toBe('consented');
    expect(row?.withdrawnAt).toBeNull();
  });

  it('deletes the runs with their trials and scores, the sessions and the parameters, and answers the counts', async () => {
    const before = await rowsOf();
    const deleted = await deleteParticipantData(t.deps, participantId, 'participant');
    expect(deleted).toEqual({ runs: before.runs, trials: before.trials });
    expect(await rowsOf()).toEqual({ runs: 0, trials: 0, scores: 0, sessions: 0, params: 0 });
  });

  it('answers null for a participant outside the condition, deleting nothing', async () => {
    expect(
      await deleteParticipantData(
        t.deps,
        participantId,
        'researcher',
        undefined,
        eq(studyParticipants.studyId, '00000000-0000-4000-8000-000000000000'),
      ),
    ).toBeNull();
    const [row] = await t.database.db
      .select({ withdrawnBy: studyParticipants.withdrawnBy })
      .from(studyParticipants)
      .where(eq(studyParticipants.id, participantId));
    expect(row?.withdrawnBy).toBe('participant');
  });
});
