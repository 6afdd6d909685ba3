import type { Hono } from 'hono';
import { createApp, createAppDeps } from '../app';
import type { AppDeps, AppEnv } from '../app-env';
import type { Database } from '../db/client';
import { parseConfig } from '../env';
import { createLogger, type Logger } from '../lib/logger';
import {
  apiRequestInit,
  cookieAfter,
  expectingSuccess,
  readReply,
  registerAndLogIn,
  type Send,
} from './participant-api';
import { createTestDatabase, type TestDatabaseKind } from './test-database';

export const TEST_ORIGIN = 'http://localhost';

export type TestResponse<T = unknown> = { status: number; body: T; headers: Headers };

/** A browser stand-in: keeps the session cookie and sends our Origin unless told not to. */
export class TestClient {
  cookie: string | undefined;

  constructor(
    private readonly app: Hono<AppEnv>,
    private readonly baseUrl = TEST_ORIGIN,
  ) {}

  async request<T = any>(
    method: string,
    path: string,
    options: { body?: unknown; origin?: string | null; headers?: Record<string, string> } = {},
  ): Promise<TestResponse<T>> {
    const init = apiRequestInit(method, {
      origin: options.origin === undefined ? this.baseUrl : options.origin,
      cookie: this.cookie,
      body: options.body,
      headers: options.headers,
    });
    const response = await this.app.request(new URL(path, this.baseUrl).toString(), init);
    this.cookie = cookieAfter(this.cookie, response.headers);
    return readReply<T>(response);
  }

  /** Sends a participant's call (participant-api.ts); throws unless the call succeeds. */
  readonly send: Send = expectingSuccess((method, path, body) =>
    this.request(method, path, { body }),
  );

  get<T = any>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = any>(path: string, body?: unknown) {
    return this.request<T>('POST', path, body === undefined ? {} : { body });
  }
  patch<T = any>(path: string, body?: unknown) {
    return this.request<T>('PATCH', path, { body });
  }
  put<T = any>(path: string, body?: unknown) {
    return this.request<T>('PUT', path, { body });
  }
}

export type TestContext = {
  app: Hono<AppEnv>;
  /** The app's dependencies: its database, clock, configuration, password hasher and limits. */
  deps: AppDeps;
  /** `url`: the PostgreSQL database's, for a second connection of a test's own. */
  database: Database & { url?: string };
  /** The server's clock runs with real time; tests move it forward to expire sessions. */
  clock: { offsetMs: number };
  client: () => TestClient;
  /** Registers and logs in a new user; returns their client. */
  signUp: (overrides?: Partial<typeof DEFAULT_USER>) => Promise<TestClient>;
  close: () => Promise<void>;
};

export const DEFAULT_USER = {
  email: 'ada@example.com',
  password: 'analytical engine 1843',
  firstName: 'Ada',
  lastName: 'Lovelace',
};

export async function createTestContext(
  kind: TestDatabaseKind,
  env: Record<string, string> = {},
  options: {
    logger?: Logger;
    poolMax?: number;
    /** The app to test, from the dependencies: createApp's unless given (a server entry's). */
    buildApp?: (deps: AppDeps) => Hono<AppEnv>;
  } = {},
): Promise<TestContext> {
  const database = await createTestDatabase(kind, { poolMax: options.poolMax });
  const clock = { offsetMs: 0 };
  const deps = createAppDeps({
    db: database.db,
    now: () => new Date(Date.now() + clock.offsetMs),
    // Hundreds of sign-ups: hashes 32 times cheaper than a real server's, by the setting.
    config: parseConfig({ SCRYPT_LOG2_N: '12', ...env }),
    logger: options.logger ?? createLogger('silent'),
  });
  const app = (options.buildApp ?? createApp)(deps);
  const client = () => new TestClient(app, env.APP_ORIGIN ?? TEST_ORIGIN);
  return {
    app,
    deps,
    database,
    clock,
    client,
    signUp: async (overrides = {}) => {
      const c = client();
      await registerAndLogIn(c.send, { ...DEFAULT_USER, ...overrides });
      return c;
    },
    close: () => database.close(),
  };
}
