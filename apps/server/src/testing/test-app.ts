import { type AppOptions, createApp } from '../app';
import type { Database } from '../db/client';
import { parseConfig } from '../env';
import { createLogger, type Logger } from '../lib/logger';
import { createTestDatabase, type TestDatabaseKind } from './test-database';

export const TEST_ORIGIN = 'http://localhost';

export type TestResponse<T = unknown> = { status: number; body: T; headers: Headers };

/** A browser stand-in: keeps the session cookie and sends our Origin unless told not to. */
export class TestClient {
  cookie: string | undefined;

  constructor(
    private readonly app: ReturnType<typeof createApp>,
    private readonly baseUrl = TEST_ORIGIN,
  ) {}

  async request<T = any>(
    method: string,
    path: string,
    options: { body?: unknown; origin?: string | null; headers?: Record<string, string> } = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.origin !== null) headers.origin = options.origin ?? this.baseUrl;
    if (this.cookie) headers.cookie = this.cookie;
    let body: string | undefined;
    if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await this.app.request(new URL(path, this.baseUrl).toString(), {
      method,
      headers,
      body,
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) {
      const [pair] = setCookie.split(';');
      this.cookie = pair?.endsWith('=') ? undefined : pair;
    }
    const text = await response.text();
    const isJson = response.headers.get('content-type')?.includes('application/json');
    return {
      status: response.status,
      body: (isJson && text ? JSON.parse(text) : text) as T,
      headers: response.headers,
    };
  }

  get<T = any>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = any>(path: string, body?: unknown) {
    return this.request<T>('POST', path, body === undefined ? {} : { body });
  }
  patch<T = any>(path: string, body?: unknown) {
    return this.request<T>('PATCH', path, { body });
  }
}

export type TestContext = {
  app: ReturnType<typeof createApp>;
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
  options: { logger?: Logger; poolMax?: number } & AppOptions = {},
): Promise<TestContext> {
  const database = await createTestDatabase(kind, { poolMax: options.poolMax });
  const clock = { offsetMs: 0 };
  const app = createApp(
    {
      db: database.db,
      now: () => new Date(Date.now() + clock.offsetMs),
      config: parseConfig(env),
      logger: options.logger ?? createLogger('silent'),
    },
    { mountFirst: options.mountFirst },
  );
  const client = () => new TestClient(app, env.APP_ORIGIN ?? TEST_ORIGIN);
  return {
    app,
    database,
    clock,
    client,
    signUp: async (overrides = {}) => {
      const user = { ...DEFAULT_USER, ...overrides };
      const c = client();
      const registered = await c.post('/api/auth/register', user);
      if (registered.status !== 201) throw new Error(`register failed: ${registered.status}`);
      const login = await c.post('/api/auth/login', { email: user.email, password: user.password });
      if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
      return c;
    },
    close: () => database.close(),
  };
}
