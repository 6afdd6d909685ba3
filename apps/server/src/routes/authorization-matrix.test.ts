import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFinishedRun } from '../services/results/insert-finished-run';
import { insertUser, signUpAdmin, userIdOf } from '../testing/admin-fixtures';
import { fixtureFinishedRun, fixtureRun, START_RUN } from '../testing/fixture-run';
import { createTestContext, type TestClient, type TestContext } from '../testing/test-app';
import { TEST_DATABASE_KINDS } from '../testing/test-database';

/**
 * Who may call what (ASVS 8.2.1, 8.2.2): every API route, taken from the router itself, called
 * as a visitor, as a user who owns the object, as another user and as an admin. A route added
 * without a row here fails the first test; a changed rule fails the second.
 */

type Role = 'anonymous' | 'owner' | 'other' | 'admin';
const ROLES: readonly Role[] = ['anonymous', 'owner', 'other', 'admin'];

/** What the fixtures made: the owner's run, a finished result, and an account to administer. */
type Fixture = {
  activeRunId: string;
  activeRun: { seed: string; config: Parameters<typeof fixtureRun>[1] };
  finishedRunId: string;
  targetUserId: string;
  emails: Record<Exclude<Role, 'anonymous'>, string>;
};

type Case = {
  path: (f: Fixture) => string;
  body?: (f: Fixture, role: Role) => unknown;
  /** Expected status per role. */
  expect: Record<Role, number>;
  /** Needs its own session (the call ends or replaces it). */
  freshSession?: boolean;
};

const ADMIN_ONLY = (ok: number) => ({ anonymous: 401, owner: 403, other: 403, admin: ok });
/** Objects that belong to the owner: another user, and an admin on the user API, see 404. */
const OWNER_ONLY = (ok: number) => ({ anonymous: 401, owner: ok, other: 404, admin: 404 });
const SIGNED_IN = (ok: number) => ({ anonymous: 401, owner: ok, other: ok, admin: ok });
const ANYONE = (ok: number) => ({ anonymous: ok, owner: ok, other: ok, admin: ok });

let counter = 0;
const uniqueEmail = (role: Role) => `matrix-${role}-${++counter}@example.com`;
const PASSWORD = 'a matrix passphrase';

/** A new account's fields, for the routes that create one. */
const newAccount = (_f: Fixture, role: Role) => ({
  email: uniqueEmail(role),
  password: PASSWORD,
  firstName: 'M',
  lastName: 'X',
});

