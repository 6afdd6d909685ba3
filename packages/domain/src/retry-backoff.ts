/** First retry waits up to this long; each failure doubles it. */
export const BACKOFF_BASE_MS = 500;
/** Longest wait between two attempts, so a long outage is noticed within 30 s of its end. */
export const BACKOFF_CAP_MS = 30_000;

/**
 * How long to wait before retry number `attempt` (0-based): "full jitter", a uniform draw below an
 * exponentially growing ceiling, so that many browsers coming back online do not retry in step.
 * The browser's trial outbox waits this long, and so do the load benchmark's participants.
 */
export function getBackoffDelay(attempt: number, random: () => number): number {
  // The exponent is bounded: 2 ** 1024 is Infinity, and the cap is reached long before 2 ** 16.
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.min(attempt, 16));
  return Math.floor(random() * ceiling);
}
