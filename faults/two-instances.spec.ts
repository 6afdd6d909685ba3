import { describe, expect, it } from 'vitest';
import { TEST_DATABASE_KINDS } from '../apps/server/src/testing/test-database';
import type { HttpParticipant } from './support/http-participant';
import type { RestartableServer } from './support/server-process';
import { expectFinishedRunsStored, expectNoServerErrors } from './support/stored-run';
import { useFaultServers } from './support/use-fault-servers';

/**
 * Two instances behind an imaginary round-robin load balancer: every request of a participant
 * may land on either. That the brute-force limits count across instances (they live in the
 * database) is proved in apps/server/src/routes/rate-limits.test.ts with two apps on one database;
 * a test through two processes here is still to come (issue 7).
 */
describe.runIf(TEST_DATABASE_KINDS.includes('postgres'))('two instances on one PostgreSQL', () => {
  // Both start at once: the migrations' advisory lock lets only one of them migrate.
  const fault = useFaultServers('postgres', 2);

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
