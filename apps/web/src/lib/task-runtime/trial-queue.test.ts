import { BACKOFF_CAP_MS, type TrialEnvelope } from '@cogni/domain';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-client';
import { makeTrial } from './testing/make-trial';
import {
  createTrialQueue,
  type TrialQueue,
  type TrialQueueOptions,
  type TrialQueueSnapshot,
} from './trial-queue';
import {
  createMemoryTrialStore,
  getTrialKey,
  type QueuedTrial,
  type TrialStore,
} from './trial-store';

const RESULT = '11111111-1111-4111-8111-111111111111';
const OTHER_RESULT = '22222222-2222-4222-8222-222222222222';

/** Lets every pending promise callback run (no time passes: no timer is involved). */
function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

type Deferred = { resolve: (value?: unknown) => void; reject: (error: unknown) => void };

/** A fake API: every send waits until the test answers it. */
function createFakeServer() {
  const calls: { resultId: string; trial: TrialEnvelope; answer: Deferred }[] = [];
  const send = vi.fn((resultId: string, trial: TrialEnvelope, _runsPath?: string) => {
    return new Promise<unknown>((resolve, reject) => {
      calls.push({ resultId, trial, answer: { resolve, reject } });
    });
  });
  /** The answer to the latest call, which must be the only unanswered one. */
  const latest = () => {
    const call = calls.at(-1);
    if (!call) throw new Error('No request was sent');
    return call;
  };
  return {
    send,
    calls,
    sentNumbers: () => calls.map((call) => call.trial.trialNumber),
    succeed: async (body: unknown = { saved: true, duplicate: false }) => {
      latest().answer.resolve(body);
      await settle();
    },
    fail: async (error: unknown) => {
      latest().answer.reject(error);
      await settle();
    },
  };
}

/** A fake setTimeout: records the waits and runs them only when told. */
function createFakeClock() {
  let nextId = 1;
  const timers = new Map<number, { callback: () => void; ms: number }>();
  const delays: number[] = [];
  return {
    delays,
    pendingCount: () => timers.size,
    setTimeout: (callback: () => void, ms: number) => {
      const id = nextId++;
      timers.set(id, { callback, ms });
      delays.push(ms);
      return id;
    },
    clearTimeout: (handle: unknown) => {
      timers.delete(handle as number);
    },
    /** Fires the only pending timer, as if its delay had passed. */
    fire: async () => {
      const [entry, ...rest] = [...timers];
      if (!entry || rest.length > 0) throw new Error(`Expected one timer, found ${timers.size}`);
      timers.delete(entry[0]);
      entry[1].callback();
      await settle();
    },
  };
}

const networkError = () => new ApiError(0, 'NETWORK_ERROR', 'Could not reach the server.');

function setUp(overrides: Partial<TrialQueueOptions> = {}) {
  const store = overrides.store ?? createMemoryTrialStore();
  const server = createFakeServer();
  const clock = createFakeClock();
  const onPermanentFailure = vi.fn();
  const queue = createTrialQueue({
    store,
    send: server.send,
    random: () => 1,
    setTimeout: clock.setTimeout,
    clearTimeout: clock.clearTimeout,
    onPermanentFailure,
    ...overrides,
  });
  const storedNumbers = async () => (await store.list()).map((item) => item.trial.trialNumber);
  return { store, server, clock, queue, onPermanentFailure, storedNumbers };
}