const MATRIX: Record<string, Case> = {
  'GET /api/health': { path: () => '/api/health', expect: ANYONE(200) },
  'GET /api/session': { path: () => '/api/session', expect: ANYONE(200) },
  'GET /api/openapi.json': { path: () => '/api/openapi.json', expect: ANYONE(200) },
  'POST /api/auth/register': {
    path: () => '/api/auth/register',
    body: newAccount,
    expect: ANYONE(201),
  },
  // An admin exists here, so the setup link opens nothing for anyone.
  'GET /api/setup/:token': { path: () => '/api/setup/not-the-token', expect: ANYONE(404) },
  'POST /api/setup/:token': {
    path: () => '/api/setup/not-the-token',
    body: newAccount,
    expect: ANYONE(404),
  },
  'POST /api/auth/login': {
    path: () => '/api/auth/login',
    body: (f, role) => ({
      email: role === 'anonymous' ? f.emails.other : f.emails[role],
      password: PASSWORD,
    }),
    expect: ANYONE(200),
    freshSession: true,
  },
  'POST /api/auth/login/totp': {
    path: () => '/api/auth/login/totp',
    body: () => ({ challengeId: 'not-a-challenge', code: '123456' }),
    // Only a challenge from a right password opens this step; none of these accounts has one.
    expect: ANYONE(401),
  },
  'POST /api/auth/logout': {
    path: () => '/api/auth/logout',
    expect: ANYONE(204),
    freshSession: true,
  },
  'GET /api/me': { path: () => '/api/me', expect: SIGNED_IN(200) },
  'PATCH /api/me': {
    path: () => '/api/me',
    body: () => ({ firstName: 'Renamed', lastName: 'Person' }),
    expect: SIGNED_IN(200),
  },
  'PUT /api/me/language': {
    path: () => '/api/me/language',
    body: () => ({ language: 'de' }),
    expect: SIGNED_IN(200),
  },
  'POST /api/me/password': {
    path: () => '/api/me/password',
    body: () => ({ currentPassword: 'not the password', newPassword: 'another long passphrase' }),
    // Signed in, the wrong current password is refused on its field: nothing changes.
    expect: SIGNED_IN(400),
  },
  'POST /api/me/totp/setup': { path: () => '/api/me/totp/setup', expect: SIGNED_IN(200) },
  'POST /api/me/totp/confirm': {
    path: () => '/api/me/totp/confirm',
    body: () => ({ password: 'not the password', code: '123456' }),
    expect: SIGNED_IN(400),
  },
  'DELETE /api/me/totp': {
    path: () => '/api/me/totp',
    body: () => ({ password: 'not the password', code: '123456' }),
    expect: SIGNED_IN(400),
  },
  'GET /api/me/account-export': { path: () => '/api/me/account-export', expect: SIGNED_IN(200) },
  'DELETE /api/me': {
    path: () => '/api/me',
    body: () => ({ password: 'not the password' }),
    expect: SIGNED_IN(400),
  },
  'GET /api/admin/users': { path: () => '/api/admin/users', expect: ADMIN_ONLY(200) },
  'POST /api/admin/users': {
    path: () => '/api/admin/users',
    body: (_f, role) => ({
      email: uniqueEmail(role),
      password: PASSWORD,
      firstName: 'New',
      lastName: 'User',
      role: 'user',
    }),
    expect: ADMIN_ONLY(201),
  },
  'GET /api/admin/users/:id': {
    path: (f) => `/api/admin/users/${f.targetUserId}`,
    expect: ADMIN_ONLY(200),
  },
  'PATCH /api/admin/users/:id/role': {
    path: (f) => `/api/admin/users/${f.targetUserId}/role`,
    body: () => ({ role: 'user' }),
    expect: ADMIN_ONLY(200),
  },
  'POST /api/admin/users/:id/deactivate': {
    path: (f) => `/api/admin/users/${f.targetUserId}/deactivate`,
    expect: ADMIN_ONLY(200),
  },
  'POST /api/admin/users/:id/reactivate': {
    path: (f) => `/api/admin/users/${f.targetUserId}/reactivate`,
    expect: ADMIN_ONLY(200),
  },
  'GET /api/admin/results': { path: () => '/api/admin/results', expect: ADMIN_ONLY(200) },
  'GET /api/admin/results/:id/trials': {
    path: (f) => `/api/admin/results/${f.finishedRunId}/trials`,
    expect: ADMIN_ONLY(200),
  },
  'GET /api/admin/reports/:testType': {
    path: () => '/api/admin/reports/stroopTest',
    expect: ADMIN_ONLY(200),
  },
  'GET /api/admin/error-logs': { path: () => '/api/admin/error-logs', expect: ADMIN_ONLY(200) },
  'POST /api/admin/mock-data': { path: () => '/api/admin/mock-data', expect: ADMIN_ONLY(201) },
  'GET /api/admin/export': { path: () => '/api/admin/export?format=json', expect: ADMIN_ONLY(200) },
  'GET /api/admin/export/dictionary': {
    path: () => '/api/admin/export/dictionary',
    expect: ADMIN_ONLY(200),
  },
  'GET /api/admin/audit-log': { path: () => '/api/admin/audit-log', expect: ADMIN_ONLY(200) },
  'POST /api/error-logs': {
    path: () => '/api/error-logs',
    body: () => ({ errorType: 'RENDER_ERROR', errorMessage: 'matrix' }),
    // Render errors happen before login too.
    expect: ANYONE(204),
  },
  'POST /api/results': {
    path: () => '/api/results',
    body: () => START_RUN,
    // The owner already has a run in progress; a second start is a new run, for anyone.
    expect: SIGNED_IN(201),
  },
  'GET /api/results/active': {
    path: () => '/api/results/active?testType=stroopTest',
    expect: SIGNED_IN(200),
  },
  'GET /api/results/:id': { path: (f) => `/api/results/${f.activeRunId}`, expect: OWNER_ONLY(200) },
  'GET /api/results/:id/trials': {
    path: (f) => `/api/results/${f.activeRunId}/trials`,
    expect: OWNER_ONLY(200),
  },
  'PUT /api/results/:id/trials/:phase/:block/:trialNumber': {
    path: (f) => `/api/results/${f.activeRunId}/trials/sample/0/0`,
    body: (f) => fixtureRun(f.activeRun.seed, f.activeRun.config)[0],
    expect: OWNER_ONLY(201),
  },
  'PUT /api/results/:id/trials/:phase/:trialNumber': {
    // Block 0's path: the owner's trial 1 (trial 0 is saved by the row above).
    path: (f) => `/api/results/${f.activeRunId}/trials/sample/1`,
    body: (f) => fixtureRun(f.activeRun.seed, f.activeRun.config)[1],
    expect: OWNER_ONLY(201),
  },
  'POST /api/results/:id/complete': {
    // Finishing needs every trial: the owner is refused for that reason, the others never see it.
    path: (f) => `/api/results/${f.activeRunId}/complete`,
    body: () => ({}),
    expect: { anonymous: 401, owner: 409, other: 404, admin: 404 },
  },
  'GET /api/progress': { path: () => '/api/progress', expect: SIGNED_IN(200) },
  'GET /api/progress/results/:id/trials': {
    path: (f) => `/api/progress/results/${f.finishedRunId}/trials`,
    expect: OWNER_ONLY(200),
  },
  'GET /api/progress/export': {
    path: () => '/api/progress/export?format=json',
    expect: SIGNED_IN(200),
  },
};

