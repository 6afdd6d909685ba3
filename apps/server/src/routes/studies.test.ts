import type { StudyDetail, StudySummary } from '@cogni/domain';
import { MESSAGES } from '@cogni/domain';
import * as digitSpan from '@cogni/domain/tasks/digit-span';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studies, studyVersions, users } from '../db/schema';
import { OWNS_STUDIES } from '../services/account/delete-account';
import { NO_SUCH_RESEARCHER } from '../services/studies/collaborators';
import { signUpAdmin, userIdOf } from '../testing/admin-fixtures';
import { createTestContext, type TestClient, type TestContext } from '../testing/test-app';
import { TEST_DATABASE_KINDS } from '../testing/test-database';

const SETTINGS = {
  name: 'Memory pilot',
  participantCap: 50,
  capturedParams: ['PROLIFIC_PID'],
  completionUrl: 'https://app.prolific.com/submissions/complete?cc=C0FFEE',
  declineMessage: 'Thank you all the same.',
  declineUrl: null,
};
const CONTENT = {
  title: 'Remembering digits',
  description: 'About **ten** minutes.',
  steps: [
    { kind: 'consent', title: 'Consent', text: 'You may stop at any time.' },
    { kind: 'task', title: 'Digits', testType: 'digitSpanTest', config: { forwardStartLength: 3 } },
    { kind: 'debrief', title: 'Thank you', text: 'The study measures working memory.' },
  ],
};

