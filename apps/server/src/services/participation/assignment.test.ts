import {
  assignCell,
  createRng,
  listCells,
  type StudyContent,
  StudyContentSchema,
  StudySettingsSchema,
  type User,
} from '@cogni/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studyAssignments, studyParticipants } from '../../db/schema';
import { insertResearcher } from '../../testing/admin-fixtures';
import { THREE_TASK_STEPS } from '../../testing/study-fixtures';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { TEST_DATABASE_KINDS } from '../../testing/test-database';
import { changeStudyState, createStudy } from '../studies/studies';
import { STUDY_FULL, startParticipation, startPreview } from './participation';

const SETTINGS = StudySettingsSchema.parse({
  name: 'Assignment',
  participantCap: null,
  capturedParams: [],
  completionUrl: null,
  declineMessage: '',
  declineUrl: null,
  completionCode: null,
  showScores: false,
  refill: true,
  activeMinutes: 60,
});

/** Consent, three tasks to order, a debrief; two arms; the response mapping balanced. */
const CONTENT = StudyContentSchema.parse({
  title: 'Designed',
  description: '',
  steps: THREE_TASK_STEPS,
  design: {
    order: { scheme: 'latinSquare', group: { first: 1, last: 3 } },
    arms: [
      { key: 'wide', label: 'Levels 1-3', settings: { '2': { levels: '1-3' } } },
      { key: 'two', label: '2-back only', settings: { '2': { levels: '2' } } },
    ],
    factors: ['responseMapping'],
  },
});
/** 2 arms x 6 rows (three tasks: the square and its mirror) x 2 levels. */
const CELLS = listCells(CONTENT.design);

/** Minutes past the study's time-out, so the participants not completed stop counting. */
const PAST_TIME_OUT_MS = (SETTINGS.activeMinutes + 1) * 60_000;

/**
 * Assignment in the start's transaction (ADR 041): participants arriving concurrently with
 * random drop-outs, on both databases; every assignment explained by its log row.
 */