describe('createTrialQueue', () => {
  it("stores each trial with its run's path, and sends it there after a reload", async () => {
    const store = createMemoryTrialStore();
    const runsPathOf = (resultId: string) =>
      resultId === RESULT ? '/api/participation/abcdefghjkmn/runs' : '/api/results';
    const first = setUp({ store, runsPathOf });
    await first.queue.enqueue(RESULT, makeTrial(0));
    await first.queue.enqueue(OTHER_RESULT, makeTrial(1));
    expect((await store.list()).map((item) => item.runsPath)).toEqual([
      '/api/participation/abcdefghjkmn/runs',
      '/api/results',
    ]);
    expect(first.server.send).toHaveBeenCalledWith(
      RESULT,
      expect.objectContaining({ trialNumber: 0 }),
      '/api/participation/abcdefghjkmn/runs',
    );
    // A new page, which knows no run's path yet: the stored path is the one used.
    const reloaded = setUp({ store, runsPathOf: () => '/api/results' });
    reloaded.queue.flush();
    await settle();
    expect(reloaded.server.calls[0]?.resultId).toBe(RESULT);
    expect(reloaded.server.send.mock.calls[0]?.[2]).toBe('/api/participation/abcdefghjkmn/runs');
  });

  it('discards the trials saved under a study participant’s runs path, unsent, and keeps the others', async () => {
    const study = '/api/participation/abcdefghjkmn/runs';
    const runsPathOf = (resultId: string) => (resultId === RESULT ? study : '/api/results');
    const { store, server, queue } = setUp({ runsPathOf });
    await queue.enqueue(RESULT, makeTrial(0));
    await queue.enqueue(RESULT, makeTrial(1));
    await queue.enqueue(OTHER_RESULT, makeTrial(2));
    // The first trial is on its way when the participant withdraws.
    expect(server.calls).toHaveLength(1);
    await queue.discardUnder(study);
    expect((await store.list()).map((item) => item.trial.trialNumber)).toEqual([2]);
    await queue.whenDrained(RESULT);
    await server.fail(new ApiError(409, 'CONFLICT', 'Your participation has ended'));
    // The next sent is the other run's trial; nothing of the study's is sent again.
    expect(server.calls.map((call) => call.resultId)).toEqual([RESULT, OTHER_RESULT]);
    expect(queue.getSnapshot().pending).toBe(1);
  });

  it('resolves enqueue() only once stored, and sends nothing before that', async () => {
    const memory = createMemoryTrialStore();
    let finishWrite: () => void = () => {};
    const slowStore: TrialStore = {
      ...memory,
      isDurable: true,
      put: async (item) => {
        await new Promise<void>((resolve) => {
          finishWrite = resolve;
        });
        await memory.put(item);
      },
    };
    const { queue, server } = setUp({ store: slowStore });
    let resolved = false;
    void queue.enqueue(RESULT, makeTrial(0)).then(() => {
      resolved = true;
    });
    await settle();
    expect(resolved).toBe(false);
    expect(server.send).not.toHaveBeenCalled();
    // Counted as pending from the start, so the page never claims 'All trials saved' too early.
    expect(queue.getSnapshot().pending).toBe(1);
    let drained = false;
    void queue.whenDrained(RESULT).then(() => {
      drained = true;
    });
    await settle();
    expect(drained).toBe(false);

    finishWrite();
    await settle();
    expect(resolved).toBe(true);
    expect((await memory.list()).map((item) => item.key)).toEqual([`${RESULT}:test:0`]);
    expect(server.sentNumbers()).toEqual([0]);
    expect(drained).toBe(false);
    await server.succeed();
    expect(drained).toBe(true);
  });

  it('sends one at a time in enqueue order, even within the same millisecond', async () => {
    const { queue, server, store, storedNumbers } = setUp({ now: () => 1000 });

    // Enqueued in an order that sorting by key would not give (10 < 9 as text).
    await queue.enqueue(RESULT, makeTrial(9));
    await queue.enqueue(RESULT, makeTrial(10));
    await queue.enqueue(RESULT, makeTrial(2));
    expect((await store.list()).map((item) => item.enqueuedAt)).toEqual([1000, 1001, 1002]);
    await settle();
    // Only the first is in flight while it is unanswered.
    expect(server.sentNumbers()).toEqual([9]);

    await server.succeed();
    expect(server.sentNumbers()).toEqual([9, 10]);
    await server.succeed();
    await server.succeed();
    expect(server.sentNumbers()).toEqual([9, 10, 2]);
    expect(server.calls.every((call) => call.resultId === RESULT)).toBe(true);
    expect(server.calls[2]?.trial).toEqual(makeTrial(2));
    expect(await storedNumbers()).toEqual([]);
  });

  it('keeps an item in the store until the server answers 2xx', async () => {
    const { queue, server, clock, storedNumbers } = setUp();
    await queue.enqueue(RESULT, makeTrial(7));
    await settle();

    expect(await storedNumbers()).toEqual([7]);
    await server.fail(networkError());
    expect(await storedNumbers()).toEqual([7]);
    expect(queue.getSnapshot().pending).toBe(1);

    await clock.fire();
    expect(await storedNumbers()).toEqual([7]);
    await server.succeed();
    expect(await storedNumbers()).toEqual([]);
    expect(queue.getSnapshot().pending).toBe(0);
  });

  it('retries transient failures with growing, capped backoff and never gives up', async () => {
    const { queue, server, clock, onPermanentFailure, storedNumbers } = setUp();
    await queue.enqueue(RESULT, makeTrial(3));
    await queue.enqueue(RESULT, makeTrial(4));
    await settle();

    const transientErrors = [
      networkError(),
      new ApiError(500, 'INTERNAL', 'Oops'),
      new ApiError(503, 'UNAVAILABLE', 'Busy'),
      new ApiError(429, 'RATE_LIMITED', 'Slow down'),
      new ApiError(200, 'INVALID_RESPONSE', 'Captive portal page'),
      new TypeError('Something unexpected'),
    ];
    for (let attempt = 0; attempt < 50; attempt += 1) {
      await server.fail(transientErrors[attempt % transientErrors.length]);
      expect(clock.pendingCount()).toBe(1);
      await clock.fire();
    }
    // Trial 3 was sent 51 times and trial 4 waited behind it the whole time.
    expect(server.sentNumbers()).toEqual(Array(51).fill(3));
    expect(await storedNumbers()).toEqual([3, 4]);
    expect(queue.getSnapshot().lastError).not.toBeNull();

    await server.succeed();
    expect(server.sentNumbers().slice(-1)).toEqual([4]);
    await server.succeed();
    expect(await storedNumbers()).toEqual([]);
    expect(onPermanentFailure).not.toHaveBeenCalled();
    expect(queue.getSnapshot().lastError).toBeNull();

    // random() is 1, so each wait is the ceiling: 500 ms doubling up to the 30 s cap.
    expect(clock.delays.slice(0, 8)).toEqual([500, 1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(clock.delays.at(-1)).toBe(BACKOFF_CAP_MS);
  });

  it('draws each wait uniformly below the ceiling (full jitter)', async () => {
    const draws = [0.5, 0.25, 0];
    const { queue, server, clock } = setUp({ random: () => draws.shift() ?? 1 });
    await queue.enqueue(RESULT, makeTrial(0));
    await settle();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await server.fail(networkError());
      await clock.fire();
    }
    expect(clock.delays).toEqual([250, 250, 0]);
  });

  it('drops a trial the server refuses for good, reports it and moves on', async () => {
    const { queue, server, clock, onPermanentFailure, storedNumbers } = setUp();
    for (const number of [0, 1, 2, 3, 4, 5]) await queue.enqueue(RESULT, makeTrial(number));
    await settle();

    const refusals = [
      new ApiError(409, 'CONFLICT', 'A different trial is stored there'),
      new ApiError(400, 'BAD_REQUEST', 'Invalid trial'),
      new ApiError(404, 'NOT_FOUND', 'Result not found'),
      new ApiError(413, 'PAYLOAD_TOO_LARGE', 'Too large'),
      new ApiError(403, 'FORBIDDEN', 'Forbidden'),
    ];
    for (const refusal of refusals) await server.fail(refusal);

    expect(server.sentNumbers()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(clock.pendingCount()).toBe(0);
    expect(onPermanentFailure).toHaveBeenCalledTimes(5);
    const [item, error] = onPermanentFailure.mock.calls[0] as [QueuedTrial, unknown];
    expect(item).toMatchObject({ key: `${RESULT}:test:0`, resultId: RESULT, trial: makeTrial(0) });
    expect(error).toBe(refusals[0]);
    expect(await storedNumbers()).toEqual([5]);
    expect(queue.getSnapshot().lastError).toBe('Forbidden');

    await server.succeed();
    expect(await storedNumbers()).toEqual([]);
  });

  it('keeps sending when the failure listener throws', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { queue, server } = setUp({
      onPermanentFailure: () => {
        throw new Error('listener bug');
      },
    });
    await queue.enqueue(RESULT, makeTrial(0));
    await queue.enqueue(RESULT, makeTrial(1));
    await settle();
    await server.fail(new ApiError(400, 'BAD_REQUEST', 'Invalid trial'));
    expect(server.sentNumbers()).toEqual([0, 1]);
    consoleError.mockRestore();
  });

  it('pauses on 401, keeping the items, until resume()', async () => {
    const { queue, server, clock, onPermanentFailure, storedNumbers } = setUp();
    await queue.enqueue(RESULT, makeTrial(0));
    await queue.enqueue(RESULT, makeTrial(1));
    await settle();

    await server.fail(new ApiError(401, 'UNAUTHENTICATED', 'Please log in'));
    expect(queue.getSnapshot()).toMatchObject({ isPaused: true, isSending: false, pending: 2 });
    expect(clock.pendingCount()).toBe(0);
    expect(await storedNumbers()).toEqual([0, 1]);
    expect(onPermanentFailure).not.toHaveBeenCalled();

    // Coming back online does not end the pause: the session is still gone.
    queue.flush();
    await settle();
    expect(server.send).toHaveBeenCalledTimes(1);

    queue.resume();
    await settle();
    expect(queue.getSnapshot().isPaused).toBe(false);
    expect(server.sentNumbers()).toEqual([0, 0]);
    await server.succeed();
    await server.succeed();
    expect(await storedNumbers()).toEqual([]);
  });

  it('leaves the 401 pause on the next enqueue, sending the oldest trial first', async () => {
    const { queue, server } = setUp();
    await queue.enqueue(RESULT, makeTrial(0));
    await settle();
    await server.fail(new ApiError(401, 'UNAUTHENTICATED', 'Please log in'));
    expect(queue.getSnapshot().isPaused).toBe(true);

    await queue.enqueue(RESULT, makeTrial(1));
    await settle();
    expect(queue.getSnapshot().isPaused).toBe(false);
    expect(server.sentNumbers()).toEqual([0, 0]);
  });

  it('counts a 200 duplicate answer as saved', async () => {
    const { queue, server, onPermanentFailure, storedNumbers } = setUp();
    await queue.enqueue(RESULT, makeTrial(0));
    await settle();
    await server.succeed({ saved: true, duplicate: true });
    expect(await storedNumbers()).toEqual([]);
    expect(onPermanentFailure).not.toHaveBeenCalled();
    expect(server.send).toHaveBeenCalledTimes(1);
  });

  it('flush() skips the backoff wait and starts over from the shortest wait', async () => {
    const { queue, server, clock } = setUp();
    await queue.enqueue(RESULT, makeTrial(0));
    await settle();
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await server.fail(networkError());
      await clock.fire();
    }
    await server.fail(networkError());
    expect(clock.delays.at(-1)).toBe(8000);
    expect(server.send).toHaveBeenCalledTimes(5);

    queue.flush();
    await settle();
    // Sent again without the timer firing, and the timer is gone.
    expect(server.send).toHaveBeenCalledTimes(6);
    expect(clock.pendingCount()).toBe(0);

    await server.fail(networkError());
    expect(clock.delays.at(-1)).toBe(500);
  });

  it('flush() while a request is in flight does not send a second one', async () => {
    const { queue, server } = setUp();
    await queue.enqueue(RESULT, makeTrial(0));
    await queue.enqueue(RESULT, makeTrial(1));
    await settle();
    queue.flush();
    queue.flush();
    await settle();
    expect(server.sentNumbers()).toEqual([0]);
  });

  it('sends what an earlier page load left in the store as soon as it is created', async () => {
    const store = createMemoryTrialStore();
    const leftover = (trialNumber: number, enqueuedAt: number): QueuedTrial => ({
      key: `${RESULT}:test:${trialNumber}`,
      resultId: RESULT,
      trial: makeTrial(trialNumber),
      enqueuedAt,
    });
    await store.put(leftover(9, 2000));
    await store.put(leftover(8, 1000));

    const { queue, server, storedNumbers } = setUp({ store, now: () => 500 });
    await settle();
    expect(queue.getSnapshot().pending).toBe(2);
    expect(server.sentNumbers()).toEqual([8]);

    // A new trial queues behind the leftovers even though the clock says otherwise.
    await queue.enqueue(RESULT, makeTrial(10));
    await server.succeed();
    await server.succeed();
    await server.succeed();
    expect(server.sentNumbers()).toEqual([8, 9, 10]);
    expect(await storedNumbers()).toEqual([]);
  });

  it('whenDrained() resolves once no trial of that result is left', async () => {
    const { queue, server } = setUp();
    await expect(queue.whenDrained(RESULT)).resolves.toBeUndefined();

    await queue.enqueue(RESULT, makeTrial(0));
    await queue.enqueue(OTHER_RESULT, makeTrial(0));
    await queue.enqueue(RESULT, makeTrial(1));
    let drained = false;
    let otherDrained = false;
    void queue.whenDrained(RESULT).then(() => {
      drained = true;
    });
    void queue.whenDrained(OTHER_RESULT).then(() => {
      otherDrained = true;
    });
    await settle();

    await server.succeed();
    expect(drained).toBe(false);
    await server.succeed();
    expect(otherDrained).toBe(true);
    expect(drained).toBe(false);
    await server.succeed();
    expect(drained).toBe(true);
  });

  it('pendingTrials() lists the queued positions of one result, in enqueue order', async () => {
    const { queue, server } = setUp();
    await queue.enqueue(RESULT, makeTrial(0, 'practice'));
    await queue.enqueue(OTHER_RESULT, makeTrial(5));
    await queue.enqueue(RESULT, makeTrial(1, 'practice'));
    await queue.enqueue(RESULT, makeTrial(0, 'test'));
    await settle();

    // The one in flight is not saved yet, so it still counts as queued.
    expect(await positionsIn(queue, RESULT)).toEqual([
      { phase: 'practice', block: 0, trialNumber: 0 },
      { phase: 'practice', block: 0, trialNumber: 1 },
      { phase: 'test', block: 0, trialNumber: 0 },
    ]);
    await server.succeed();
    expect(await positionsIn(queue, RESULT)).toEqual([
      { phase: 'practice', block: 0, trialNumber: 1 },
      { phase: 'test', block: 0, trialNumber: 0 },
    ]);
    expect(await positionsIn(queue, OTHER_RESULT)).toEqual([
      { phase: 'test', block: 0, trialNumber: 5 },
    ]);
  });

  it('pendingTrials() gives the correctness of each queued trial, for run orders that depend on it', async () => {
    const { queue } = setUp();
    await queue.enqueue(RESULT, makeTrial(0, 'practice', 1));
    await queue.enqueue(RESULT, { ...makeTrial(1, 'practice', 1), isCorrect: false });
    await queue.enqueue(OTHER_RESULT, makeTrial(5));
    expect(await queue.pendingTrials(RESULT)).toEqual([
      { phase: 'practice', block: 1, trialNumber: 0, isCorrect: true },
      { phase: 'practice', block: 1, trialNumber: 1, isCorrect: false },
    ]);
  });

  it('keeps one slot per block, and the key of block 0 as trials queued before blocks had it', async () => {
    expect(getTrialKey(RESULT, { phase: 'test', trialNumber: 3 })).toBe(`${RESULT}:test:3`);
    expect(getTrialKey(RESULT, makeTrial(3, 'test', 0))).toBe(`${RESULT}:test:3`);
    expect(getTrialKey(RESULT, makeTrial(3, 'practice', 2))).toBe(`${RESULT}:practice:2:3`);
    const { queue } = setUp();
    await queue.enqueue(RESULT, makeTrial(3, 'practice', 1));
    await queue.enqueue(RESULT, makeTrial(3, 'practice', 2));
    await queue.enqueue(RESULT, makeTrial(3, 'practice', 2));
    expect(await positionsIn(queue, RESULT)).toEqual([
      { phase: 'practice', block: 1, trialNumber: 3 },
      { phase: 'practice', block: 2, trialNumber: 3 },
    ]);
  });

  it('clear() empties the store, stops the timers and ignores the answer in flight', async () => {
    const { queue, server, clock, store, storedNumbers } = setUp();
    await queue.enqueue(RESULT, makeTrial(0));
    await queue.enqueue(RESULT, makeTrial(1));
    await settle();
    await server.fail(networkError());
    expect(clock.pendingCount()).toBe(1);

    const drained = queue.whenDrained(RESULT);
    await queue.clear();
    await expect(drained).resolves.toBeUndefined();
    expect(clock.pendingCount()).toBe(0);
    expect(await storedNumbers()).toEqual([]);
    expect(queue.getSnapshot()).toMatchObject({ pending: 0, isSending: false, lastError: null });

    // After logout, a new user's trial goes out on its own.
    await queue.enqueue(OTHER_RESULT, makeTrial(0));
    await settle();
    expect(server.calls.at(-1)?.resultId).toBe(OTHER_RESULT);

    // An answer from before clear() does not touch the new item.
    const deleteSpy = vi.spyOn(store, 'delete');
    await queue.clear();
    await queue.enqueue(OTHER_RESULT, makeTrial(0));
    await settle();
    server.calls.at(-2)?.answer.resolve({ saved: true, duplicate: false });
    await settle();
    expect(deleteSpy).not.toHaveBeenCalled();
    expect(await storedNumbers()).toEqual([0]);
  });

  it('replaces an item enqueued again while in flight and keeps the newer copy', async () => {
    const { queue, server, store } = setUp();
    await queue.enqueue(RESULT, makeTrial(0));
    await settle();
    const retaken = { ...makeTrial(0), reactionTime: 700 };
    await queue.enqueue(RESULT, retaken);
    await server.succeed();
    // The answer was for the old copy: the new one is still stored and sent next.
    expect((await store.list()).map((item) => item.trial.reactionTime)).toEqual([700]);
    expect(server.calls.at(-1)?.trial.reactionTime).toBe(700);
    expect(queue.getSnapshot().pending).toBe(1);
    await server.succeed();
    expect(await store.list()).toEqual([]);
  });

  it('keeps trials in memory and says so when the durable store fails', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing: TrialStore = {
      isDurable: true,
      put: () => Promise.reject(new DOMException('Quota exceeded', 'QuotaExceededError')),
      delete: () => Promise.reject(new Error('broken')),
      list: () => Promise.resolve([]),
      clear: () => Promise.resolve(),
    };
    const { queue, server } = setUp({ store: failing });
    await settle();
    expect(queue.getSnapshot().isDurable).toBe(true);

    await expect(queue.enqueue(RESULT, makeTrial(0))).resolves.toBeUndefined();
    expect(queue.getSnapshot().isDurable).toBe(false);
    await settle();
    expect(server.sentNumbers()).toEqual([0]);
    await server.succeed();
    expect(queue.getSnapshot().pending).toBe(0);
    consoleError.mockRestore();
  });

  it('moves on when deleting a sent trial fails (a reload only resends it)', async () => {
    const memory = createMemoryTrialStore();
    const undeletable: TrialStore = {
      ...memory,
      isDurable: true,
      delete: () => Promise.reject(new DOMException('Disk error', 'UnknownError')),
    };
    const { queue, server } = setUp({ store: undeletable });
    await queue.enqueue(RESULT, makeTrial(0));
    await queue.enqueue(RESULT, makeTrial(1));
    await settle();
    await server.succeed();
    expect(server.sentNumbers()).toEqual([0, 1]);
    expect(queue.getSnapshot()).toMatchObject({ pending: 1, isDurable: true });
    await server.succeed();
    await expect(queue.whenDrained(RESULT)).resolves.toBeUndefined();
  });

  it('falls back to memory when the store cannot even be read', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing: TrialStore = {
      isDurable: true,
      put: () => Promise.reject(new Error('unavailable')),
      delete: () => Promise.reject(new Error('unavailable')),
      list: () => Promise.reject(new DOMException('private mode', 'InvalidStateError')),
      clear: () => Promise.reject(new Error('unavailable')),
    };
    const { queue, server } = setUp({ store: failing });
    await queue.enqueue(RESULT, makeTrial(0));
    await settle();
    expect(queue.getSnapshot().isDurable).toBe(false);
    expect(server.sentNumbers()).toEqual([0]);
    // Clearing tolerates the broken original store.
    await expect(queue.clear()).resolves.toBeUndefined();
    consoleError.mockRestore();
  });

  it('publishes immutable snapshots, a new one only on change', async () => {
    const { queue, server } = setUp();
    const first = queue.getSnapshot();
    expect(first).toEqual({
      pending: 0,
      isSending: false,
      isPaused: false,
      lastError: null,
      isDurable: false,
    });

    const seen: TrialQueueSnapshot[] = [];
    const unsubscribe = queue.subscribe(() => seen.push(queue.getSnapshot()));
    await settle();
    // Loading an empty store changes nothing.
    expect(seen).toEqual([]);
    expect(queue.getSnapshot()).toBe(first);

    await queue.enqueue(RESULT, makeTrial(0));
    await settle();
    await server.succeed();

    expect(seen).toEqual([
      { pending: 1, isSending: false, isPaused: false, lastError: null, isDurable: false },
      { pending: 1, isSending: true, isPaused: false, lastError: null, isDurable: false },
      { pending: 0, isSending: true, isPaused: false, lastError: null, isDurable: false },
      { pending: 0, isSending: false, isPaused: false, lastError: null, isDurable: false },
    ]);
    // Every notification carried a fresh object; the one before stayed as it was.
    expect(new Set(seen).size).toBe(seen.length);
    expect(first.pending).toBe(0);
    expect(queue.getSnapshot()).toBe(seen.at(-1));

    unsubscribe();
    await queue.enqueue(RESULT, makeTrial(1));
    await settle();
    expect(seen).toHaveLength(4);
  });
});

/** The positions of a result's queued trials, without their correctness. */
async function positionsIn(queue: TrialQueue, resultId: string) {
  return (await queue.pendingTrials(resultId)).map(({ isCorrect: _, ...position }) => position);
}
