/** The window a rate meter counts over, in buckets of a tenth of it. */
const WINDOW_MS = 1000;
const BUCKETS = 10;
const BUCKET_MS = WINDOW_MS / BUCKETS;

/**
 * Counts events over the last second of a monotonic clock (to a tenth of a second), so that
 * password hashing can tell whether trial saves keep the server busy (lib/password.ts).
 */
export function createRateMeter(now: () => number = () => performance.now()) {
  const counts = new Array<number>(BUCKETS).fill(0);
  let bucket = Math.floor(now() / BUCKET_MS);
  /** Empties the buckets that the clock has left behind since the last event or read. */
  const advance = () => {
    const at = Math.floor(now() / BUCKET_MS);
    for (let b = bucket + 1; b <= Math.min(at, bucket + BUCKETS); b++) counts[b % BUCKETS] = 0;
    bucket = Math.max(bucket, at);
  };
  return {
    note(): void {
      advance();
      counts[bucket % BUCKETS] = (counts[bucket % BUCKETS] ?? 0) + 1;
    },
    /** Events in the last second. */
    perSecond(): number {
      advance();
      return counts.reduce((sum, count) => sum + count, 0);
    },
  };
}

/** The server's trial saves, noted as each request arrives. */
export const trialSaveRate = createRateMeter();