/**
 * The API routes of this matrix: the studies and participation APIs have their own
 * (studies-authorization-matrix).
 */
function listApiRoutes(t: TestContext): string[] {
  return t.app.routes
    .filter(
      (route) =>
        route.method !== 'ALL' &&
        route.path.startsWith('/api/') &&
        !route.path.startsWith('/api/studies') &&
        !route.path.startsWith('/api/participation'),
    )
    .map((route) => `${route.method} ${route.path}`);
}

describe.each(TEST_DATABASE_KINDS)('authorization matrix on %s', (kind) => {
  let t: TestContext;
  let fixture: Fixture;
  const clients = {} as Record<Role, TestClient>;
  const logIns = {} as Record<Role, () => Promise<TestClient>>;

  beforeAll(async () => {
    t = await createTestContext(kind);
    const emails = {
      owner: 'owner@example.com',
      other: 'other@example.com',
      admin: 'admin@example.com',
    };
    clients.anonymous = t.client();
    clients.owner = await t.signUp({ email: emails.owner, password: PASSWORD });
    clients.other = await t.signUp({ email: emails.other, password: PASSWORD });
    clients.admin = await signUpAdmin(t, { email: emails.admin, password: PASSWORD });
    for (const role of ROLES) {
      logIns[role] = async () => {
        const client = t.client();
        if (role === 'anonymous') return client;
        const res = await client.post('/api/auth/login', {
          email: emails[role],
          password: PASSWORD,
        });
        if (res.status !== 200) throw new Error(`login as ${role} failed`);
        return client;
      };
    }
    const started = await clients.owner.post('/api/results', START_RUN);
    const ownerId = await userIdOf(t.database.db, emails.owner);
    fixture = {
      activeRunId: started.body.run.id,
      activeRun: started.body.run,
      finishedRunId: await insertFinishedRun(t.database, fixtureFinishedRun(ownerId, new Date())),
      targetUserId: await insertUser(t.database.db, { email: 'target@example.com' }),
      emails,
    };
  });
  afterAll(() => t?.close());

  it('has a row for every API route the router serves, and none for a route it does not', () => {
    expect(listApiRoutes(t).sort()).toEqual(Object.keys(MATRIX).sort());
  });

  it('answers every route as expected for a visitor, the owner, another user and an admin, without leaking', async () => {
    const actual: string[] = [];
    const expected: string[] = [];
    for (const [route, test] of Object.entries(MATRIX)) {
      const [method = 'GET'] = route.split(' ');
      for (const role of ROLES) {
        const client = test.freshSession ? await logIns[role]() : clients[role];
        const body = test.body?.(fixture, role);
        const res = await client.request(
          method,
          test.path(fixture),
          body === undefined ? {} : { body },
        );
        actual.push(`${route} as ${role}: ${res.status}`);
        expected.push(`${route} as ${role}: ${test.expect[role]}`);
        // A user never sees another account's email, nor the owner's objects unless owner.
        if (role === 'anonymous' || role === 'other') {
          const text = JSON.stringify(res.body);
          expect(text, `${route} as ${role}`).not.toContain(fixture.emails.owner);
          expect(text, `${route} as ${role}`).not.toContain(fixture.activeRunId);
          expect(text, `${route} as ${role}`).not.toContain(fixture.finishedRunId);
        }
        if (role === 'owner' && !route.startsWith('POST /api/auth/')) {
          const text = JSON.stringify(res.body);
          expect(text, `${route} as owner`).not.toContain(fixture.emails.other);
          expect(text, `${route} as owner`).not.toContain(fixture.emails.admin);
        }
      }
    }
    expect(actual).toEqual(expected);
    // About 30 password hashes (logins, sign-ups, re-authentication): slow on a loaded machine.
  }, 180_000);
  it('lets no request set a role, activity, ownership, mock or preview flag or id it does not own', async () => {
    const otherId = await userIdOf(t.database.db, fixture.emails.other);
    const trial = fixtureRun(fixture.activeRun.seed, fixture.activeRun.config)[2];
    const attempts: [string, string, unknown][] = [
      ['PATCH', '/api/me', { firstName: 'A', lastName: 'B', role: 'admin' }],
      ['PATCH', '/api/me', { firstName: 'A', lastName: 'B', isActive: false }],
      ['PATCH', '/api/me', { firstName: 'A', lastName: 'B', id: otherId }],
      ['PATCH', '/api/me', { firstName: 'A', lastName: 'B', email: 'taken@example.com' }],
      ['POST', '/api/results', { ...START_RUN, userId: otherId }],
      ['POST', '/api/results', { ...START_RUN, isMock: true }],
      ['POST', '/api/results', { ...START_RUN, isPreview: true }],
      [
        'PUT',
        `/api/results/${fixture.activeRunId}/trials/sample/2`,
        { ...trial, resultId: fixture.finishedRunId },
      ],
      [
        'PUT',
        `/api/results/${fixture.activeRunId}/trials/sample/0/2`,
        { ...trial, resultId: fixture.finishedRunId },
      ],
      ['POST', `/api/results/${fixture.activeRunId}/complete`, { summary: { overallScore: 100 } }],
      [
        'POST',
        '/api/error-logs',
        { errorType: 'RENDER_ERROR', errorMessage: 'x', userId: otherId },
      ],
    ];
    const before = await clients.owner.get('/api/me');
    const trialsPath = `/api/results/${fixture.activeRunId}/trials`;
    const trialsBefore = (await clients.owner.get(trialsPath)).body;
    for (const [method, path, body] of attempts) {
      const res = await clients.owner.request(method, path, { body });
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
    }
    expect((await clients.owner.get('/api/me')).body).toEqual(before.body);
    expect((await clients.owner.get(trialsPath)).body).toEqual(trialsBefore);
  });
});
