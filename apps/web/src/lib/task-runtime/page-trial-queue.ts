import { createIdbTrialStore } from './idb-trial-store';
import { putTrial } from './put-trial';
import { runsPathOf } from './run-paths';
import { createTrialQueue, type TrialQueue } from './trial-queue';
import { createMemoryTrialStore } from './trial-store';

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
    sharedQueue = createTrialQueue({ store, send: putTrial, runsPathOf });
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
