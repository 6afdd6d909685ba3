import { randomUUID } from 'node:crypto';
import { ApiErrorBodySchema } from '@cogni/domain';
import { eq, gt, inArray, ne, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import {
  authSessions,
  rateLimits,
  studies,
  studyCodes,
  studyCollaborators,
  studyParticipants,
  studyParticipantTokens,
  studyVersions,
  testResults,
} from '../db/schema';
import { parseConfig } from '../env';
import { generateSessionToken, hashSessionToken } from '../lib/tokens';
import { API_ROUTES, type ApiRoute } from '../openapi/api-routes';
import {
  buildOpenApiDocument,
  type OpenApiOperation,
  toOpenApiPath,
} from '../openapi/build-openapi-document';
import { SESSION_ABSOLUTE_TIMEOUT_MS } from '../services/auth/session-policy';
import { hashToken } from '../services/participation/participation';
import { getAuthLimits } from '../services/rate-limit/auth-limits';
import { insertFinishedRun } from '../services/results/insert-finished-run';
import { getRunStartLimit, startRun } from '../services/results/start-run';
import { insertUser } from './admin-fixtures';
import { fixtureFinishedRun, START_RUN } from './fixture-run';
import { bodyArbitrary, type FuzzBody, pathArbitrary, queryArbitrary } from './fuzz-requests';
import { digestUserData, installWriteCounter, readWriteCount } from './stored-data-watch';
import { STUDY_CONTENT } from './study-fixtures';
import { createTestContext, type TestClient, type TestContext } from './test-app';
import { TEST_DATABASE_KINDS, type TestDatabaseKind } from './test-database';

/**
 * Property-based fuzzing of every API endpoint (ASVS 2.2.1, 15.3.5-15.3.7), driven by the
 * OpenAPI document the server serves: for each operation, fast-check sends bodies, query strings
 * and path ids shaped by its schemas with hostile parts (wrong types, missing and unknown
 * fields, `__proto__` keys, number-like text, lone surrogates, NUL, direction overrides, huge
 * values, bodies past the limit, broken percent-encoding), as a visitor, a user, a researcher,
 * an admin and a study's participant.
 * It holds that
 *  - nothing is a 5xx;
 *  - every refusal is the JSON error shape, with a status the document lists for the operation;
 *  - a refused request (4xx) changes no stored user data.
 * The operations are fuzzed in two groups, one test file each (routes/fuzz-*.test.ts), so the
 * two halves run in parallel. Seeds are fixed, so a run is repeatable: FUZZ_SEED and FUZZ_RUNS
 * change them for a longer hunt (`FUZZ_RUNS=20000 npx vitest run apps/server/src/routes/fuzz-`),
 * and FUZZ_VERBOSE=1 prints the answers of each operation by status.
 */

/** The operations of each test file, by tag; every tag of the document is in one group. */
export const FUZZ_GROUPS = {
  accounts: ['system', 'auth', 'account'],
  data: ['results', 'progress', 'admin'],
  studies: ['studies'],
  participation: ['participation'],
} as const satisfies Record<string, readonly ApiRoute['tag'][]>;

/**
 * Cases per endpoint: PGlite in every run; PostgreSQL (CI) fewer, so the fuzzing stays a small
 * part of the unit tests' time; FUZZ_RUNS for a longer hunt.
 */
const RUNS: Record<TestDatabaseKind, number> = {
  pglite: Number(process.env.FUZZ_RUNS) || 500,
  postgres: Number(process.env.FUZZ_RUNS) || 100,
};
const BASE_SEED = Number(process.env.FUZZ_SEED) || 20_261_123;

type Role = 'anonymous' | 'user' | 'researcher' | 'admin' | 'participant';

/**
 * Who calls: mostly someone allowed, so validation is reached; sometimes someone who is not,
 * so the refusal paths are fuzzed too.
 */
const ROLE_WEIGHTS: Record<OpenApiOperation['x-access'], Record<Role, number>> = {
  public: { anonymous: 3, user: 2, researcher: 1, admin: 1, participant: 1 },
  user: { user: 8, anonymous: 1, researcher: 1, admin: 1, participant: 1 },
  researcher: { researcher: 8, user: 1, anonymous: 1, admin: 1, participant: 1 },
  admin: { admin: 8, user: 1, researcher: 1, anonymous: 1, participant: 1 },
  participant: { participant: 8, anonymous: 1, user: 1, researcher: 1, admin: 1 },
};

/**
 * Routes whose accepted requests are slow by design, kept rare so the file stays within its
 * time budget (each is still called 1,000 times):
 *  - mock data writes 168 trials and TOTP setup draws a QR code, and neither reads any input:
 *    they are called mostly by someone they refuse;
 *  - creating a user hashes the password with scrypt (slow by design): a body that would
 *    pass gets an unknown field, a refusal case of its own, in 99 cases of 100;
 *  - login and sign-up hash too: they are sent from an address already over its limit (a 429
 *    after validation and the account lookup) in 99 cases of 100.
 */
const RARELY_ACCEPTED = new Set(['POST /api/admin/mock-data', 'POST /api/me/totp/setup']);
const THIN_VALID_BODIES = new Set(['POST /api/admin/users']);
const LOCKED_ADDRESS_ROUTES = new Set(['POST /api/auth/login', 'POST /api/auth/register']);
const LOCKED_ADDRESS = '198.51.100.7';

/** The researcher's study every studies operation can find by id (restoreStudy). */
const STUDY_CODE = 'fuzz2study34';
const STUDY_FIXTURE = {
  settings: {
    name: 'Fuzz study',
    participantCap: null,
    capturedParams: ['PROLIFIC_PID'],
    completionUrl: null,
    declineMessage: '',
    declineUrl: null,
  },
  content: STUDY_CONTENT,
};
/** The fixture participant's browser token (the participation group's participant). */
const PARTICIPANT_TOKEN = 'fuzz-participant-token-0123456789abcdefghijklmno';
const PARTICIPANT_COOKIE = `cogni_participant=${PARTICIPANT_TOKEN}`;

/** True in `percent` cases of 100 (fast-check's numbers lean to their bounds; weights do not). */
function percentChance(percent: number): fc.Arbitrary<boolean> {
  return fc.oneof(
    { weight: percent, arbitrary: fc.constant(true) },
    { weight: 100 - percent, arbitrary: fc.constant(false) },
  );
}

type FuzzCase = {
  role: Role;
  path: string;
  query: string;
  body: FuzzBody | undefined;
  /** Our own origin, none, or another site's. */
  origin: 'own' | 'none' | 'foreign';
  isFromLockedAddress: boolean;
  /** Lets a valid body of a THIN_VALID_BODIES route through. */
  isLetThrough: boolean;
};

type Operation = {
  key: string;
  path: string;
  method: string;
  operation: OpenApiOperation;
  /** Its place in the whole document: the seed of its fuzzing. */
  index: number;
};

function listOperations(): Operation[] {
  const document = buildOpenApiDocument();
  return Object.entries(document.paths)
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        key: `${method.toUpperCase()} ${path}`,
        path,
        method: method.toUpperCase(),
        operation: operation as OpenApiOperation,
      })),
    )
    .map((operation, index) => ({ ...operation, index }));
}

