import { describe, expect, it } from 'vitest';
import { spawnServer } from '../apps/server/src/testing/spawn-server';
import { TEST_DATABASE_KINDS } from '../apps/server/src/testing/test-database';
import type { HttpParticipant } from './support/http-participant';
import {
  expectConfirmedAmong,
  expectFinishedRunsStored,
  expectNoServerErrors,
} from './support/stored-run';
import { useFaultServers } from './support/use-fault-servers';

const KILLS = 5;
const PARTICIPANTS = 3;
/** The first participant's confirmed trials between two kills: five kills land mid-run. */
const TRIALS_BETWEEN_KILLS = 25;

/** The trials the server lists for the participant's run (the server reads its own database). */
async function listedPositions(participant: HttpParticipant): Promise<string[]> {
  const { trials } = await participant.request<{
    trials: { phase: string; trialNumber: number }[];
  }>('GET', `/api/results/${participant.run?.id}/trials`);
  return trials.map((t) => `${t.phase}:${t.trialNumber}`);
}

describe.each(TEST_DATABASE_KINDS)('SIGKILL during a run (%s)', (kind) => {
  const fault = useFaultServers(kind);

  it(`keeps every confirmed trial through ${KILLS} kills and restarts`, async () => {
    const participants = fault.participants(PARTICIPANTS);
    const runs = Promise.all(participants.map((p, i) => p.takeTest(10 + i * 5)));
    const lead = participants[0] as HttpParticipant;
    for (let kill = 1; kill <= KILLS; kill++) {
      await lead.untilConfirmed(kill * TRIALS_BETWEEN_KILLS);
      expect(await fault.server.stop('SIGKILL')).toBeNull();
      const confirmedAtKill = participants.map((p) => new Set(p.confirmed));
      await fault.server.start();
      if (kind === 'pglite' && kill === 1) {
        // The dead process's lock was taken over; a second live process is still refused.
        const second = spawnServer({ ...fault.database.serverEnv, PORT: '0' });
        expect(await second.exited).toBe(1);
        expect(second.output()).toMatch(
          new RegExp(
            `is in use by process ${fault.server.current().child.pid}, and only one process`,
          ),
        );
      }
      for (const [i, participant] of participants.entries()) {
        const confirmed = confirmedAtKill[i] ?? new Set<string>();
        if (!participant.run) continue;
        const stored = await listedPositions(participant);
        expect([...confirmed].filter((key) => !stored.includes(key))).toEqual([]);
      }
    }
    await runs;
    expectNoServerErrors(participants);
    for (const participant of participants) {
      expectConfirmedAmong(participant, await listedPositions(participant));
    }
    // A clean stop, then the database itself is read (embedded: now that the lock is free).
    expect(await fault.server.stop('SIGTERM')).toBe(0);
    await expectFinishedRunsStored(fault.database, participants);
  }, 240_000);
});
