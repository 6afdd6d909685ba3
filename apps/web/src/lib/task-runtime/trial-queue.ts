import { getBackoffDelay, positionOf, type TrialEnvelope, type TrialPosition } from '@cogni/domain';
import { z } from 'zod';
import { apiRequest, isApiError } from '../api-client';
import { createIdbTrialStore } from './idb-trial-store';

/**
 * One completed trial waiting to be saved on the server.
 *
 * ASVS 14.3.3 asks for no sensitive data in client storage; this outbox is a documented exception
 * kept de-identified: an item holds the random result id and the trial (stimulus, answer,
 * timings), never a user id, email or name. Items are deleted once the server acknowledges them
 * and all of them at logout (ASVS 14.3.1).
 */
export type QueuedTrial = {
  /** getTrialKey of the trial: one slot per trial position, as on the server. */
  key: string;
  resultId: string;
  trial: TrialEnvelope;
  /** Orders the queue. Strictly increasing within a page, so two trials never tie. */
  enqueuedAt: number;
};

/** Where queued trials live until the server has them. */
export type TrialStore = {
  /** False when a page reload loses the items (memory), so the UI can warn. */
  readonly isDurable: boolean;
  /** Adds or replaces the item with the same key; resolves once it is stored. */
  put(item: QueuedTrial): Promise<void>;
  delete(key: string): Promise<void>;
  /** Every item, oldest enqueuedAt first. */
  list(): Promise<QueuedTrial[]>;
  clear(): Promise<void>;
};

/** What the UI shows about the outbox; a new object only when a field changed. */
export type TrialQueueSnapshot = {
  readonly pending: number;
  readonly isSending: boolean;
  /** The session ended (401): nothing is sent until resume() or the next enqueue. */
  readonly isPaused: boolean;
  readonly lastError: string | null;
  /** False when trials live in memory only (no IndexedDB): a reload would lose them. */
  readonly isDurable: boolean;
};

/** Saves one trial on the server; resolves on 2xx and throws (ideally an ApiError) otherwise. */
export type SendTrial = (resultId: string, trial: TrialEnvelope) => Promise<unknown>;

export type TrialQueueOptions = {
  store: TrialStore;
  send: SendTrial;
  /** Returns [0, 1); injected so tests can pin the jitter. */
  random?: () => number;
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  /** Told about a trial the server refused for good (400, 404, 409...): it has been dropped. */
  onPermanentFailure?: (item: QueuedTrial, error: unknown) => void;
  /** Returns the wall-clock time in ms; injected so tests can pin enqueuedAt. */
  now?: () => number;
};

export type TrialQueue = {
  /** Stores the trial durably, then starts sending; resolves once stored, not once sent. */
  enqueue(resultId: string, trial: TrialEnvelope): Promise<void>;
  /** Sends now: skips the backoff wait and resets it. Does not leave the paused state. */
  flush(): void;
  /** Leaves the paused (401) state and sends. */
  resume(): void;
  /** Resolves once no item of that result is left (sent, or dropped as refused). */
  whenDrained(resultId: string): Promise<void>;
  /**
   * That result's queued trials, in enqueue order (saved locally, so done): each one's position
   * and correctness, for tasks whose run order depends on it (a criterion-practice round is
   * repeated while accuracy is below the criterion).
   */
  pendingTrials(resultId: string): Promise<PendingTrial[]>;
  /** Forgets every item and stops the timers (logout). */
  clear(): Promise<void>;
  subscribe(listener: () => void): () => void;
  getSnapshot(): TrialQueueSnapshot;
};

/**
 * Where a task's runtime puts each recorded trial: the outbox, or a stand-in in tests and
 * benchmarks. `Trial` is the task's own record, an envelope with its fields.
 */
export type TrialSink<Trial extends TrialEnvelope = TrialEnvelope> = {
  enqueue(resultId: string, trial: Trial): Promise<void>;
};

/** A queued trial's position and correctness. */
export type PendingTrial = TrialPosition & { isCorrect: boolean | null };

/** What to do after a failed send. */
export type FailureKind = 'transient' | 'unauthorized' | 'permanent';

/**
 * Sorts a send failure. Only a 4xx the server means is treated as final; everything else (no
 * answer, 5xx, 429, 408, an unreadable 2xx from a captive portal, an unexpected exception) is
 * retried, because dropping a trial is the one outcome the outbox exists to prevent.
 */
export function classifySendFailure(error: unknown): FailureKind {
  if (!isApiError(error)) return 'transient';
  if (error.status === 401) return 'unauthorized';
  if (error.status === 408 || error.status === 429) return 'transient';
  if (error.status >= 400 && error.status < 500) return 'permanent';
  return 'transient';
}

