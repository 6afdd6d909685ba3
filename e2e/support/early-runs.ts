import type { Run } from '@cogni/domain';
import {
  expectingSuccess,
  fetchTransport,
  registerAndLogIn,
  type Send,
  startRun,
} from '../../apps/server/src/testing/participant-api';
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

/**
 * Signs `email` up over fetch (password PASSWORD) and logs it in; returns the participant's
 * calls with its session, each throwing unless it succeeds.
 */
export async function signUpOverHttp(baseUrl: string, email: string): Promise<Send> {
  const send = expectingSuccess(fetchTransport(baseUrl));
  await registerAndLogIn(send, {
    email,
    password: PASSWORD,
    firstName: 'Ada',
    lastName: 'Lovelace',
  });
  return send;
}

/** Signs up `email`, logs in and starts `count` runs of the default task, oldest first. */
export async function startEarlyRuns(
  baseUrl: string,
  email: string,
  count: number,
): Promise<EarlyRuns> {
  const send = await signUpOverHttp(baseUrl, email);
  const startedAtEpochMs = Date.now();
  const runs: Run[] = [];
  for (let i = 0; i < count; i++) runs.push(await startRun(send));
  return { email, runs, startedAtEpochMs };
}
