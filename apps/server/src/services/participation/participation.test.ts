import { StudyContentSchema, StudySettingsSchema, type User } from '@cogni/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  studies,
  studyCodes,
  studyParticipants,
  studyParticipantTokens,
  studyVersions,
} from '../../db/schema';
import { insertResearcher } from '../../testing/admin-fixtures';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { TEST_DATABASE_KINDS } from '../../testing/test-database';
import { changeStudyState, createStudy } from '../studies/studies';
import { createStudyCodes } from '../studies/study-codes';
import {
  CODE_UNKNOWN,
  estimateStudyMs,
  getLanding,
  hashToken,
  PARTICIPATION_UNKNOWN,
  participantParams,
  readParticipant,
  STUDY_FULL,
  STUDY_NOT_OPEN,
  STUDY_UNAVAILABLE,
  startParticipation,
} from './participation';

const SETTINGS = StudySettingsSchema.parse({
  name: 'Participation',
  participantCap: 3,
  capturedParams: ['PROLIFIC_PID', 'STUDY_ID'],
  completionUrl: 'https://app.prolific.com/submissions/complete?cc=C0DE&pid={PROLIFIC_PID}',
  declineMessage: '',
  declineUrl: null,
  completionCode: null,
  showScores: false,
  refill: true,
  activeMinutes: 60,
});
const CONTENT = {
  title: 'Taking part',
  description: 'A short study.',
  steps: [
    { kind: 'consent', title: 'Consent', text: 'Agree?' },
    { kind: 'task', title: 'Digits', testType: 'digitSpanTest', config: {} },
    { kind: 'debrief', title: 'Thanks', text: 'Done.' },
  ],
};

/** Participation (ADR 040, step b): the landing page, starting, the token, the cap, codes. */
describe.each(TEST_DATABASE_KINDS)('participation on %s', (kind) => {
  let t: TestContext;
  let researcher: User;

  beforeAll(async () => {
    t = await createTestContext(kind);
    researcher = await insertResearcher(t.database.db, 'r@example.com');
  });
  afterAll(() => t.close());

  const newStudy = async () => {
    return createStudy(t.deps, researcher, {
      settings: SETTINGS,
      content: StudyContentSchema.parse(CONTENT),
    });
  };

  it('shows a draft or unknown study as unavailable, and an open one with its estimate', async () => {
    const study = await newStudy();
    await expect(getLanding(t.deps, study.code)).rejects.toThrow(STUDY_UNAVAILABLE.message);
    await expect(getLanding(t.deps, 'nonexistent1')).rejects.toThrow(STUDY_UNAVAILABLE.message);
    await expect(getLanding(t.deps, '<script>')).rejects.toThrow(STUDY_UNAVAILABLE.message);
    await changeStudyState(t.deps, researcher, study.id, 'open');
    const landing = await getLanding(t.deps, study.code);
    expect(landing).toMatchObject({ title: 'Taking part', steps: 3, availability: 'open' });
    expect(landing.estimatedMs).toBe(estimateStudyMs(study.content));
    expect(landing.estimatedMs).toBeGreaterThan(2 * 60_000);
  });

  it('starts participants with their captured parameters up to the cap, then says the study is full', async () => {
    const study = await newStudy();
    await expect(startParticipation(t.deps, study.code, { params: {} })).rejects.toThrow(
      STUDY_UNAVAILABLE.message,
    );
    await changeStudyState(t.deps, researcher, study.id, 'open');
    const first = await startParticipation(t.deps, study.code, {
      params: { PROLIFIC_PID: 'p-1', STUDY_ID: 's', other: 'dropped', SESSION_ID: 'x'.repeat(500) },
    });
    expect(await participantParams(t.deps, first.participant.id)).toEqual({
      PROLIFIC_PID: 'p-1',
      STUDY_ID: 's',
    });
    expect(first.token.length).toBeGreaterThanOrEqual(43);
    const read = await readParticipant(t.deps, study.code, first.token);
    expect(read.participant.id).toBe(first.participant.id);
    await expect(readParticipant(t.deps, study.code, 'forged')).rejects.toThrow(
      PARTICIPATION_UNKNOWN.message,
    );
    await expect(readParticipant(t.deps, 'othercode234', first.token)).rejects.toThrow(
      PARTICIPATION_UNKNOWN.message,
    );
    const [version] = await t.database.db
      .select()
      .from(studyVersions)
      .where(eq(studyVersions.studyId, study.id));
    expect(version?.firstStartedAt).not.toBeNull();
    // Only the token's hash is stored: no row holds the token itself.
    const tokens = await t.database.db
      .select()
      .from(studyParticipantTokens)
      .where(eq(studyParticipantTokens.participantId, first.participant.id));
    expect(tokens.map((row) => row.tokenHash)).toEqual([hashToken(first.token)]);
    expect(JSON.stringify(tokens)).not.toContain(first.token);

    await Promise.all([
      startParticipation(t.deps, study.code, { params: {} }),
      startParticipation(t.deps, study.code, { params: {} }),
    ]);
    await expect(startParticipation(t.deps, study.code, { params: {} })).rejects.toThrow(
      STUDY_FULL.message,
    );
    expect((await getLanding(t.deps, study.code)).availability).toBe('full');
    await changeStudyState(t.deps, researcher, study.id, 'paused');
    await expect(startParticipation(t.deps, study.code, { params: {} })).rejects.toThrow(
      STUDY_NOT_OPEN.message,
    );
  });

  it('uses a personal code once: two starts at once make one participant, who resumes anywhere', async () => {
    const study = await newStudy();
    await t.database.db
      .update(studies)
      .set({ participantCap: null })
      .where(eq(studies.id, study.id));
    await changeStudyState(t.deps, researcher, study.id, 'open');
    const [code] = await createStudyCodes(t.deps, researcher, study.id, {
      count: 1,
      label: 'Ward 4',
    });
    const personalCode = code?.code ?? '';
    const [a, b] = await Promise.all([
      startParticipation(t.deps, study.code, { params: {}, personalCode }),
      startParticipation(t.deps, study.code, { params: {}, personalCode }),
    ]);
    expect(a.participant.id).toBe(b.participant.id);
    expect(a.token).not.toBe(b.token);
    const later = await startParticipation(t.deps, study.code, { params: {}, personalCode });
    expect(later.participant.id).toBe(a.participant.id);
    for (const token of [a.token, b.token, later.token]) {
      expect((await readParticipant(t.deps, study.code, token)).participant.id).toBe(
        a.participant.id,
      );
    }
    const participants = await t.database.db
      .select()
      .from(studyParticipants)
      .where(eq(studyParticipants.studyId, study.id));
    expect(participants).toHaveLength(1);
    const [used] = await t.database.db
      .select()
      .from(studyCodes)
      .where(eq(studyCodes.studyId, study.id));
    expect(used?.usedAt).not.toBeNull();
    await expect(
      startParticipation(t.deps, study.code, { params: {}, personalCode: 'notacode2345' }),
    ).rejects.toThrow(CODE_UNKNOWN.message);
  });
});