/**
 * Builds the key of a trial's slot: the server stores at most one trial per slot (D14). Block 0
 * keeps the key trials had before blocks existed, so a trial queued then is still found.
 */
export function getTrialKey(
  resultId: string,
  position: Pick<TrialEnvelope, 'phase' | 'block' | 'trialNumber'>,
): string {
  const { phase, block, trialNumber } = positionOf(position);
  return block === 0
    ? `${resultId}:${phase}:${trialNumber}`
    : `${resultId}:${phase}:${block}:${trialNumber}`;
}

/** A store that forgets everything on reload: for tests, and when IndexedDB is unavailable. */
export function createMemoryTrialStore(): TrialStore {
  const items = new Map<string, QueuedTrial>();
  return {
    isDurable: false,
    async put(item) {
      // A copy, as IndexedDB makes one: a caller mutating its object later must not change it.
      items.set(item.key, structuredClone(item));
    },
    async delete(key) {
      items.delete(key);
    },
    async list() {
      return [...items.values()]
        .sort((a, b) => a.enqueuedAt - b.enqueuedAt)
        .map((item) => structuredClone(item));
    },
    async clear() {
      items.clear();
    },
  };
}

/** The server's answer to a saved trial: 201 first time, 200 with duplicate for a replay. */
const SaveTrialResponseSchema = z.object({ saved: z.literal(true), duplicate: z.boolean() });

/**
 * Saves one trial: `PUT /api/results/:resultId/trials/:phase/:block/:trialNumber`. The path names the
 * slot, so a replay after a lost answer is answered 200 instead of creating a second row (R1).
 */
export function putTrial(
  resultId: string,
  trial: TrialEnvelope,
): Promise<z.output<typeof SaveTrialResponseSchema>> {
  const { phase, block, trialNumber } = positionOf(trial);
  const path = `/api/results/${encodeURIComponent(resultId)}/trials/${encodeURIComponent(phase)}/${block}/${trialNumber}`;
  // The answer is checked, not just its status: a captive portal's 200 HTML page must not count
  // as saved (it becomes an ApiError, which classifySendFailure retries).
  return apiRequest(path, { method: 'PUT', body: trial, schema: SaveTrialResponseSchema });
}

function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * A durable outbox for completed trials (R2): each trial is written to the store before it is
 * sent, sent one at a time in enqueue order, and deleted only after a 2xx. Transient failures are
 * retried with backoff and no retry limit; JATOS gave up after 5 tries and lost data.
 *
 * Items left by an earlier page load are loaded and sent as soon as the queue is created.
 */
