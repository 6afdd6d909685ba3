import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it, onTestFailed } from 'vitest';
import { TEST_DATABASE_KINDS } from '../apps/server/src/testing/test-database';
import { type HttpParticipant, sleep } from './support/http-participant';
import { expectFinishedRunsStored, expectNoServerErrors } from './support/stored-run';
import { useFaultServers } from './support/use-fault-servers';

/**
 * Restarting PostgreSQL breaks every other test using that server at the same moment, so this
 * scenario runs only when asked (FAULTS_RESTART_POSTGRES=1, as .ci/run does: CI runs one test
 * command at a time). It restarts the local cluster, which needs root or the postgres user.
 */
const isEnabled =
  process.env.FAULTS_RESTART_POSTGRES === '1' && TEST_DATABASE_KINDS.includes('postgres');

const PARTICIPANTS = 3;

/**
 * `pg_ctlcluster <version> main restart -m immediate`: like a crash, no checkpoint. Run without
 * blocking, so the participants and health probes of this process go on meanwhile.
 */
async function restartPostgres(): Promise<void> {
  const version = readdirSync('/etc/postgresql')[0];
  if (!version) throw new Error('no PostgreSQL cluster under /etc/postgresql');
  await promisify(execFile)('pg_ctlcluster', [
    '--skip-systemctl-redirect',
    version,
    'main',
    'restart',
    '-m',
    'immediate',
  ]);
}

describe.runIf(isEnabled)('PostgreSQL restarts during a run', () => {
  const fault = useFaultServers('postgres');

  it('answers 503 meanwhile, does not crash, reconnects, and loses nothing', async () => {
    // On a failure the server's log is what tells why, so it is printed.
    onTestFailed(() => {
      console.error(`server output:\n${fault.server.current().output().slice(-6000)}`);
    });
    const participants = fault.participants(PARTICIPANTS);
    const runs = Promise.all(participants.map((p) => p.takeTest(10)));
    const lead = participants[0] as HttpParticipant;
    await lead.untilConfirmed(40);

    // Health checks while the database is away: each must be 200 or 503, never a 500.
    const healthStatuses: number[] = [];
    let isRestarting = true;
    const probing = (async () => {
      while (isRestarting) {
        const res = await fetch(`${fault.server.baseUrl}/api/health`).catch(() => null);
        healthStatuses.push(res?.status ?? 0);
        if (res?.status === 503) expect(res.headers.get('retry-after')).toBeTruthy();
        await res?.body?.cancel();
        await sleep(20);
      }
    })();
    await restartPostgres();
    isRestarting = false;
    await probing;
    await runs;

    expect(fault.server.current().child.exitCode).toBeNull();
    expect(healthStatuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(healthStatuses).toContain(503);
    expect(participants.some((p) => (p.observed.statuses.get(503) ?? 0) > 0)).toBe(true);
    expectNoServerErrors(participants);
    expect((await fetch(`${fault.server.baseUrl}/api/health`)).status).toBe(200);
    await expectFinishedRunsStored(fault.database, participants);
  });
});
