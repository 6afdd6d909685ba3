import { describe, expect, it } from 'vitest';
import { TEST_DATABASE_KINDS } from '../apps/server/src/testing/test-database';
import type { HttpParticipant } from './support/http-participant';
import type { RestartableServer } from './support/server-process';
import { expectFinishedRunsStored, expectNoServerErrors } from './support/stored-run';
import { useFaultServers } from './support/use-fault-servers';

/**
 * Logins per account and address before that pair is refused, and failed ones per account before
 * logins to it from unknown browsers are slowed down: small, so the test is quick.
 */
const LOGIN_LIMIT = 4;

/** A login's status, sent straight to one instance, from the test's address or `forwardedFor`. */
async function logInAt(
  baseUrl: string,
  email: string,
  password: string,
  forwardedFor?: string,
): Promise<number> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: {
      origin: baseUrl,
      'content-type': 'application/json',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    body: JSON.stringify({ email, password }),
  });
  await response.body?.cancel();
  return response.status;
}

/**
 * Two instances behind an imaginary round-robin load balancer: every request of a participant
 * may land on either.
 */
describe.runIf(TEST_DATABASE_KINDS.includes('postgres'))('two instances on one PostgreSQL', () => {
  // Both start at once: the migrations' advisory lock lets only one of them migrate.
  const fault = useFaultServers('postgres', 2, {
    RATE_LIMIT_LOGIN_PER_ACCOUNT: String(LOGIN_LIMIT),
    RATE_LIMIT_LOGIN_PER_ACCOUNT_AND_IP: String(LOGIN_LIMIT),
    // Requests without the header keep the socket's address; one with it comes from elsewhere.
    TRUST_PROXY: 'true',
  });

  it('count failed logins together: guesses spread over both refuse the guessing address on both', async () => {
    const [a, b] = fault.servers as [RestartableServer, RestartableServer];
    const [victim] = fault.participants(1) as [HttpParticipant];
    await victim.signUp();
    // Half the guesses on each: an instance counting only its own would never reach the limit.
    for (let guess = 0; guess < LOGIN_LIMIT; guess++) {
      const server = guess % 2 === 0 ? a : b;
      expect(await logInAt(server.baseUrl, victim.email, 'a wrong guess, long enough')).toBe(401);
    }
    // Now even the right password is refused from that address, on either instance.
    for (const server of [a, b]) {
      expect(await logInAt(server.baseUrl, victim.email, victim.password)).toBe(429);
    }
    // From another address the account is not locked: the login waits one step, then works.
    const started = performance.now();
    expect(await logInAt(a.baseUrl, victim.email, victim.password, '203.0.113.9')).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    // Someone else's account is not affected.
    const [other] = fault.participants(1) as [HttpParticipant];
    await other.signUp();
    expect(await logInAt(b.baseUrl, other.email, other.password)).toBe(200);
  });

  it('a session made on one works on the other, and one dying moves everyone to the other', async () => {
    const [a, b] = fault.servers as [RestartableServer, RestartableServer];
    let next = 0;
    let isADown = false;
    const roundRobin = () => (isADown || next++ % 2 === 1 ? b.baseUrl : a.baseUrl);
    const participants = fault.participants(3, roundRobin);
    const runs = Promise.all(participants.map((p) => p.takeTest(5)));
    const lead = participants[0] as HttpParticipant;
    await lead.untilConfirmed(60);
    // The balancer notices only after the kill: requests in between fail and are retried.
    expect(await a.stop('SIGKILL')).toBeNull();
    isADown = true;
    await runs;

    for (const participant of participants) {
      const served = participant.attempts.filter((t) => t.status >= 200 && t.status < 300);
      expect(new Set(served.map((t) => t.origin))).toEqual(new Set([a.baseUrl, b.baseUrl]));
    }
    expectNoServerErrors(participants);
    await expectFinishedRunsStored(fault.database, participants);
  });
});
