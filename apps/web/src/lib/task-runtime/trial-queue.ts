import {
  getBackoffDelay,
  savedTrialOf,
  savedTrialWithFields,
  type TrialEnvelope,
  type TrialPosition,
} from '@cogni/domain';
import { classifySendFailure } from './put-trial';
import {
  createMemoryTrialStore,
  getTrialKey,
  type QueuedTrial,
  type TrialStore,
} from './trial-store';

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
export type SendTrial = (
  resultId: string,
  trial: TrialEnvelope,
  runsPath?: string,
) => Promise<unknown>;

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
  /** The runs path a result's trials are saved under (run-paths.ts), stored with each trial. */
  runsPathOf?: (resultId: string) => string;
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
   * repeated while accuracy is below the criterion), and the task's own fields named in
   * `fieldKeys` (its `runOrderFields`), if given.
   */
  pendingTrials(resultId: string, fieldKeys?: readonly string[]): Promise<PendingTrial[]>;
  /** Forgets every item and stops the timers (logout). */
  clear(): Promise<void>;
  /**
   * Forgets the items saved under `runsPath` (a study participant's runs, run-paths.ts), unsent:
   * a participant who withdrew or stopped sends nothing more. Other items stay queued.
   */
  discardUnder(runsPath: string): Promise<void>;
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

/** A queued trial's position and correctness, and the run-order fields asked for. */
export type PendingTrial = TrialPosition & {
  isCorrect: boolean | null;
  fields?: Record<string, unknown>;
};

function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * A durable outbox for completed trials (ADR 007): each trial is written to the store before it is
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
    runsPathOf,
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
          await send(item.resultId, item.trial, item.runsPath);
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
      ...(runsPathOf ? { runsPath: runsPathOf(resultId) } : {}),
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

    async pendingTrials(resultId, fieldKeys) {
      return (await pendingItems(resultId)).map(({ trial }) =>
        fieldKeys ? savedTrialWithFields(trial, fieldKeys) : savedTrialOf(trial),
      );
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

    async discardUnder(runsPath) {
      await ready;
      const dropped = new Map<string, QueuedTrial>();
      for (const item of [...items.values(), ...newest.values()]) {
        if (item.runsPath === runsPath) dropped.set(item.key, item);
      }
      for (const key of dropped.keys()) {
        newest.delete(key);
        items.delete(key);
      }
      await Promise.allSettled([...dropped.keys()].map((key) => storeDelete(key)));
      settleDrainWaiters();
      update({});
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
