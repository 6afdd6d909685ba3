import { positionOf, type TrialEnvelope } from '@cogni/domain';

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
  /** Where the run's trials are saved (run-paths.ts); absent: a user's run, /api/results. */
  runsPath?: string;
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

/**
 * Builds the key of a trial's slot: the server stores at most one trial per slot
 * (docs/product.md#trial-numbering). Block 0 keeps the key trials had before blocks existed, so a
 * trial queued then is still found.
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
