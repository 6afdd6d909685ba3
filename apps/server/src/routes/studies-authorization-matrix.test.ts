import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studyCollaborators, studyExportJobs, studyParticipants, users } from '../db/schema';
import { exportDirOf } from '../services/studies/export-jobs';
import { insertUser } from '../testing/admin-fixtures';
import { signInDirectly } from '../testing/api-fuzz';
import { DEVICE_INFO, MEASUREMENT } from '../testing/fixture-run';
import { joinStudy, openStudy, STUDY_CONTENT } from '../testing/study-fixtures';
import type { TestClient, TestContext } from '../testing/test-app';
import { createTestContext } from '../testing/test-app';
import { TEST_DATABASE_KINDS } from '../testing/test-database';

/**
 * Who may call what on the studies and participation APIs (ADR 040, ASVS 8.2.1-8.2.2): every
 * /api/studies and /api/participation route, taken from the router, called as a visitor, a
 * user, the study's owner, a collaborator on it, another researcher, an admin, a participant
 * of the study and a participant of another study. A route added without a row fails the first
 * test.
 */

type Role =
  | 'anonymous'
  | 'user'
  | 'owner'
  | 'collaborator'
  | 'otherResearcher'
  | 'admin'
  | 'participant'
  | 'otherParticipant';
const USER_ROLES: readonly UserRole[] = [
  'user',
  'owner',
  'collaborator',
  'otherResearcher',
  'admin',
];
const ROLES: readonly Role[] = [
  'anonymous',
  'user',
  'owner',
  'collaborator',
  'otherResearcher',
  'admin',
  'participant',
  'otherParticipant',
];
type UserRole = Exclude<Role, 'anonymous' | 'participant' | 'otherParticipant'>;

type Fixture = {
  ids: Record<UserRole | 'extra', string>;
  studyId: string;
  /** The open study the participant takes part in, and the participant's run of its task. */
  openStudyId: string;
  openCode: string;
  participantId: string;
  runId: string;
  /** A done export job of the open study, made by the first call that needs it. */
  jobId?: string;
  /** A study per role for the calls that delete it. */
  deletable: Record<Role, string>;
};

type Case = {
  path: (f: Fixture, role: Role) => string;
  body?: (f: Fixture) => unknown;
  /** Puts back what an earlier role's call changed. */
  prepare?: (t: TestContext, f: Fixture) => Promise<void>;
  expect: Record<Role, number>;
};

/** A participant holds no session: every user route is a 401 to them. */
const NOT_USERS = { participant: 401, otherParticipant: 401 } as const;
/** Studies the owner and collaborator manage, admins too; another researcher sees none. */
const MANAGERS = (ok: number): Record<Role, number> => ({
  anonymous: 401,
  user: 403,
  owner: ok,
  collaborator: ok,
  otherResearcher: 404,
  admin: ok,
  ...NOT_USERS,
});
/** Only the owner or an admin; a collaborator sees the study but may not. */
const OWNERS = (ok: number) => ({ ...MANAGERS(ok), collaborator: 403 });
const RESEARCHERS = (ok: number): Record<Role, number> => ({
  anonymous: 401,
  user: 403,
  owner: ok,
  collaborator: ok,
  otherResearcher: ok,
  admin: ok,
  ...NOT_USERS,
});
/**
 * The participant's own participation: no user's session opens it, the researcher's included
 * (their view of it is the dashboard's), and neither does another study's participant.
 */
const PARTICIPANT = (ok: number): Record<Role, number> => ({
  anonymous: 401,
  user: 401,
  owner: 401,
  collaborator: 401,
  otherResearcher: 401,
  admin: 401,
  participant: ok,
  otherParticipant: 401,
});
const EVERYONE = (ok: number): Record<Role, number> => ({
  ...PARTICIPANT(ok),
  anonymous: ok,
  user: ok,
  owner: ok,
  collaborator: ok,
  otherResearcher: ok,
  admin: ok,
  otherParticipant: ok,
});