const OPERATIONS = listOperations();
const ROUTE_BY_KEY = new Map(API_ROUTES.map((r) => [`${r.method} ${toOpenApiPath(r.path)}`, r]));

type Stats = { cases: number; serverErrors: number; statuses: Map<number, number> };

/** A session straight in the database: no password hash, so setting one up costs nothing. */
export async function insertSessionCookie(t: TestContext, userId: string): Promise<string> {
  const token = generateSessionToken();
  const now = Date.now() + t.clock.offsetMs;
  await t.database.db.insert(authSessions).values({
    id: hashSessionToken(token),
    userId,
    createdAt: new Date(now),
    lastSeenAt: new Date(now),
    expiresAt: new Date(now + SESSION_ABSOLUTE_TIMEOUT_MS),
  });
  return `cogni_session=${token}`;
}

/** A client signed in as the user, through insertSessionCookie. */
export async function signInDirectly(t: TestContext, userId: string): Promise<TestClient> {
  const client = t.client();
  client.cookie = await insertSessionCookie(t, userId);
  return client;
}

/** The fuzz tests of one group of operations, on every test database. */
export function describeApiFuzz(group: keyof typeof FUZZ_GROUPS): void {
  const tags: readonly string[] = FUZZ_GROUPS[group];
  const operations = OPERATIONS.filter(({ operation }) => tags.includes(operation.tags[0] ?? ''));
  const studyState = group === 'participation' ? 'open' : 'draft';
  describe.each(TEST_DATABASE_KINDS)(`API fuzzing (${group}) on %s`, (kind) => {
    let t: TestContext;
    let db: Db;
    const ids = {
      user: '',
      researcher: '',
      admin: '',
      target: '',
      activeRun: '',
      finishedRun: '',
      study: '',
      participant: '',
      participantRun: '',
    };
    const clients = {} as Record<Exclude<Role, 'anonymous'>, TestClient>;
    let knownPathValues: Record<string, string[]> = {};
    /** The stored data as the last accepted request left it. */
    let baseline = { digest: '', writes: '' };
    const stats = new Map<string, Stats>();
    let startedAt = 0;

    async function signIn(role: Exclude<Role, 'anonymous' | 'participant'>): Promise<void> {
      clients[role].cookie = await insertSessionCookie(t, ids[role]);
    }

    /**
     * After an accepted request: puts back what the fuzz may have changed that later cases rely
     * on (roles, activity, sessions ended by logout or deactivation) and drops generated mock
     * results, so the database stays small; then takes a new baseline.
     */
    async function restoreFixtures(): Promise<void> {
      const expectedRole = sql`case when id = ${ids.admin} then 'admin' when id = ${ids.researcher} then 'researcher' else 'user' end`;
      await db.execute(sql`
      update users set is_active = true, role = ${expectedRole}
      where id in (${ids.user}, ${ids.researcher}, ${ids.admin}, ${ids.target})
        and (not is_active or role <> ${expectedRole})`);
      await db.delete(testResults).where(eq(testResults.isMock, true));
      await restoreStudy();
      const sessionIds = {
        user: hashSessionToken(clients.user.cookie?.split('=')[1] ?? ''),
        researcher: hashSessionToken(clients.researcher.cookie?.split('=')[1] ?? ''),
        admin: hashSessionToken(clients.admin.cookie?.split('=')[1] ?? ''),
      };
      const live = await db
        .select({ id: authSessions.id })
        .from(authSessions)
        .where(inArray(authSessions.id, Object.values(sessionIds)));
      for (const role of ['user', 'researcher', 'admin'] as const) {
        if (!live.some((session) => session.id === sessionIds[role])) await signIn(role);
      }
      await takeBaseline();
    }

    /**
     * The fixture study as it was made: the researcher's, with its first version and no
     * collaborators or codes; studies and codes the fuzz made are dropped, so the data stays
     * small.
     */
    async function restoreStudy(): Promise<void> {
      await db.delete(studies).where(ne(studies.id, ids.study));
      await db.delete(studyCodes);
      await db.delete(studyCollaborators);
      await db.delete(studyVersions).where(gt(studyVersions.number, 1));
      await db
        .insert(studies)
        .values({
          ...STUDY_FIXTURE.settings,
          id: ids.study,
          ownerId: ids.researcher,
          code: STUDY_CODE,
          state: studyState,
        })
        .onConflictDoUpdate({
          target: studies.id,
          // The participation group needs the study open, so that its link starts people.
          set: { ...STUDY_FIXTURE.settings, ownerId: ids.researcher, state: studyState },
        });
      const [version] = await db
        .insert(studyVersions)
        .values({ studyId: ids.study, number: 1, content: STUDY_FIXTURE.content, contentHash: '0' })
        .onConflictDoUpdate({
          target: [studyVersions.studyId, studyVersions.number],
          set: { content: STUDY_FIXTURE.content, firstStartedAt: null },
        })
        .returning();
      await restoreParticipant(version?.id ?? '');
    }

    /**
     * The fixture participant as they started: on the first step, with their token; the
     * participants and tokens the fuzz made are dropped. Their run of the task step stays.
     */
    async function restoreParticipant(versionId: string): Promise<void> {
      await db.delete(studyParticipants).where(ne(studyParticipants.id, ids.participant));
      const fresh = {
        state: 'started',
        stepsDone: 0,
        demographics: {},
        consentHash: null,
        consentedAt: null,
        finishedAt: null,
        completionCode: null,
        stepsDoneAt: [] as Date[],
        excluded: false,
      } as const;
      await db
        .insert(studyParticipants)
        .values({ ...fresh, id: ids.participant, studyId: ids.study, versionId })
        .onConflictDoUpdate({ target: studyParticipants.id, set: fresh });
      await db
        .insert(studyParticipantTokens)
        .values({ tokenHash: hashToken(PARTICIPANT_TOKEN), participantId: ids.participant })
        .onConflictDoNothing();
    }

    async function takeBaseline(): Promise<void> {
      baseline = { digest: await digestUserData(db), writes: await readWriteCount(db) };
    }

    beforeAll(async () => {
      startedAt = Date.now();
      t = await createTestContext(kind, {
        TRUST_PROXY: 'true',
        // Repeated emails in the fuzz must reach validation and the lookup, not a refusal or a
        // slowed-down turn. Those are fuzzed on a hot account in routes/rate-limits.test.ts
        // ('answers any login to a hot account without a 5xx…').
        RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000000',
        RATE_LIMIT_LOGIN_PER_ACCOUNT_AND_IP: '1000000',
      });
      db = t.database.db;
      ids.user = await insertUser(db, { email: 'fuzz-user@example.com' });
      ids.admin = await insertUser(db, { email: 'fuzz-admin@example.com', role: 'admin' });
      ids.target = await insertUser(db, { email: 'fuzz-target@example.com' });
      ids.researcher = await insertUser(db, {
        email: 'fuzz-researcher@example.com',
        role: 'researcher',
      });
      clients.user = t.client();
      clients.researcher = t.client();
      clients.admin = t.client();
      await signIn('user');
      await signIn('researcher');
      await signIn('admin');
      ids.study = randomUUID();
      ids.participant = randomUUID();
      await restoreStudy();
      clients.participant = t.client();
      clients.participant.cookie = PARTICIPANT_COOKIE;
      const participantRun = await startRun(
        t.deps,
        { participantId: ids.participant, studyStep: 2 },
        { ...START_RUN, testType: 'digitSpanTest' },
        getRunStartLimit(t.deps.config),
      );
      ids.participantRun = participantRun.id;
      const started = await clients.user.post('/api/results', START_RUN);
      if (started.status !== 201) throw new Error(`start run failed: ${started.status}`);
      ids.activeRun = started.body.run.id;
      ids.finishedRun = await insertFinishedRun(
        t.database,
        fixtureFinishedRun(ids.target, new Date()),
      );
      // The address is over both limits for the whole run (windows of 15 and 60 minutes).
      const limits = getAuthLimits(parseConfig({}));
      for (const limit of [limits.loginPerIp, limits.signUpPerIp]) {
        await db.insert(rateLimits).values({
          key: `${limit.name}:${LOCKED_ADDRESS}`,
          windowStart: new Date(),
          count: 1_000_000,
        });
      }
      knownPathValues = {
        id: [
          ids.activeRun,
          ids.finishedRun,
          ids.target,
          ids.user,
          ids.admin,
          // Ids are matched without regard to case.
          ids.activeRun.toUpperCase(),
          ids.study,
          ids.participantRun,
        ],
        code: [STUDY_CODE],
        index: ['0', '1', '2', '3', '4'],
        userId: [ids.researcher, ids.user, ids.admin],
        // The fixture study's participant, so the exclude route goes past its lookup.
        participantId: [ids.participant],
        trialNumber: ['0', '1', '12'],
      };
      await installWriteCounter(db);
      await takeBaseline();
    });

    afterAll(async () => {
      const all = [...stats.values()];
      const cases = all.reduce((sum, s) => sum + s.cases, 0);
      const serverErrors = all.reduce((sum, s) => sum + s.serverErrors, 0);
      const statuses = new Map<number, number>();
      for (const s of all) {
        for (const [status, n] of s.statuses) statuses.set(status, (statuses.get(status) ?? 0) + n);
      }
      const byStatus = [...statuses.entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status}: ${n}`)
        .join(', ');
      process.stdout.write(
        `API fuzz (${group}) on ${kind}: ${stats.size} endpoints, ${cases} cases (${RUNS[kind]} each), ` +
          `${serverErrors} 5xx, ${((Date.now() - startedAt) / 1000).toFixed(1)} s, seed ${BASE_SEED}; ` +
          `statuses ${byStatus}\n`,
      );
      await t?.close();
    });

    function caseArbitrary({ key, path, operation }: Operation): fc.Arbitrary<FuzzCase> {
      const access = operation['x-access'];
      const weights = RARELY_ACCEPTED.has(key)
        ? { anonymous: 10, user: access === 'admin' ? 10 : 1, admin: 1 }
        : ROLE_WEIGHTS[access];
      const role = fc.oneof(
        ...(Object.entries(weights) as [Role, number][]).map(([r, weight]) => ({
          weight,
          arbitrary: fc.constant(r),
        })),
      );
      const method = key.split(' ')[0];
      const hasBody = method !== 'GET';
      const bodySchema = operation.requestBody?.content['application/json'].schema;
      return fc.record({
        role,
        path: pathArbitrary(path, operation, knownPathValues),
        query: queryArbitrary(operation),
        body: hasBody ? bodyArbitrary(bodySchema) : fc.constant(undefined),
        origin: hasBody
          ? fc.oneof(
              { weight: 30, arbitrary: fc.constant('own' as const) },
              { weight: 1, arbitrary: fc.constantFrom('none' as const, 'foreign' as const) },
            )
          : fc.constant('own' as const),
        isFromLockedAddress: LOCKED_ADDRESS_ROUTES.has(key)
          ? percentChance(99)
          : fc.constant(false),
        isLetThrough: percentChance(1),
      });
    }

    /** An unknown field makes a would-be-valid body of a slow route a cheap refusal. */
    function thinBody(key: string, fuzzCase: FuzzCase): FuzzBody | undefined {
      const { body } = fuzzCase;
      const schema = ROUTE_BY_KEY.get(key)?.body;
      if (!body || !schema || !THIN_VALID_BODIES.has(key) || fuzzCase.isLetThrough) return body;
      let value: unknown;
      try {
        value = JSON.parse(body.text);
      } catch {
        return body;
      }
      if (!schema.safeParse(value).success) return body;
      return { ...body, text: JSON.stringify({ ...(value as object), unexpected: true }) };
    }

    async function send(key: string, fuzzCase: FuzzCase) {
      const method = key.split(' ')[0] ?? 'GET';
      const client = fuzzCase.role === 'anonymous' ? t.client() : clients[fuzzCase.role];
      // A start answers with a new participant's cookie, which the client would keep.
      if (fuzzCase.role === 'participant') client.cookie = PARTICIPANT_COOKIE;
      if (fuzzCase.role !== 'anonymous' && !client.cookie) await restoreFixtures();
      const body = thinBody(key, fuzzCase);
      const headers: Record<string, string> = {};
      if (body?.contentType !== undefined) headers['content-type'] = body.contentType;
      if (fuzzCase.isFromLockedAddress) headers['x-forwarded-for'] = LOCKED_ADDRESS;
      return client.request(method, `${fuzzCase.path}${fuzzCase.query}`, {
        headers,
        ...(body ? { body: body.text } : {}),
        ...(fuzzCase.origin === 'none' ? { origin: null } : {}),
        ...(fuzzCase.origin === 'foreign' ? { origin: 'https://attacker.example' } : {}),
      });
    }

    it('fuzzes every operation of the document in exactly one group', () => {
      const groupsOf = (tag: string | undefined) =>
        Object.entries(FUZZ_GROUPS).filter(([, groupTags]) =>
          (groupTags as readonly string[]).includes(tag ?? ''),
        );
      for (const { key, operation } of OPERATIONS) {
        expect(groupsOf(operation.tags[0]).length, key).toBe(1);
      }
      expect(OPERATIONS.map((o) => o.key).sort()).toEqual(
        API_ROUTES.map((r) => `${r.method} ${toOpenApiPath(r.path)}`).sort(),
      );
      expect(operations.length).toBeGreaterThan(0);
    });

    it.each(operations.map((operation) => [operation.key, operation] as const))(
      '%s',
      async (key, operation) => {
        const entry: Stats = { cases: 0, serverErrors: 0, statuses: new Map() };
        stats.set(key, entry);
        const documented = Object.keys(operation.operation.responses);
        const property = fc.asyncProperty(caseArbitrary(operation), async (fuzzCase) => {
          const res = await send(key, fuzzCase);
          entry.cases++;
          entry.statuses.set(res.status, (entry.statuses.get(res.status) ?? 0) + 1);
          if (res.status >= 500) entry.serverErrors++;
          // Described only on failure: some answers are large (the document, exports).
          const what = () =>
            `${key} as ${fuzzCase.role} -> ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
          if (res.status >= 500) expect.fail(what());
          if (!documented.includes(String(res.status))) {
            expect.fail(`${what()}: status not in the OpenAPI document`);
          }
          if (res.status >= 400) {
            if (!/^application\/json/.test(res.headers.get('content-type') ?? '')) {
              expect.fail(`${what()}: not JSON`);
            }
            if (!ApiErrorBodySchema.safeParse(res.body).success) {
              expect.fail(`${what()}: not the error shape`);
            }
          }
          if ((await readWriteCount(db)) === baseline.writes) return;
          const before = baseline.digest;
          if (res.status >= 400) {
            // The next cases (and shrinking) compare with the state as it now is.
            await takeBaseline();
            expect(baseline.digest, `${what()}: a refused request changed stored data`).toBe(
              before,
            );
          } else if ((await digestUserData(db)) !== before) {
            await restoreFixtures();
          } else {
            await takeBaseline();
          }
        });
        const seed = BASE_SEED + operation.index;
        try {
          await fc.assert(property, { numRuns: RUNS[kind], seed });
        } catch (error) {
          process.stdout.write(`fuzz failure in ${key} on ${kind}: seed ${seed}\n`);
          throw error;
        }
        expect(entry.cases).toBeGreaterThanOrEqual(RUNS[kind]);
        if (process.env.FUZZ_VERBOSE) {
          process.stdout.write(`${key}: ${JSON.stringify(Object.fromEntries(entry.statuses))}\n`);
        }
      },
      300_000,
    );
  });
}
