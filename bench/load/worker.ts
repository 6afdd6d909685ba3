// One thread of the load generator: runs the participants it is given and reports what they saw.
// Messages are WorkerCommand in, WorkerReply out (load-generator.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { api } from '../../apps/server/src/testing/participant-api';
import { monitorEventLoop } from './event-loop';
import { createHttpClient } from './http-client';
import { emptyMetrics, type WorkerMetrics } from './metrics';
import { type Account, Participant, type SaveMode } from './participant';

export type WorkerCommand =
  | { type: 'add'; accounts: Account[]; mode: SaveMode; joinSpreadMs: number }
  /** Study participants, each starting at its own time (Date.now() clock: threads share it). */
  | {
      type: 'add-study';
      studyCode: string;
      joins: StudyJoin[];
      mode: SaveMode;
      /** Each finished participant is followed by a new one (Principal's `again`). */
      again?: boolean;
    }
  | { type: 'remove'; count: number }
  | { type: 'collect' }
  | { type: 'count-joined' }
  | { type: 'login-burst'; accounts: Account[] }
  | { type: 'stop' };

export type BurstResult = { statuses: number[]; ms: number[] };

/** One study participant to add: the panel's id it brings, and when it opens the link. */
export type StudyJoin = { prolificPid: string; atEpochMs: number };

export type WorkerReply =
  | { type: 'metrics'; metrics: WorkerMetrics }
  | { type: 'burst'; result: BurstResult }
  /** Participants saving trials (or done with them), and study participants finished. */
  | { type: 'joined'; count: number; finished: number }
  | { type: 'stopped' };

const port = parentPort;
if (!port) throw new Error('bench/load/worker.ts runs as a worker thread');
const { baseUrl } = workerData as { baseUrl: string };
const client = createHttpClient(baseUrl);
const participants: Participant[] = [];
let metrics = emptyMetrics();
const eventLoop = monitorEventLoop();

port.on('message', async (command: WorkerCommand) => {
  switch (command.type) {
    case 'add':
      for (const account of command.accounts) {
        participants.push(
          new Participant(
            client,
            { kind: 'user', account },
            command.mode,
            () => metrics,
            Math.random() * command.joinSpreadMs,
          ),
        );
      }
      break;
    case 'add-study':
      for (const { prolificPid, atEpochMs } of command.joins) {
        participants.push(
          new Participant(
            client,
            {
              kind: 'participant',
              studyCode: command.studyCode,
              params: { PROLIFIC_PID: prolificPid },
              again: command.again ?? false,
            },
            command.mode,
            () => metrics,
            Math.max(0, atEpochMs - Date.now()),
          ),
        );
      }
      break;
    case 'remove':
      if (command.count <= 0) break;
      for (const participant of participants.splice(-command.count)) participant.stop();
      break;
    case 'collect': {
      const collected = metrics;
      collected.eventLoopDelay = eventLoop.take();
      metrics = emptyMetrics();
      port.postMessage({ type: 'metrics', metrics: collected } satisfies WorkerReply);
      break;
    }
    case 'count-joined':
      port.postMessage({
        type: 'joined',
        count: participants.filter((participant) => participant.isJoined).length,
        finished: participants.filter((participant) => participant.isFinished).length,
      } satisfies WorkerReply);
      break;
    case 'login-burst': {
      // Every login at once, each on its own connection, as 50 browsers would send them.
      const replies = await Promise.all(
        command.accounts.map(async (account) => {
          const browser = createHttpClient(baseUrl);
          const login = api.logIn(account);
          const reply = await browser.request(login.method, login.path, {
            body: JSON.stringify(login.body),
          });
          browser.close();
          return reply;
        }),
      );
      port.postMessage({
        type: 'burst',
        result: { statuses: replies.map((r) => r.status), ms: replies.map((r) => r.ms) },
      } satisfies WorkerReply);
      break;
    }
    case 'stop': {
      const stopping = participants.splice(0);
      for (const participant of stopping) participant.stop();
      await Promise.all(stopping.map((participant) => participant.done));
      port.postMessage({ type: 'stopped' } satisfies WorkerReply);
      break;
    }
  }
});