const STUDY = {
  settings: {
    name: 'Matrix',
    participantCap: null,
    capturedParams: [],
    completionUrl: null,
    declineMessage: '',
    declineUrl: null,
  },
  content: {
    title: 'Matrix',
    description: '',
    steps: [{ kind: 'info', title: 'Hi', text: 'Hello' }],
  },
};

const MATRIX: Record<string, Case> = {
  'GET /api/studies': { path: () => '/api/studies', expect: RESEARCHERS(200) },
  'POST /api/studies': { path: () => '/api/studies', body: () => STUDY, expect: RESEARCHERS(201) },
  'GET /api/studies/:id': { path: (f) => `/api/studies/${f.studyId}`, expect: MANAGERS(200) },
  'PUT /api/studies/:id': {
    path: (f) => `/api/studies/${f.studyId}`,
    body: () => STUDY,
    expect: MANAGERS(200),
  },
  'DELETE /api/studies/:id': {
    path: (f, role) => `/api/studies/${f.deletable[role]}`,
    expect: OWNERS(204),
  },
  'POST /api/studies/:id/state': {
    path: (f) => `/api/studies/${f.studyId}/state`,
    body: () => ({ state: 'open' }),
    expect: MANAGERS(200),
  },
  'POST /api/studies/:id/collaborators': {
    path: (f) => `/api/studies/${f.studyId}/collaborators`,
    body: () => ({ email: 'extra@example.com' }),
    expect: OWNERS(200),
  },
  'DELETE /api/studies/:id/collaborators/:userId': {
    path: (f) => `/api/studies/${f.studyId}/collaborators/${f.ids.extra}`,
    prepare: async (t, f) => {
      await t.database.db
        .insert(studyCollaborators)
        .values({ studyId: f.studyId, userId: f.ids.extra })
        .onConflictDoNothing();
    },
    expect: OWNERS(200),
  },
  'PUT /api/studies/:id/owner': {
    path: (f) => `/api/studies/${f.studyId}/owner`,
    // To its own owner: the call is allowed or refused, and the study stays where it is. Only
    // admins give studies away, so every researcher is refused whatever the study.
    body: (f) => ({ userId: f.ids.owner }),
    expect: { ...OWNERS(403), otherResearcher: 403, admin: 200 },
  },
  'GET /api/studies/:id/codes': {
    path: (f) => `/api/studies/${f.studyId}/codes`,
    expect: MANAGERS(200),
  },
  'GET /api/studies/:id/codes.csv': {
    path: (f) => `/api/studies/${f.studyId}/codes.csv`,
    expect: MANAGERS(200),
  },
  'POST /api/studies/:id/codes': {
    path: (f) => `/api/studies/${f.studyId}/codes`,
    body: () => ({ count: 2, label: 'matrix' }),
    expect: MANAGERS(201),
  },
  'POST /api/studies/:id/preview': {
    path: (f) => `/api/studies/${f.studyId}/preview`,
    expect: MANAGERS(201),
  },
  'GET /api/studies/:id/dashboard': {
    path: (f) => `/api/studies/${f.openStudyId}/dashboard`,
    expect: MANAGERS(200),
  },
  'POST /api/studies/:id/participants/:participantId/exclude': {
    path: (f) => `/api/studies/${f.openStudyId}/participants/${f.participantId}/exclude`,
    body: () => ({ excluded: false }),
    expect: MANAGERS(200),
  },
  'GET /api/studies/:id/participants/find': {
    path: (f) => `/api/studies/${f.openStudyId}/participants/find?q=${f.participantId}`,
    expect: MANAGERS(200),
  },
  'GET /api/studies/:id/export': {
    path: (f) => `/api/studies/${f.openStudyId}/export?format=csv&table=trials`,
    expect: MANAGERS(200),
  },
  'GET /api/studies/:id/export/dictionary': {
    path: (f) => `/api/studies/${f.openStudyId}/export/dictionary?format=json&table=participants`,
    expect: MANAGERS(200),
  },
  'GET /api/studies/:id/export/counts': {
    path: (f) => `/api/studies/${f.openStudyId}/export/counts`,
    expect: MANAGERS(200),
  },
  'GET /api/studies/:id/dataset': {
    path: (f) => `/api/studies/${f.openStudyId}/dataset`,
    expect: MANAGERS(200),
  },
  'POST /api/studies/:id/export-jobs': {
    path: (f) => `/api/studies/${f.openStudyId}/export-jobs`,
    body: () => ({ kind: 'participants' }),
    // One job of a kind at a time: the one an earlier role made is taken away.
    prepare: async (t, f) => {
      await t.database.db
        .delete(studyExportJobs)
        .where(
          and(
            eq(studyExportJobs.studyId, f.openStudyId),
            inArray(studyExportJobs.state, ['queued', 'running']),
          ),
        );
    },
    expect: MANAGERS(201),
  },
  'GET /api/studies/:id/export-jobs': {
    path: (f) => `/api/studies/${f.openStudyId}/export-jobs`,
    expect: MANAGERS(200),
  },
  'GET /api/studies/:id/export-jobs/:jobId/file': {
    path: (f) => `/api/studies/${f.openStudyId}/export-jobs/${f.jobId}/file`,
    prepare: doneJob,
    expect: MANAGERS(200),
  },
  'GET /api/participation/:code': {
    path: (f) => `/api/participation/${f.openCode}`,
    expect: EVERYONE(200),
  },
  'POST /api/participation/:code/start': {
    path: (f) => `/api/participation/${f.openCode}/start`,
    body: () => ({ params: {} }),
    expect: EVERYONE(201),
  },
  'GET /api/participation/:code/me': {
    path: (f) => `/api/participation/${f.openCode}/me`,
    expect: PARTICIPANT(200),
  },
  'POST /api/participation/:code/consent': {
    path: (f) => `/api/participation/${f.openCode}/consent`,
    body: () => ({ agree: true }),
    prepare: (t, f) => onStep(t, f, 0),
    expect: PARTICIPANT(200),
  },
  'POST /api/participation/:code/steps/:index/done': {
    path: (f) => `/api/participation/${f.openCode}/steps/1/done`,
    body: () => ({}),
    prepare: (t, f) => onStep(t, f, 1),
    expect: PARTICIPANT(200),
  },
  'POST /api/participation/:code/steps/:index/run': {
    path: (f) => `/api/participation/${f.openCode}/steps/2/run`,
    body: () => ({ deviceInfo: DEVICE_INFO, measurement: MEASUREMENT }),
    prepare: (t, f) => onStep(t, f, 2),
    // The step's run begun in the fixture: resumed.
    expect: PARTICIPANT(200),
  },
  'POST /api/participation/:code/finish': {
    path: (f) => `/api/participation/${f.openCode}/finish`,
    body: () => ({}),
    prepare: (t, f) => onStep(t, f, STUDY_CONTENT.steps.length),
    expect: PARTICIPANT(200),
  },
  'GET /api/participation/:code/runs/:id': {
    path: (f) => `/api/participation/${f.openCode}/runs/${f.runId}`,
    expect: PARTICIPANT(200),
  },
  'GET /api/participation/:code/runs/:id/trials': {
    path: (f) => `/api/participation/${f.openCode}/runs/${f.runId}/trials`,
    expect: PARTICIPANT(200),
  },
  'PUT /api/participation/:code/runs/:id/trials/:phase/:block/:trialNumber': {
    path: (f) => `/api/participation/${f.openCode}/runs/${f.runId}/trials/nothing/0/0`,
    body: () => ({}),
    // Allowed to the participant: the request reaches validation (an unknown phase).
    expect: PARTICIPANT(400),
  },
  'PUT /api/participation/:code/runs/:id/trials/:phase/:trialNumber': {
    path: (f) => `/api/participation/${f.openCode}/runs/${f.runId}/trials/nothing/0`,
    body: () => ({}),
    expect: PARTICIPANT(400),
  },
  'POST /api/participation/:code/runs/:id/complete': {
    path: (f) => `/api/participation/${f.openCode}/runs/${f.runId}/complete`,
    body: () => ({}),
    // Allowed to the participant: refused only because no trial is saved.
    expect: PARTICIPANT(409),
  },
  // Last, as they end the fixture's participation or delete its run: each call starts again
  // from the participant taking part.
  'POST /api/participation/:code/stop': {
    path: (f) => `/api/participation/${f.openCode}/stop`,
    prepare: (t, f) => onStep(t, f, 2),
    expect: PARTICIPANT(200),
  },
  'POST /api/participation/:code/withdraw': {
    path: (f) => `/api/participation/${f.openCode}/withdraw`,
    prepare: (t, f) => onStep(t, f, 2),
    expect: PARTICIPANT(200),
  },
  'POST /api/studies/:id/participants/:participantId/delete': {
    path: (f) => `/api/studies/${f.openStudyId}/participants/${f.participantId}/delete`,
    prepare: (t, f) => onStep(t, f, 2),
    expect: MANAGERS(200),
  },
};

