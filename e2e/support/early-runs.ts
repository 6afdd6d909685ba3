import type { Run } from '@cogni/domain';
import { START_RUN } from '../../apps/server/src/testing/fixture-run';
import { PASSWORD } from './accounts';

/**
 * Runs started through the API before the browser tests begin, for the tests that need finished
 * runs the server finds plausible: a run may only be finished once a person could have taken
 * it (minutes of cues and feedback after its start), so starting them here lets that time pass
 * while the other files run, instead of a test waiting for it.
 */
export type EarlyRuns = {
  /** The account that owns the runs; its password is PASSWORD. */
  email: string;
  runs: Run[];
  /** Date.now() just before the first start was sent. */
  startedAtEpochMs: number;
};

/** A fetch with the browser tests' origin and the session cookie, refusing an unexpected status. */
async function send(baseUrl: string, path: string, body: unknown, cookie?: string) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: baseUrl,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} failed: ${response.status}`);
  return response;
}

/** Signs up `email`, logs in and starts `count` runs of the default task, oldest first. */
export async function startEarlyRuns(
  baseUrl: string,
  email: string,
  count: number,
): Promise<EarlyRuns> {
  await send(baseUrl, '/api/auth/register', {
    email,
    password: PASSWORD,
    firstName: 'Ada',
    lastName: 'Lovelace',
  });
  const login = await send(baseUrl, '/api/auth/login', { email, password: PASSWORD });
  const cookie = login.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  const startedAtEpochMs = Date.now();
  const runs: Run[] = [];
  for (let i = 0; i < count; i++) {
    const started = await send(baseUrl, '/api/results', START_RUN, cookie);
    runs.push(((await started.json()) as { run: Run }).run);
  }
  return { email, runs, startedAtEpochMs };
}