export function createTrialQueue(options: TrialQueueOptions): TrialQueue {
  const {
    store,
    send,
    random = Math.random,
    setTimeout: startTimer = (callback, ms) => globalThis.setTimeout(callback, ms),
    clearTimeout: stopTimer = (handle) =>
      globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
    onPermanentFailure,
    now = Date.now,
  } = options;

  /** Where items are written; swapped for a memory store if the durable one starts failing. */
  let activeStore = store;
  /** The queue's own copy of the store's items, so reads need no store round trip. */
  const items = new Map<string, QueuedTrial>();
  /**
   * The newest copy of each slot, set before its store write starts. A slot enqueued again while
   * its older copy is in flight must not lose the newer copy when the older one is acknowledged.
   */
  const newest = new Map<string, QueuedTrial>();
  let lastEnqueuedAt = Number.NEGATIVE_INFINITY;

  /** Bumped by clear(): work begun before it must not touch what comes after. */
  let generation = 0;
  /** The generation whose send loop is running, if any. */
  let loopGeneration: number | null = null;
  let attempt = 0;
  let timer: { handle: unknown } | null = null;
  let wake: (() => void) | null = null;

  let snapshot: TrialQueueSnapshot = {
    pending: 0,
    isSending: false,
    isPaused: false,
    lastError: null,
    isDurable: store.isDurable,
  };
  const listeners = new Set<() => void>();
  const drainWaiters = new Set<{ resultId: string; resolve: () => void }>();

  /**
   * Trials handed to enqueue whose store write has not finished, by key: they count as pending
   * from the first moment, so the page never says 'All trials saved' while one is on its way.
   */
  const writing = new Map<string, string>();

  function countPending(): number {
    let count = items.size;
    for (const key of writing.keys()) if (!items.has(key)) count++;
    return count;
  }

  function update(changes: Partial<TrialQueueSnapshot>): void {
    const next = { ...snapshot, ...changes, pending: countPending() };
    const keys = Object.keys(next) as (keyof TrialQueueSnapshot)[];
    if (keys.every((key) => next[key] === snapshot[key])) return;
    snapshot = next;
    for (const listener of [...listeners]) listener();
  }

  function hasItemsOf(resultId: string): boolean {
    for (const item of items.values()) if (item.resultId === resultId) return true;
    for (const owner of writing.values()) if (owner === resultId) return true;
    return false;
  }

  function settleDrainWaiters(): void {
    for (const waiter of [...drainWaiters]) {
      if (hasItemsOf(waiter.resultId)) continue;
      drainWaiters.delete(waiter);
      waiter.resolve();
    }
  }

  /** Forgets a sent or refused copy, unless a newer copy of its slot was enqueued meanwhile. */
  async function removeItem(item: QueuedTrial): Promise<void> {
    if (newest.get(item.key) !== item) {
      // The newer copy overwrites this one in the store and is sent after it.
      if (items.get(item.key) === item) items.delete(item.key);
      return;
    }
    await storeDelete(item.key);
    if (newest.get(item.key) !== item) return;
    newest.delete(item.key);
    items.delete(item.key);
    settleDrainWaiters();
  }

  function oldestItem(): QueuedTrial | undefined {
    let oldest: QueuedTrial | undefined;
    for (const item of items.values()) {
      if (!oldest || item.enqueuedAt < oldest.enqueuedAt) oldest = item;
    }
    return oldest;
  }

  /** Keeps the queue working in memory once the durable store fails (quota, private mode). */
  function fallBackToMemory(error: unknown): void {
    if (!activeStore.isDurable) return;
    console.error('Trial outbox: local storage failed; trials are kept in memory only', error);
    const memory = createMemoryTrialStore();
    // The memory store writes synchronously, so it is complete before anything else runs.
    for (const item of items.values()) void memory.put(item);
    activeStore = memory;
    update({ isDurable: false });
  }

  async function storePut(item: QueuedTrial): Promise<void> {
    try {
      await activeStore.put(item);
    } catch (error) {
      fallBackToMemory(error);
      await activeStore.put(item);
    }
  }

  async function storeDelete(key: string): Promise<void> {
    try {
      await activeStore.delete(key);
    } catch {
      // The item stays on disk and is sent again after a reload; the server answers 200
      // duplicate, so a failed delete costs a request, never a trial.
    }
  }

  const ready = (async () => {
    let stored: QueuedTrial[];
    try {
      stored = await store.list();
    } catch (error) {
      fallBackToMemory(error);
      return;
    }
    // clear() ran meanwhile: these items belong to the session that ended.
    if (generation !== 0) return;
    for (const item of stored) {
      if (newest.has(item.key)) continue;
      newest.set(item.key, item);
      items.set(item.key, item);
      lastEnqueuedAt = Math.max(lastEnqueuedAt, item.enqueuedAt);
    }
    update({});
  })();
  // Trials an earlier page load left behind go out without waiting for a new one.
  void ready.then(() => kick());

  function waitForRetry(ms: number): Promise<void> {
    return new Promise((resolve) => {
      wake = resolve;
      timer = {
        handle: startTimer(() => {
          timer = null;
          wake = null;
          resolve();
        }, ms),
      };
    });
  }

  function cancelWait(): void {
    if (timer) stopTimer(timer.handle);
    timer = null;
    const resolve = wake;
    wake = null;
    resolve?.();
  }

  async function runSendLoop(): Promise<void> {
    await ready;
    if (loopGeneration !== null || snapshot.isPaused) return;
    const loop = generation;
    loopGeneration = loop;
    const isCurrent = () => generation === loop;
    try {
      for (;;) {
        const item = oldestItem();
        if (!item || snapshot.isPaused) break;
        update({ isSending: true });
        let failure: unknown;
        let failed = false;
        try {
          await send(item.resultId, item.trial);
        } catch (error) {
          failed = true;
          failure = error;
        }
        if (!isCurrent()) return;

        if (!failed) {
          attempt = 0;
          await removeItem(item);
          if (!isCurrent()) return;
          update({ lastError: null });
          continue;
        }

        const kind = classifySendFailure(failure);
        if (kind === 'unauthorized') {
          update({ isPaused: true, lastError: describeError(failure) });
          break;
        }
        if (kind === 'permanent') {
          attempt = 0;
          await removeItem(item);
          if (!isCurrent()) return;
          update({ lastError: describeError(failure) });
          try {
            onPermanentFailure?.(item, failure);
          } catch (error) {
            // A faulty listener must not stop the trials behind this one.
            console.error(error);
          }
          continue;
        }

        update({ isSending: false, lastError: describeError(failure) });
        const delay = getBackoffDelay(attempt, random);
        attempt += 1;
        await waitForRetry(delay);
        if (!isCurrent()) return;
      }
    } finally {
      if (isCurrent()) {
        loopGeneration = null;
        update({ isSending: false });
      }
    }
  }

  async function enqueueNow(started: number, key: string, resultId: string, trial: TrialEnvelope) {
    await ready;
    // Logged out meanwhile: the trial belongs to the session that ended.
    if (generation !== started) return;
    lastEnqueuedAt = Math.max(now(), lastEnqueuedAt + 1);
    const item: QueuedTrial = {
      key,
      resultId,
      // A copy: what is sent must be what was stored, even if the caller reuses its object.
      trial: structuredClone(trial),
      enqueuedAt: lastEnqueuedAt,
    };
    newest.set(item.key, item);
    await storePut(item);
    if (generation !== started) return;
    // An even newer copy may have been enqueued while this one was written.
    if (newest.get(item.key) === item) items.set(item.key, item);
    // A new trial means someone is using the page, so try a session that failed once more.
    update({ isPaused: false });
    kick();
  }

  /** That result's queued items, in enqueue order. */
  async function pendingItems(resultId: string): Promise<QueuedTrial[]> {
    await ready;
    return [...items.values()]
      .filter((item) => item.resultId === resultId)
      .sort((a, b) => a.enqueuedAt - b.enqueuedAt);
  }

  function kick(): void {
    runSendLoop().catch((error: unknown) => {
      // Only a bug gets here (send failures are caught); the next enqueue or flush starts over.
      console.error(error);
    });
  }

  function flush(): void {
    attempt = 0;
    // A waiting loop carries on at once; otherwise start one.
    if (wake) cancelWait();
    else kick();
  }

  return {
    async enqueue(resultId, trial) {
      const started = generation;
      const key = getTrialKey(resultId, trial);
      writing.set(key, resultId);
      update({});
      try {
        await enqueueNow(started, key, resultId, trial);
      } finally {
        writing.delete(key);
        update({});
        settleDrainWaiters();
      }
    },

    flush,

    resume() {
      update({ isPaused: false });
      flush();
    },

    async whenDrained(resultId) {
      await ready;
      if (!hasItemsOf(resultId)) return;
      await new Promise<void>((resolve) => {
        drainWaiters.add({ resultId, resolve });
      });
    },

    async pendingTrials(resultId) {
      return (await pendingItems(resultId)).map(({ trial }) => ({
        ...positionOf(trial),
        isCorrect: trial.isCorrect,
      }));
    },

    async clear() {
      generation += 1;
      loopGeneration = null;
      attempt = 0;
      cancelWait();
      items.clear();
      newest.clear();
      settleDrainWaiters();
      update({ isSending: false, isPaused: false, lastError: null });
      const stores = activeStore === store ? [store] : [activeStore, store];
      // Best effort on the original store too: after a fallback it may still hold old items.
      await Promise.allSettled(stores.map((target) => target.clear()));
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    getSnapshot() {
      return snapshot;
    },
  };
}

/** Sends at once when the browser reports the network back; returns a disposer. */
export function connectQueueToWindow(
  queue: Pick<TrialQueue, 'flush'>,
  target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> = window,
): () => void {
  const onOnline = () => queue.flush();
  target.addEventListener('online', onOnline);
  return () => target.removeEventListener('online', onOnline);
}

let sharedQueue: TrialQueue | null = null;

function hasIndexedDb(): boolean {
  try {
    return typeof indexedDB !== 'undefined' && indexedDB !== null;
  } catch {
    // Some browsers throw on merely reading indexedDB when storage is blocked.
    return false;
  }
}

/**
 * The page's trial outbox: IndexedDB-backed, saving through putTrial, flushed on 'online'.
 * Creating it sends what an earlier page load left, so call it early (at start-up).
 * Without IndexedDB it keeps trials in memory and its snapshot says isDurable: false.
 */
export function getTrialQueue(): TrialQueue {
  if (!sharedQueue) {
    const store = hasIndexedDb() ? createIdbTrialStore() : createMemoryTrialStore();
    sharedQueue = createTrialQueue({ store, send: putTrial });
    if (typeof window !== 'undefined') connectQueueToWindow(sharedQueue);
  }
  return sharedQueue;
}

/**
 * Empties the outbox at logout (ASVS 14.3.1): the queue's items, or, if this page never made the
 * queue, what an earlier page load left in IndexedDB.
 */
export async function clearTrialQueue(): Promise<void> {
  if (sharedQueue) {
    await sharedQueue.clear();
    return;
  }
  if (!hasIndexedDb()) return;
  try {
    await createIdbTrialStore().clear();
  } catch (error) {
    console.error('Trial outbox: could not clear local storage', error);
  }
}
