import type { QueuedTrial, TrialStore } from './trial-store';

// What is stored here is de-identified on purpose (ASVS 14.3.3): a QueuedTrial holds the random
// result id and the trial itself, never a user id, email or name. Items are deleted once the
// server acknowledges them, and the whole store at logout (ASVS 14.3.1).

const DB_NAME = 'cogni-outbox';
const DB_VERSION = 1;
const STORE_NAME = 'trials';
/**
 * How long opening may take before the store is declared unavailable. Some browsers have left
 * indexedDB.open() pending forever (Safari 14.1); the queue then keeps trials in memory instead of
 * waiting for ever with the trial unsaved.
 */
const OPEN_TIMEOUT_MS = 5_000;

/**
 * 'strict' asks the browser to flush to disk before `complete` (Chrome defaults to 'relaxed'):
 * a trial acknowledged as stored must survive a crash or power loss, not just a tab close.
 */
const STRICT_WRITE: IDBTransactionOptions = { durability: 'strict' };

function openDatabase(onClosed: () => void): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timeout);
      reject(error);
    };
    const timeout = setTimeout(
      () => fail(new DOMException('Opening IndexedDB timed out', 'TimeoutError')),
      OPEN_TIMEOUT_MS,
    );

    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(DB_NAME, DB_VERSION);
    } catch (error) {
      // Private modes of some browsers throw here instead of firing `error`.
      fail(error);
      return;
    }

    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(STORE_NAME)) {
        db.createObjectStore(STORE_NAME, { keyPath: 'key' });
      }
    };
    request.onsuccess = () => {
      const db = request.result;
      if (settled) {
        // It opened after the timeout: nobody uses this connection, and an open one would block
        // a future upgrade.
        db.close();
        return;
      }
      settled = true;
      clearTimeout(timeout);
      // Another tab wants a newer version: give way, and open again on the next call.
      db.onversionchange = () => {
        db.close();
        onClosed();
      };
      // The browser closed it (storage cleared, disk error): open again on the next call.
      db.onclose = onClosed;
      resolve(db);
    };
    request.onerror = () => fail(request.error ?? new DOMException('IndexedDB open failed'));
    // An older connection elsewhere does not close. Waiting would hold a trial unsaved, so the
    // store counts as unavailable; if the open succeeds later, onsuccess closes it.
    request.onblocked = () => fail(new DOMException('IndexedDB open blocked', 'InvalidStateError'));
  });
}

/** Settles on the transaction's own events: `complete` means committed (and, strict, on disk). */
function runTransaction<T>(
  db: IDBDatabase,
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T> | undefined,
): Promise<T | undefined> {
  return new Promise((resolve, reject) => {
    const transaction =
      mode === 'readwrite'
        ? db.transaction(STORE_NAME, mode, STRICT_WRITE)
        : db.transaction(STORE_NAME, mode);
    const request = work(transaction.objectStore(STORE_NAME));
    transaction.oncomplete = () => resolve(request?.result);
    transaction.onerror = () => reject(transaction.error ?? request?.error);
    transaction.onabort = () =>
      reject(transaction.error ?? new DOMException('IndexedDB transaction aborted', 'AbortError'));
  });
}

/** Keeps only rows shaped like a QueuedTrial; anything else is no trial this code wrote. */
function isQueuedTrial(value: unknown): value is QueuedTrial {
  if (typeof value !== 'object' || value === null) return false;
  const row = value as Record<string, unknown>;
  return (
    typeof row.key === 'string' &&
    typeof row.resultId === 'string' &&
    typeof row.enqueuedAt === 'number' &&
    typeof row.trial === 'object' &&
    row.trial !== null
  );
}

/**
 * The trial outbox in IndexedDB (database 'cogni-outbox', store 'trials', keyed by `key`). Writes
 * resolve only once committed with strict durability, so a trial reported stored survives a crash
 * or reload. The connection opens on first use and reopens after the browser or another tab
 * closes it; opening failures (private mode, blocked, timeout) reject, which the queue handles by
 * keeping trials in memory.
 */
export function createIdbTrialStore(): TrialStore {
  let connection: Promise<IDBDatabase> | null = null;

  function getDatabase(): Promise<IDBDatabase> {
    if (!connection) {
      const opening = openDatabase(() => {
        if (connection === opening) connection = null;
      });
      connection = opening;
      // A failed open is retried on the next call instead of failing every later call.
      opening.catch(() => {
        if (connection === opening) connection = null;
      });
    }
    return connection;
  }

  async function run<T>(
    mode: IDBTransactionMode,
    work: (store: IDBObjectStore) => IDBRequest<T> | undefined,
  ): Promise<T | undefined> {
    const db = await getDatabase();
    try {
      return await runTransaction(db, mode, work);
    } catch (error) {
      // The connection closed without telling us (transaction() throws InvalidStateError on a
      // closing connection): open a fresh one and try once more.
      if (!(error instanceof DOMException && error.name === 'InvalidStateError')) throw error;
      connection = null;
      return runTransaction(await getDatabase(), mode, work);
    }
  }

  return {
    isDurable: true,

    async put(item) {
      await run('readwrite', (store) => store.put(item));
    },

    async delete(key) {
      await run('readwrite', (store) => store.delete(key));
    },

    async list() {
      const rows: unknown[] = (await run('readonly', (store) => store.getAll())) ?? [];
      return rows.filter(isQueuedTrial).sort((a, b) => a.enqueuedAt - b.enqueuedAt);
    },

    async clear() {
      await run('readwrite', (store) => store.clear());
    },
  };
}