describe.each(TEST_DATABASE_KINDS)('assignment to a design’s cells on %s', (kind) => {
  let t: TestContext;
  let researcher: User;

  beforeAll(async () => {
    t = await createTestContext(kind);
    researcher = await insertResearcher(t.database.db, 'a@example.com');
  });
  afterAll(() => t.close());

  async function openStudy(content: StudyContent, settings = SETTINGS) {
    const study = await createStudy(t.deps, researcher, { settings, content });
    await changeStudyState(t.deps, researcher, study.id, 'open');
    return study;
  }

  /** Starts `n` participants at once; the ids of those who got in and how many were refused. */
  async function arrive(code: string, n: number) {
    const results = await Promise.allSettled(
      Array.from({ length: n }, () => startParticipation(t.deps, code, { params: {} })),
    );
    const ids: string[] = [];
    let full = 0;
    for (const result of results) {
      if (result.status === 'fulfilled') ids.push(result.value.participant.id);
      else if ((result.reason as Error).message === STUDY_FULL.message) full += 1;
      else throw result.reason;
    }
    return { ids, full };
  }

  const completedPerCell = async (studyId: string) => {
    const rows = await t.database.db
      .select({ cellKey: studyParticipants.cellKey, state: studyParticipants.state })
      .from(studyParticipants)
      .where(eq(studyParticipants.studyId, studyId));
    const counts = new Map(CELLS.map((c) => [c.key, 0]));
    for (const row of rows) {
      if (row.state === 'completed') counts.set(row.cellKey, (counts.get(row.cellKey) ?? 0) + 1);
    }
    return [...counts.values()];
  };

  it('keeps the completed participants of every cell within one of each other after drop-outs are refilled, and logs why each got their cell', async () => {
    const study = await openStudy(CONTENT);
    const random = createRng(`drop-outs on ${kind}`);
    let arrived = 0;
    // Waves of participants starting at once; about one in four drops out, the others
    // complete; then time passes beyond the time-out, and the drop-outs stop counting.
    for (let wave = 0; wave < 40; wave++) {
      const { ids, full } = await arrive(study.code, 25);
      expect(full).toBe(0);
      arrived += ids.length;
      const completing = ids.filter(() => random() >= 0.25);
      if (completing.length > 0) {
        await t.database.db
          .update(studyParticipants)
          .set({ state: 'completed', finishedAt: t.deps.now() })
          .where(inArray(studyParticipants.id, completing));
      }
      t.clock.offsetMs += PAST_TIME_OUT_MS;
    }
    // Then people keep coming and all complete, one at a time, until the cells are even: each
    // goes to a least-filled cell, so that takes no more arrivals than the cells lack.
    const before = await completedPerCell(study.id);
    const lacking = before.reduce((sum, n) => sum + (Math.max(...before) - n), 0);
    for (let i = 0; i < lacking; i++) {
      const { ids } = await arrive(study.code, 1);
      await t.database.db
        .update(studyParticipants)
        .set({ state: 'completed' })
        .where(inArray(studyParticipants.id, ids));
      arrived += 1;
    }
    const after = await completedPerCell(study.id);
    expect(Math.max(...after) - Math.min(...after)).toBeLessThanOrEqual(1);
    expect(after.reduce((a, b) => a + b, 0)).toBeGreaterThan(700);

    // Every participant has one log row, and the log explains the choice: the counts it saw
    // give the same cell again with its seed, and that cell was among the least filled.
    const log = await t.database.db
      .select()
      .from(studyAssignments)
      .where(eq(studyAssignments.studyId, study.id));
    expect(log).toHaveLength(arrived);
    const participants = await t.database.db
      .select({ id: studyParticipants.id, cellKey: studyParticipants.cellKey })
      .from(studyParticipants)
      .where(eq(studyParticipants.studyId, study.id));
    const cellOf = new Map(participants.map((p) => [p.id, p.cellKey]));
    for (const row of log) {
      const counts = row.counts as Record<string, number>;
      expect(cellOf.get(row.participantId)).toBe(row.cellKey);
      expect(row.rule).toBe('least-filled-per-weight-at-random/1');
      const replayed = assignCell(CONTENT.design, counts, createRng(row.seed));
      expect(replayed?.key).toBe(row.cellKey);
      expect(counts[row.cellKey]).toBe(Math.min(...Object.values(counts)));
    }
  }, 300_000);

  it('gives an arm’s last slot to exactly one of the participants starting at once', async () => {
    const content = StudyContentSchema.parse({
      ...CONTENT,
      design: { arms: [{ key: 'only', label: 'Only', target: 7 }] },
    });
    const study = await openStudy(content);
    const first = await arrive(study.code, 5);
    expect(first.ids).toHaveLength(5);
    // Two slots left, twenty at once: two get in, eighteen are told the study is full.
    const rush = await arrive(study.code, 20);
    expect(rush.ids).toHaveLength(2);
    expect(rush.full).toBe(18);
    const log = await t.database.db
      .select()
      .from(studyAssignments)
      .where(eq(studyAssignments.studyId, study.id));
    expect(
      log.map((row) => (row.counts as Record<string, number>)['arm=only|row=-']).sort(),
    ).toEqual([0, 1, 2, 3, 4, 5, 6]);
    // A researcher's preview still runs the full study, and counts for nothing.
    await startPreview(t.deps, researcher, study.id);
    expect((await arrive(study.code, 1)).full).toBe(1);
    // A participant who stops counting (not seen past the time-out) frees a slot.
    t.clock.offsetMs += PAST_TIME_OUT_MS;
    expect((await arrive(study.code, 3)).ids).toHaveLength(3);
  });

  it('keeps every assigned participant counting when refilling is off', async () => {
    const content = StudyContentSchema.parse({
      ...CONTENT,
      design: { arms: [{ key: 'only', label: 'Only', target: 4 }] },
    });
    const study = await openStudy(content, { ...SETTINGS, refill: false });
    expect((await arrive(study.code, 4)).ids).toHaveLength(4);
    t.clock.offsetMs += PAST_TIME_OUT_MS;
    expect((await arrive(study.code, 2)).full).toBe(2);
  });

  it('frees the slots of those who stopped or withdrew when refilling, and keeps them counting when not', async () => {
    const content = StudyContentSchema.parse({
      ...CONTENT,
      design: { arms: [{ key: 'only', label: 'Only', target: 3 }] },
    });
    for (const refill of [true, false]) {
      const study = await openStudy(content, { ...SETTINGS, refill });
      const { ids } = await arrive(study.code, 3);
      expect(ids).toHaveLength(3);
      // Seen a moment ago, so only their state can free their slots.
      await t.database.db
        .update(studyParticipants)
        .set({ state: 'stopped', lastSeenAt: t.deps.now() })
        .where(eq(studyParticipants.id, ids[0] ?? ''));
      await t.database.db
        .update(studyParticipants)
        .set({ state: 'withdrawn', lastSeenAt: t.deps.now(), withdrawnAt: t.deps.now() })
        .where(eq(studyParticipants.id, ids[1] ?? ''));
      const after = await arrive(study.code, 3);
      expect(after.ids, `refill ${refill}`).toHaveLength(refill ? 2 : 0);
      expect(after.full, `refill ${refill}`).toBe(refill ? 1 : 3);
    }
  });

  it('orders the participant’s steps by their row and sets the arm’s and the mapping’s settings', async () => {
    const study = await openStudy(CONTENT);
    const { ids } = await arrive(study.code, 12);
    const rows = await t.database.db
      .select()
      .from(studyParticipants)
      .where(inArray(studyParticipants.id, ids));
    expect(new Set(rows.map((row) => row.cellKey)).size).toBe(12);
    for (const row of rows) {
      expect(row.stepOrder[0]).toBe(0);
      expect(row.stepOrder.at(-1)).toBe(4);
      expect([...row.stepOrder].sort()).toEqual([0, 1, 2, 3, 4]);
      const cell = CELLS.find((c) => c.key === row.cellKey);
      expect(cell?.cell).toEqual({
        arm: row.arm,
        orderRow: row.orderRow,
        levels: row.factorLevels,
      });
    }
  });
});
