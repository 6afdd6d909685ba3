import { getTask, positionOf, type Run } from '@cogni/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { studyParticipants, users } from '../apps/server/src/db/schema';
import { DEVICE_INFO, MEASUREMENT } from '../apps/server/src/testing/fixture-run';
import { TEST_DATABASE_KINDS } from '../apps/server/src/testing/test-database';
import { type HttpParticipant, sleep } from './support/http-participant';
import { readStoredPositions } from './support/stored-run';
import { useFaultServers } from './support/use-fault-servers';

const STUDY = {
  settings: {
    name: 'Kill study',
    participantCap: null,
    capturedParams: ['PROLIFIC_PID'],
    completionUrl: 'https://app.prolific.com/submissions/complete?cc=K1LL&pid={PROLIFIC_PID}',
    declineMessage: '',
    declineUrl: null,
  },
  content: {
    title: 'Through a crash',
    description: '',
    steps: [
      { kind: 'consent', title: 'Consent', text: 'Agree?' },
      { kind: 'task', title: 'Go or wait', testType: 'goNoGoTest', config: {} },
      { kind: 'debrief', title: 'Thanks', text: 'Done.' },
    ],
  },
};

describe.each(TEST_DATABASE_KINDS)('SIGKILL during a study (%s)', (kind) => {
  const fault = useFaultServers(kind);

  it('resumes the participant where they were, and loses no confirmed trial', async () => {
    const [researcher, participant] = fault.participants(2) as [HttpParticipant, HttpParticipant];
    await researcher.signUp();
    // The role is an admin's to give: set in the database while the server is stopped (the
    // embedded database opens in one process at a time).
    expect(await fault.server.stop('SIGTERM')).toBe(0);
    await fault.database.withDb((db) =>
      db.update(users).set({ role: 'researcher' }).where(eq(users.email, researcher.email)),
    );
    await fault.server.start();
    const { study } = await researcher.request<{ study: { id: string; code: string } }>(
      'POST',
      '/api/studies',
      STUDY,
    );
    await researcher.request('POST', `/api/studies/${study.id}/state`, { state: 'open' });

    const base = `/api/participation/${study.code}`;
    await participant.request('POST', `${base}/start`, { params: { PROLIFIC_PID: 'k-1' } });
    await participant.request('POST', `${base}/consent`, { agree: true });
    const { run } = await participant.request<{ run: Run }>('POST', `${base}/steps/1/run`, {
      deviceInfo: DEVICE_INFO,
      measurement: MEASUREMENT,
    });
    const trials = getTask(run.testType)
      .fixtureRun(run.seed, run.config)
      .map(({ trial }) => trial);
    const confirmed: string[] = [];
    const saving = (async () => {
      for (const trial of trials) {
        const { phase, block, trialNumber } = positionOf(trial);
        await participant.request(
          'PUT',
          `${base}/runs/${run.id}/trials/${phase}/${block}/${trialNumber}`,
          trial,
        );
        confirmed.push(`${phase}:${trialNumber}`);
        await sleep(5);
      }
    })();
    while (confirmed.length < 40) await sleep(10);
    expect(await fault.server.stop('SIGKILL')).toBeNull();
    const confirmedAtKill = [...confirmed];
    await fault.server.start();
    // The participant's token still opens their participation, on the step they were on.
    const me = await participant.request<{ participation: { stepsDone: number } }>(
      'GET',
      `${base}/me`,
    );
    expect(me.participation.stepsDone).toBe(1);
    // A reload resumes the step's run.
    const resumed = await participant.request<{ run: Run }>('POST', `${base}/steps/1/run`, {
      deviceInfo: DEVICE_INFO,
      measurement: MEASUREMENT,
    });
    expect(resumed.run.id).toBe(run.id);
    await saving;
    await participant.request('POST', `${base}/runs/${run.id}/complete`, {});
    await participant.request('POST', `${base}/steps/2/done`, {});
    const finished = await participant.request<{
      participation: { state: string; end: { redirectUrl: string } };
    }>('POST', `${base}/finish`, {});
    expect(finished.participation.state).toBe('completed');
    expect(finished.participation.end.redirectUrl).toContain('pid=k-1');

    expect(await fault.server.stop('SIGTERM')).toBe(0);
    await fault.database.withDb(async (db) => {
      const stored = await readStoredPositions(db, run.id);
      expect(confirmedAtKill.filter((key) => !stored.includes(key))).toEqual([]);
      expect(stored).toHaveLength(trials.length);
      const [row] = await db
        .select()
        .from(studyParticipants)
        .where(eq(studyParticipants.studyId, study.id));
      expect(row).toMatchObject({ state: 'completed', stepsDone: 3 });
    });
    await fault.server.start();
  }, 240_000);
});