/** A done export job of the open study with its file, made once. */
async function doneJob(t: TestContext, f: Fixture): Promise<void> {
  if (f.jobId) return;
  const id = randomUUID();
  const now = t.deps.now();
  await t.database.db.insert(studyExportJobs).values({
    id,
    studyId: f.openStudyId,
    requestedBy: f.ids.owner,
    kind: 'participants',
    state: 'done',
    fileName: 'matrix-participants.csv',
    bytes: 3,
    finishedAt: now,
    expiresAt: new Date(now.getTime() + 60 * 60 * 1000),
  });
  await writeFile(path.join(exportDirOf(t.deps.config), id), 'a\r\n');
  f.jobId = id;
}

/** Puts the fixture participant back on step `index`, taking part. */
async function onStep(t: TestContext, f: Fixture, index: number): Promise<void> {
  await t.database.db
    .update(studyParticipants)
    .set({ state: index === 0 ? 'started' : 'consented', stepsDone: index, finishedAt: null })
    .where(eq(studyParticipants.id, f.participantId));
}

const OPEN_STUDY = { settings: STUDY.settings, content: STUDY_CONTENT };

describe.each(TEST_DATABASE_KINDS)('the studies authorization matrix on %s', (kind) => {
  let t: TestContext;
  let fixture: Fixture;
  let exportDir: string;
  const clients = {} as Record<Role, TestClient>;

  beforeAll(async () => {
    exportDir = await mkdtemp(path.join(tmpdir(), 'cogni-matrix-exports-'));
    t = await createTestContext(kind, { EXPORT_DIR: exportDir });
    const db = t.database.db;
    const make = (email: string, role: 'user' | 'researcher' | 'admin') =>
      insertUser(db, { email, role });
    const ids = {
      user: await make('user@example.com', 'user'),
      owner: await make('owner@example.com', 'researcher'),
      collaborator: await make('collaborator@example.com', 'researcher'),
      otherResearcher: await make('other@example.com', 'researcher'),
      admin: await make('admin@example.com', 'admin'),
      extra: await make('extra@example.com', 'researcher'),
    };
    clients.anonymous = t.client();
    for (const role of USER_ROLES) clients[role] = await signInDirectly(t, ids[role]);
    const create = async () => {
      const res = await clients.owner.post('/api/studies', STUDY);
      if (res.status !== 201) throw new Error(`create failed: ${res.status}`);
      const id: string = res.body.study.id;
      await db.insert(studyCollaborators).values({ studyId: id, userId: ids.collaborator });
      return id;
    };
    const studyId = await create();
    const deletable = {} as Record<Role, string>;
    for (const role of ROLES) deletable[role] = await create();
    const open = await openStudy(clients.owner, OPEN_STUDY);
    await db.insert(studyCollaborators).values({ studyId: open.id, userId: ids.collaborator });
    const other = await openStudy(clients.owner, OPEN_STUDY);
    const joined = await joinStudy(t, open.code);
    clients.participant = joined.browser;
    clients.otherParticipant = (await joinStudy(t, other.code)).browser;
    const base = `/api/participation/${open.code}`;
    await clients.participant.post(`${base}/consent`, { agree: true });
    await clients.participant.post(`${base}/steps/1/done`, {});
    const run = await clients.participant.post(`${base}/steps/2/run`, {
      deviceInfo: DEVICE_INFO,
      measurement: MEASUREMENT,
    });
    if (run.status !== 201) throw new Error(`step run failed: ${run.status}`);
    const [participant] = await db
      .select({ id: studyParticipants.id })
      .from(studyParticipants)
      .where(eq(studyParticipants.studyId, open.id));
    fixture = {
      ids,
      studyId,
      deletable,
      openStudyId: open.id,
      openCode: open.code,
      participantId: participant?.id ?? '',
      runId: run.body.run.id,
    };
  });
  afterAll(async () => {
    await t?.close();
    await rm(exportDir, { recursive: true, force: true });
  });

  it('has a row for every studies and participation route the router serves, and none for a route it does not', () => {
    const served = t.app.routes
      .filter(
        (route) =>
          route.method !== 'ALL' &&
          (route.path.startsWith('/api/studies') || route.path.startsWith('/api/participation')),
      )
      .map((route) => `${route.method} ${route.path}`);
    expect(served.sort()).toEqual(Object.keys(MATRIX).sort());
  });

  it('answers each principal as the matrix says, and shows no one a study they may not see', async () => {
    const actual: string[] = [];
    const expected: string[] = [];
    for (const [route, test] of Object.entries(MATRIX)) {
      const [method = 'GET'] = route.split(' ');
      for (const role of ROLES) {
        await test.prepare?.(t, fixture);
        const body = test.body?.(fixture);
        // A start answers with a new participant's cookie, which the client would keep.
        const cookie = clients[role].cookie;
        const res = await clients[role].request(
          method,
          test.path(fixture, role),
          body === undefined ? {} : { body },
        );
        clients[role].cookie = cookie;
        actual.push(`${route} as ${role}: ${res.status}`);
        expected.push(`${route} as ${role}: ${test.expect[role]}`);
        if (role === 'anonymous' || role === 'user' || role === 'otherResearcher') {
          const text = JSON.stringify(res.body);
          expect(text, `${route} as ${role}`).not.toContain(fixture.studyId);
          expect(text, `${route} as ${role}`).not.toContain(fixture.openStudyId);
          expect(text, `${route} as ${role}`).not.toContain('owner@example.com');
        }
      }
    }
    expect(actual).toEqual(expected);
  });

  it('takes a researcher’s access away with the role, on their next request', async () => {
    const db = t.database.db;
    await db.update(users).set({ role: 'user' }).where(eq(users.id, fixture.ids.collaborator));
    expect((await clients.collaborator.get(`/api/studies/${fixture.studyId}`)).status).toBe(403);
    await db
      .update(users)
      .set({ role: 'researcher' })
      .where(eq(users.id, fixture.ids.collaborator));
    expect((await clients.collaborator.get(`/api/studies/${fixture.studyId}`)).status).toBe(200);
    await db.update(users).set({ isActive: false }).where(eq(users.id, fixture.ids.owner));
    expect((await clients.owner.get('/api/studies')).status).toBe(401);
    await db.update(users).set({ isActive: true }).where(eq(users.id, fixture.ids.owner));
  });
});