describe.each(TEST_DATABASE_KINDS)('the studies API on %s', (kind) => {
  let t: TestContext;
  let admin: TestClient;
  let owner: TestClient;
  let colleague: TestClient;
  let stranger: TestClient;
  let user: TestClient;
  const put = <T>(client: TestClient, path: string, body: unknown) =>
    client.request<T>('PUT', path, { body });
  const del = <T>(client: TestClient, path: string) => client.request<T>('DELETE', path);

  beforeAll(async () => {
    t = await createTestContext(kind);
    admin = await signUpAdmin(t, { email: 'admin@example.com' });
    const researcher = async (email: string) => {
      const client = await t.signUp({ email });
      await t.database.db.update(users).set({ role: 'researcher' }).where(eq(users.email, email));
      return client;
    };
    owner = await researcher('owner@example.com');
    colleague = await researcher('colleague@example.com');
    stranger = await researcher('stranger@example.com');
    user = await t.signUp({ email: 'user@example.com' });
  });
  afterAll(() => t.close());

  const create = async (
    client = owner,
    body: unknown = { settings: SETTINGS, content: CONTENT },
  ) => {
    const res = await client.post<{ study: StudyDetail }>('/api/studies', body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.study;
  };

  it('creates a draft study with its first version, its task steps resolved with their defaults', async () => {
    const study = await create();
    expect(study).toMatchObject({
      name: 'Memory pilot',
      state: 'draft',
      access: 'owner',
      version: 1,
    });
    expect(study.code).toMatch(/^[2-9a-hjkmnp-z]{12}$/);
    // The settings left out take their defaults: a code of each participant's own, no scores,
    // freed slots refilled, an hour of activity counted.
    expect(study.settings).toEqual({
      ...SETTINGS,
      completionCode: null,
      showScores: false,
      refill: true,
      activeMinutes: 60,
      panel: 'generic',
      panelIdParam: null,
      screenOutCode: null,
      dataset: { authors: [], license: '', keywords: [] },
    });
    expect(study.content.design).toEqual({ order: { scheme: 'fixed' }, arms: [], factors: [] });
    const task = study.content.steps[1];
    expect(task?.kind === 'task' && task.config).toEqual({
      ...digitSpan.DEFAULT_CONFIG,
      forwardStartLength: 3,
    });
    expect(study.versions).toHaveLength(1);
    expect(study.versions[0]?.contentHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a task setting out of its bounds, naming the step and the setting, and stores nothing', async () => {
    const before = await t.database.db.select().from(studies);
    const res = await owner.post('/api/studies', {
      settings: SETTINGS,
      content: { ...CONTENT, steps: [{ ...CONTENT.steps[1], config: { forwardStartLength: 99 } }] },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields)).toEqual([
      'content.steps.0.config.forwardStartLength',
    ]);
    const bad = await owner.post('/api/studies', {
      settings: { ...SETTINGS, completionUrl: 'javascript:alert(1)' },
      content: CONTENT,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('settings.completionUrl');
    expect(await t.database.db.select().from(studies)).toHaveLength(before.length);
  });

  it('edits the newest version in place until a participant starts it, then writes the next', async () => {
    const study = await create();
    const path = `/api/studies/${study.id}`;
    const edited = { ...CONTENT, title: 'Digits, backwards too' };
    const first = await put<{ study: StudyDetail }>(owner, path, {
      settings: SETTINGS,
      content: edited,
    });
    expect(first.status).toBe(200);
    expect(first.body.study.version).toBe(1);
    expect(first.body.study.content.title).toBe('Digits, backwards too');
    await t.database.db
      .update(studyVersions)
      .set({ firstStartedAt: new Date() })
      .where(eq(studyVersions.studyId, study.id));
    const same = await put<{ study: StudyDetail }>(owner, path, {
      settings: SETTINGS,
      content: edited,
    });
    expect(same.body.study.version).toBe(1);
    const second = await put<{ study: StudyDetail }>(owner, path, {
      settings: { ...SETTINGS, name: 'Memory main' },
      content: { ...edited, description: 'About 12 minutes.' },
    });
    expect(second.body.study).toMatchObject({ name: 'Memory main', version: 2 });
    expect(second.body.study.versions.map((v) => v.number)).toEqual([2, 1]);
    const [v1] = await t.database.db
      .select()
      .from(studyVersions)
      .where(eq(studyVersions.studyId, study.id));
    expect(v1?.content).toMatchObject({ title: 'Digits, backwards too' });
  });

  it('moves between states, never back to draft', async () => {
    const study = await create();
    const state = (s: string) => owner.post(`/api/studies/${study.id}/state`, { state: s });
    expect((await state('open')).body.study.state).toBe('open');
    expect((await state('paused')).body.study.state).toBe('paused');
    const back = await state('draft');
    expect(back.status).toBe(409);
    expect(back.body.error.message).toBe('A paused study cannot become draft');
    expect((await state('closed')).body.study.state).toBe('closed');
    expect((await state('gone')).status).toBe(400);
  });

  it('shows each researcher their own and shared studies only, and admins every study', async () => {
    const mine = await create();
    const theirs = await create(stranger, {
      settings: { ...SETTINGS, name: 'Stranger’s' },
      content: CONTENT,
    });
    const add = await owner.post<{ study: StudyDetail }>(`/api/studies/${mine.id}/collaborators`, {
      email: 'Colleague@Example.com ',
    });
    expect(add.status).toBe(200);
    expect(add.body.study.collaborators.map((c) => c.email)).toEqual(['colleague@example.com']);

    const idsOf = async (client: TestClient) =>
      (await client.get<{ studies: StudySummary[] }>('/api/studies')).body.studies.map((s) => s.id);
    expect(await idsOf(colleague)).toEqual([mine.id]);
    expect(await idsOf(owner)).toContain(mine.id);
    expect(await idsOf(owner)).not.toContain(theirs.id);
    expect(await idsOf(admin)).toEqual(expect.arrayContaining([mine.id, theirs.id]));

    // A collaborator manages the study but neither deletes it nor changes who collaborates.
    expect((await colleague.get(`/api/studies/${mine.id}`)).body.study.access).toBe('collaborator');
    expect(
      (await put(colleague, `/api/studies/${mine.id}`, { settings: SETTINGS, content: CONTENT }))
        .status,
    ).toBe(200);
    expect((await del(colleague, `/api/studies/${mine.id}`)).status).toBe(403);
    expect(
      (
        await colleague.post(`/api/studies/${mine.id}/collaborators`, {
          email: 'stranger@example.com',
        })
      ).status,
    ).toBe(403);
    // Someone else's study does not exist for a researcher.
    for (const [method, path, body] of [
      ['GET', `/api/studies/${theirs.id}`, undefined],
      ['PUT', `/api/studies/${theirs.id}`, { settings: SETTINGS, content: CONTENT }],
      ['DELETE', `/api/studies/${theirs.id}`, undefined],
      ['POST', `/api/studies/${theirs.id}/state`, { state: 'open' }],
      ['GET', `/api/studies/${theirs.id}/codes`, undefined],
      ['POST', `/api/studies/${theirs.id}/codes`, { count: 1, label: '' }],
    ] as const) {
      const res = await owner.request(method, path, { body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error.message).toBe('Study not found');
    }
    // A user who is not a researcher may not add anyone, nor be added.
    const notResearcher = await owner.post(`/api/studies/${mine.id}/collaborators`, {
      email: 'user@example.com',
    });
    expect(notResearcher.status).toBe(404);
    expect(notResearcher.body.error.message).toBe(NO_SUCH_RESEARCHER.message);
    const removed = await del<{ study: StudyDetail }>(
      owner,
      `/api/studies/${mine.id}/collaborators/${await userIdOf(t.database.db, 'colleague@example.com')}`,
    );
    expect(removed.body.study.collaborators).toEqual([]);
    expect((await colleague.get(`/api/studies/${mine.id}`)).status).toBe(404);
  });

  it('refuses visitors with 401 and users with 403 on every route, before reading the body', async () => {
    const study = await create();
    const visitor = t.client();
    for (const [method, path] of [
      ['GET', '/api/studies'],
      ['POST', '/api/studies'],
      ['GET', `/api/studies/${study.id}`],
      ['PUT', `/api/studies/${study.id}`],
      ['DELETE', `/api/studies/${study.id}`],
      ['POST', `/api/studies/${study.id}/state`],
      ['POST', `/api/studies/${study.id}/collaborators`],
      ['PUT', `/api/studies/${study.id}/owner`],
      ['GET', `/api/studies/${study.id}/codes`],
      ['GET', `/api/studies/${study.id}/codes.csv`],
      ['POST', `/api/studies/${study.id}/codes`],
    ] as const) {
      const body = method === 'GET' ? undefined : { junk: true };
      expect((await visitor.request(method, path, { body })).status, `${method} ${path}`).toBe(401);
      const refused = await user.request(method, path, { body });
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body.error.message).toBe(MESSAGES.researcherNoPrivileges.message);
    }
  });

  it('makes personal codes with a label, lists them and gives them as CSV', async () => {
    const study = await create();
    const made = await owner.post<{ codes: { code: string; label: string }[] }>(
      `/api/studies/${study.id}/codes`,
      { count: 3, label: 'Ward 4' },
    );
    expect(made.status).toBe(201);
    expect(made.body.codes).toHaveLength(3);
    expect(new Set(made.body.codes.map((c) => c.code)).size).toBe(3);
    const listed = await owner.get(`/api/studies/${study.id}/codes`);
    expect(listed.body.codes.map((c: { code: string }) => c.code)).toEqual(
      made.body.codes.map((c) => c.code),
    );
    const csv = await owner.get<string>(`/api/studies/${study.id}/codes.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = String(csv.body).trim().split(/\r?\n/);
    expect(lines[0]).toBe('code,label,link,createdAt,usedAt');
    expect(lines[1]).toContain(`Ward 4,/s/${study.code}/${made.body.codes[0]?.code}`);
    for (const count of [0, 1001, 1.5, '3']) {
      expect(
        (await owner.post(`/api/studies/${study.id}/codes`, { count, label: '' })).status,
      ).toBe(400);
    }
  });

  it('lets an admin give a study to another researcher; an owner of studies cannot delete their account', async () => {
    const study = await create(stranger, { settings: SETTINGS, content: CONTENT });
    const refused = await stranger.request('DELETE', '/api/me', {
      body: { password: 'analytical engine 1843' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(OWNS_STUDIES.message);
    expect(
      (
        await put(stranger, `/api/studies/${study.id}/owner`, {
          userId: await userIdOf(t.database.db, 'owner@example.com'),
        })
      ).status,
    ).toBe(403);
    const given = await put<{ study: StudyDetail }>(admin, `/api/studies/${study.id}/owner`, {
      userId: await userIdOf(t.database.db, 'owner@example.com'),
    });
    expect(given.status).toBe(200);
    expect(given.body.study.collaborators.map((c) => c.email)).toEqual(['stranger@example.com']);
    expect((await owner.get(`/api/studies/${study.id}`)).body.study.access).toBe('owner');
    const toUser = await put(admin, `/api/studies/${study.id}/owner`, {
      userId: await userIdOf(t.database.db, 'user@example.com'),
    });
    expect(toUser.status).toBe(404);
  });
});
