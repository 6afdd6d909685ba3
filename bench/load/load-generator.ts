import { Worker } from 'node:worker_threads';
import { mergeMetrics, type WorkerMetrics } from './metrics';
import type { Account, SaveMode } from './participant';
import type { BurstResult, StudyJoin, WorkerCommand, WorkerReply } from './worker';

/**
 * The participants, spread over worker threads of this process: the server is a process of its
 * own, so the generator never shares its event loop. Two threads on two cores: one would fall
 * behind its own timers at the ceiling's rates and add its delays to the latencies it measures.
 */
export type LoadGenerator = {
  /** The server the participants talk to. */
  readonly baseUrl: string;
  readonly participants: number;
  /** Trial saves answered 201 in everything collected so far: rows the server says it stored. */
  /** Every trial answer so far (collect() adds each window's). */
  readonly trials: TrialTally;
  /**
   * Adds or stops participants until `target` run; new ones join over `joinSpreadMs`. They are
   * signed-in users, one per account; or, for a generator made with a `studyCode`, participants
   * of that study's open link, each followed by a new one when it finishes.
   */
  setParticipants(target: number, mode: SaveMode, joinSpreadMs: number): void;
  /**
   * Adds `count` participants of the study whose open link is `studyCode` (ADR 040), the
   * first now and the others evenly spread over `joinSpreadMs`; participant i brings
   * PROLIFIC_PID `bench-<i>`. Each takes the study once and finishes.
   */
  addStudyParticipants(
    studyCode: string,
    count: number,
    joinSpreadMs: number,
    mode: SaveMode,
  ): void;
  /** Participants saving trials or past them, and study participants finished, right now. */
  progress(): Promise<{ joined: number; finished: number }>;
  /** What the participants saw since the last collect. */
  collect(): Promise<WorkerMetrics>;
  /**
   * Resolves once every participant has logged in and started its first test, with the
   * seconds that took, or with null after `timeoutMs`.
   */
  waitUntilJoined(timeoutMs: number): Promise<number | null>;
  /** Logs every account in at once; resolves when all have answered. */
  loginBurst(accounts: Account[]): Promise<BurstResult>;
  /** Stops every participant and waits until their last requests are answered. */
  stopAll(): Promise<void>;
  close(): Promise<void>;
};

/** What the participants were told about their trials (metrics.ts). */
export type TrialTally = { created: number; confirmedLate: number; unanswered: number };

/** Trials the participants were told are saved: 201, or 200 after a lost answer. */
export const confirmedTrials = (t: TrialTally) => t.created + t.confirmedLate;

/**
 * Throws unless every trial a participant was told is saved is in the database, and nothing
 * else is but trials whose last answer never came (the participant was stopped while trying
 * again: the server may have stored them). Rows are unique per trial, so none is counted twice.
 */
export function checkTrialsStored(tally: TrialTally, stored: number): void {
  const confirmed = confirmedTrials(tally);
  if (stored < confirmed || stored > confirmed + tally.unanswered) {
    throw new Error(
      `${confirmed} trials confirmed (${tally.created} with 201, ${tally.confirmedLate} with 200 ` +
        `after a lost answer), ${tally.unanswered} unanswered when stopped, ${stored} stored`,
    );
  }
}

type Thread = { worker: Worker; participants: number };

/**
 * A thread does not inherit tsx's loader from `tsx bench/load.ts` (Node 20), so it starts as
 * plain JavaScript and loads worker.ts through tsx's API.
 */
const WORKER_BOOTSTRAP = `
import('tsx/esm/api')
  .then(({ tsImport }) => tsImport(${JSON.stringify(new URL('./worker.ts', import.meta.url).href)}, __filename))
  .catch((error) => { console.error(error); process.exit(1); });
`;

function ask<T extends WorkerReply['type']>(
  thread: Thread,
  command: WorkerCommand,
  replyType: T,
): Promise<Extract<WorkerReply, { type: T }>> {
  return new Promise((resolve) => {
    const onMessage = (reply: WorkerReply) => {
      if (reply.type !== replyType) return;
      thread.worker.off('message', onMessage);
      resolve(reply as Extract<WorkerReply, { type: T }>);
    };
    thread.worker.on('message', onMessage);
    thread.worker.postMessage(command);
  });
}

