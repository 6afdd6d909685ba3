import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import {
  getFreePort,
  spawnServer,
  waitForListening,
} from '../../apps/server/src/testing/spawn-server';
import { ADMIN, E2E_SCRYPT_LOG2_N, uniqueEmail } from './accounts';
import { type EarlyRuns, startEarlyRuns } from './early-runs';

const ROOT = path.resolve(import.meta.dirname, '../..');

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Runs for progress.spec.ts, started before the tests (startEarlyRuns), by purpose. */
    progressRuns: Record<ProgressRunsKey, EarlyRuns>;
  }
}

/** The accounts progress.spec.ts shows, and how many runs each starts. */
const PROGRESS_RUNS = { results: 2, trials: 2, phone: 1 } as const;
export type ProgressRunsKey = keyof typeof PROGRESS_RUNS;

/** Starts the real server, with the built web app, on a new embedded database with one admin. */
export default async function setup(project: TestProject) {
  if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('The web app is not built: run `npm run build` before the browser tests.');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cogni-e2e-'));
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(ROOT, 'apps/server/src/cli/create-admin.ts'),
      '--email',
      ADMIN.email,
      '--first-name',
      ADMIN.firstName,
      '--last-name',
      ADMIN.lastName,
    ],
    {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SCRYPT_LOG2_N: E2E_SCRYPT_LOG2_N,
      },
      // The password on standard input, as an operator pipes it: never among the arguments.
      input: `${ADMIN.password}\n`,
      stdio: 'pipe',
    },
  );
  const port = await getFreePort();
  const server = spawnServer({
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    SCRYPT_LOG2_N: E2E_SCRYPT_LOG2_N,
    // Every browser test signs up its own users from 127.0.0.1; the limit has its API tests.
    RATE_LIMIT_SIGNUP_PER_IP: '100000',
    // Every failed login of every browser test is a visitor's error-log entry from 127.0.0.1,
    // and the Error Logs test looks for its own; the limits have their API and flood tests.
    RATE_LIMIT_VISITOR_LOGS_PER_IP: '100000',
    RATE_LIMIT_VISITOR_LOGS_TOTAL: '100000',
  });
  await waitForListening(server);
  const baseUrl = `http://localhost:${port}`;
  project.provide('baseUrl', baseUrl);
  const progressRuns = {} as Record<ProgressRunsKey, EarlyRuns>;
  for (const [key, count] of Object.entries(PROGRESS_RUNS) as [ProgressRunsKey, number][]) {
    progressRuns[key] = await startEarlyRuns(baseUrl, uniqueEmail(`progress-${key}`), count);
  }
  project.provide('progressRuns', progressRuns);

  return async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
}
