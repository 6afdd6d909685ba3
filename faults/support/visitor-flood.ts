import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCreateAdmin } from '../../apps/server/src/cli/create-admin';
import { createRestartableServer, type RestartableServer } from './server-process';

const ADMIN = { email: 'flood-admin@example.com', password: 'watching the flood 2026' };
const USER = { email: 'flood-user@example.com', password: 'a real person logs in' };

/** Bytes of every file under `dir`. */
export async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}

/**
 * A login body a visitor script sends: a new email each time (so no two failures are the same
 * error) and `keys` unknown fields of 1,000 characters each, just under the 64 KiB body limit
 * at 60 keys.
 */
function bloatedLogin(i: number, keys: number): string {
  const body: Record<string, string> = { email: `flood${i}@example.com`, password: 'x' };
  for (let k = 0; k < keys; k++) body[`field${k}-`.padEnd(1000, 'k')] = 'v';
  return JSON.stringify(body);
}

export type FloodFigures = {
  requests: number;
  floodMs: number;
  /** Answers by status: every one should be a 400. */
  statuses: Record<string, number>;
  dataBytesBefore: number;
  dataBytesAfter: number;
  errorLogEntries: number;
  /** The entry that counts what the limits did not store one by one. */
  suppressedCount: number;
  userLoginMs: number;
  userLoginStatus: number;
  adminPageMs: number;
  adminPageStatus: number;
  adminPageBytes: number;
};

/**
 * Starts a real server on a new embedded database, then sends `requests` anonymous logins with
 * bloated bodies from `connections` connections at once. While they run, a real user logs in
 * and an admin reads the largest page of Error Logs; afterwards the data folder and the log are
 * measured. The server is stopped and its folder deleted at the end.
 */
export async function runVisitorFlood(options: {
  requests: number;
  connections: number;
  keys: number;
}): Promise<FloodFigures> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cogni-flood-'));
  const quiet = {
    log: () => {},
    error: (line: string) => console.error(line),
    readPassword: async () => ADMIN.password,
  };
  const args = ['--email', ADMIN.email];
  const names = ['--first-name', 'Flood', '--last-name', 'Admin'];
  if ((await runCreateAdmin([...args, ...names], { DATA_DIR: dataDir }, quiet)) !== 0) {
    throw new Error('create-admin failed');
  }
  let server: RestartableServer | undefined;
  try {
    server = await createRestartableServer({ DATA_DIR: dataDir });
    await server.start();
    const base = server.baseUrl;
    const post = (url: string, body: string, cookie?: string) =>
      fetch(`${base}${url}`, {
        method: 'POST',
        body,
        headers: {
          origin: base,
          'content-type': 'application/json',
          ...(cookie ? { cookie } : {}),
        },
      });
    const registered = await post(
      '/api/auth/register',
      JSON.stringify({ ...USER, firstName: 'Real', lastName: 'Person' }),
    );
    if (registered.status !== 201) throw new Error(`register: ${registered.status}`);
    const adminLogin = await post('/api/auth/login', JSON.stringify(ADMIN));
    const adminCookie = adminLogin.headers.get('set-cookie')?.split(';')[0] ?? '';
    if (adminLogin.status !== 200) throw new Error(`admin login: ${adminLogin.status}`);
    const dataBytesBefore = await folderBytes(dataDir);

    const statuses: Record<string, number> = {};
    let next = 0;
    const startedAt = performance.now();
    const flood = Array.from({ length: options.connections }, async () => {
      for (let i = next++; i < options.requests; i = next++) {
        const response = await post('/api/auth/login', bloatedLogin(i, options.keys));
        await response.arrayBuffer();
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      }
    });
    // Once the flood is under way: a real login, then the admin's largest page of the log.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    let at = performance.now();
    const userLogin = await post('/api/auth/login', JSON.stringify(USER));
    const userLoginMs = performance.now() - at;
    at = performance.now();
    const adminPage = await fetch(`${base}/api/admin/error-logs?pageSize=100`, {
      headers: { cookie: adminCookie },
    });
    const adminPageBytes = (await adminPage.arrayBuffer()).byteLength;
    const adminPageMs = performance.now() - at;
    await Promise.all(flood);
    const floodMs = performance.now() - startedAt;

    // The counts of entries past the limits are written a few seconds after they start.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const log = (await (
      await fetch(`${base}/api/admin/error-logs?pageSize=100`, { headers: { cookie: adminCookie } })
    ).json()) as { total: number; errorLogs: { errorMessage: string; count: number }[] };
    const suppressed = log.errorLogs.filter((entry) => entry.errorMessage.startsWith('Not stored'));
    const code = await server.stop('SIGTERM');
    if (code !== 0) throw new Error(`server exited ${code}`);
    return {
      requests: options.requests,
      floodMs,
      statuses,
      dataBytesBefore,
      dataBytesAfter: await folderBytes(dataDir),
      errorLogEntries: log.total,
      suppressedCount: suppressed.reduce((sum, entry) => sum + entry.count, 0),
      userLoginMs,
      userLoginStatus: userLogin.status,
      adminPageMs,
      adminPageStatus: adminPage.status,
      adminPageBytes,
    };
  } finally {
    if (server) await server.stop('SIGKILL').catch(() => {});
    await rm(dataDir, { recursive: true, force: true });
  }
}