export function createLoadGenerator(
  baseUrl: string,
  accounts: Account[],
  options: { threads?: number; studyCode?: string } = {},
): LoadGenerator {
  const { threads: threadCount = 2, studyCode } = options;
  const threads: Thread[] = Array.from({ length: threadCount }, () => {
    const worker = new Worker(WORKER_BOOTSTRAP, { eval: true, workerData: { baseUrl } });
    worker.on('error', (error) => {
      console.error(`load generator thread failed: ${error.stack ?? error.message}`);
      process.exit(1);
    });
    return { worker, participants: 0 };
  });
  const total = () => threads.reduce((sum, thread) => sum + thread.participants, 0);
  const fewest = () => threads.reduce((a, b) => (b.participants < a.participants ? b : a));
  const most = () => threads.reduce((a, b) => (b.participants > a.participants ? b : a));
  const removeDownTo = (target: number) => {
    while (total() > target) {
      const thread = most();
      const count = Math.min(total() - target, thread.participants);
      thread.participants -= count;
      thread.worker.postMessage({ type: 'remove', count } satisfies WorkerCommand);
    }
  };
  /** Study participants made by setParticipants, for their panel ids. */
  let nextJoin = 0;
  const setStudyParticipants = (
    code: string,
    target: number,
    mode: SaveMode,
    joinSpreadMs: number,
  ) => {
    const firstAt = Date.now();
    while (total() < target) {
      const thread = fewest();
      const count = Math.min(target - total(), 100);
      const joins: StudyJoin[] = Array.from({ length: count }, () => ({
        prolificPid: `bench-step-${nextJoin++}`,
        atEpochMs: firstAt + Math.random() * joinSpreadMs,
      }));
      thread.participants += count;
      thread.worker.postMessage({
        type: 'add-study',
        studyCode: code,
        joins,
        mode,
        again: true,
      } satisfies WorkerCommand);
    }
    removeDownTo(target);
  };
  // Accounts are handed out in order; after stopAll they can be used again (a new login).
  let nextAccount = 0;
  const trials: TrialTally = { created: 0, confirmedLate: 0, unanswered: 0 };

  return {
    baseUrl,
    get participants() {
      return total();
    },
    get trials() {
      return { ...trials };
    },
    setParticipants(target, mode, joinSpreadMs) {
      if (studyCode !== undefined) {
        setStudyParticipants(studyCode, target, mode, joinSpreadMs);
        return;
      }
      if (target > accounts.length) {
        throw new Error(`${target} participants asked for, ${accounts.length} accounts seeded`);
      }
      while (total() < target) {
        const thread = fewest();
        const count = Math.min(target - total(), 100);
        const batch = accounts.slice(nextAccount, nextAccount + count);
        nextAccount += count;
        thread.participants += count;
        thread.worker.postMessage({
          type: 'add',
          accounts: batch,
          mode,
          joinSpreadMs,
        } satisfies WorkerCommand);
      }
      removeDownTo(target);
    },
    addStudyParticipants(studyCode, count, joinSpreadMs, mode) {
      const firstAt = Date.now();
      const joins: StudyJoin[] = Array.from({ length: count }, (_, i) => ({
        prolificPid: `bench-${i}`,
        atEpochMs: firstAt + (i * joinSpreadMs) / count,
      }));
      // Dealt in turn, so each thread's participants are spread over the whole minute.
      threads.forEach((thread, t) => {
        const own = joins.filter((_, i) => i % threads.length === t);
        thread.participants += own.length;
        thread.worker.postMessage({
          type: 'add-study',
          studyCode,
          joins: own,
          mode,
        } satisfies WorkerCommand);
      });
    },
    async progress() {
      const replies = await Promise.all(
        threads.map((thread) => ask(thread, { type: 'count-joined' }, 'joined')),
      );
      return {
        joined: replies.reduce((sum, reply) => sum + reply.count, 0),
        finished: replies.reduce((sum, reply) => sum + reply.finished, 0),
      };
    },
    async collect() {
      const replies = await Promise.all(
        threads.map((thread) => ask(thread, { type: 'collect' }, 'metrics')),
      );
      const merged = mergeMetrics(replies.map((reply) => reply.metrics));
      trials.created += merged.trialsCreated;
      trials.confirmedLate += merged.trialsConfirmedLate;
      trials.unanswered += merged.trialsUnanswered;
      return merged;
    },
    async waitUntilJoined(timeoutMs) {
      const started = performance.now();
      while (performance.now() - started < timeoutMs) {
        const replies = await Promise.all(
          threads.map((thread) => ask(thread, { type: 'count-joined' }, 'joined')),
        );
        if (replies.reduce((sum, reply) => sum + reply.count, 0) >= total()) {
          return (performance.now() - started) / 1000;
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      return null;
    },
    async loginBurst(burstAccounts) {
      const [first] = threads;
      if (!first) throw new Error('no generator threads');
      return (await ask(first, { type: 'login-burst', accounts: burstAccounts }, 'burst')).result;
    },
    async stopAll() {
      await Promise.all(threads.map((thread) => ask(thread, { type: 'stop' }, 'stopped')));
      for (const thread of threads) thread.participants = 0;
      nextAccount = 0;
    },
    async close() {
      await Promise.all(threads.map((thread) => thread.worker.terminate()));
    },
  };
}
