import { describe, expect, it } from 'vitest';
import { type HttpParticipant, sleep } from './support/http-participant';
import { expectFinishedRunsStored, expectNoServerErrors } from './support/stored-run';
import { useFaultServers } from './support/use-fault-servers';

const PARTICIPANTS = 4;

/**
 * The drain is the HTTP server's (lib/http-drain.ts) and the same whatever the database, so it
 * runs on the embedded one only: the one whose close must write its last pages, and the one
 * every machine has. A clean SIGTERM stop on PostgreSQL, with every confirmed trial read back
 * afterwards, ends faults/server-kill.spec.ts.
 */
describe('SIGTERM under load (pglite)', () => {
  const fault = useFaultServers('pglite');

  it('finishes in-flight requests, answers 503 to new ones, loses nothing', async () => {
    const participants = fault.participants(PARTICIPANTS);
    const runs = Promise.all(participants.map((p) => p.takeTest(5)));
    const lead = participants[0] as HttpParticipant;
    await lead.untilConfirmed(40);

    // A login hashes its password at full cost, for hundreds of milliseconds: certainly in
    // flight when SIGTERM arrives.
    const slow = participants[1] as HttpParticipant;
    const slowLogin = slow.logIn();
    // Long enough for the request to reach the server on a busy machine, short of the hash.
    await sleep(150);
    const signalledAt = Date.now();
    expect(await fault.server.stop('SIGTERM')).toBe(0);
    const exitedAt = Date.now();
    await fault.server.start();
    await Promise.all([slowLogin, runs]);

    const attempts = participants.flatMap((p) => p.attempts);
    const login = slow.attempts.find((a) => a.path === '/api/auth/login' && a.sentAt < signalledAt);
    expect(login?.status).toBe(200);
    // Sent before the signal: answered (none cut off). Sent while draining: 2xx or 503.
    expect(attempts.filter((a) => a.sentAt < signalledAt && a.status === 0)).toEqual([]);
    const draining = attempts.filter((a) => a.sentAt > signalledAt + 20 && a.endedAt < exitedAt);
    expect(draining.filter((a) => a.status === 503).length).toBeGreaterThan(0);
    expect(draining.filter((a) => a.status !== 503 && a.status !== 0 && a.status >= 300)).toEqual(
      [],
    );
    expectNoServerErrors(participants);
    expect(await fault.server.stop('SIGTERM')).toBe(0);
    await expectFinishedRunsStored(fault.database, participants);
  });
});
