import type { Db } from '../../db/client';

/**
 * How many error-log entries visitors (requests without a signed-in user) may cause: failed
 * logins, refused requests, browser reports and server errors each write an entry, and a script
 * can send thousands a second. Within the limits each entry is written as usual; past them,
 * entries are only counted, per error type and address, and each count is written a few seconds
 * later as one entry that says how many were not stored one by one. Counted in this process's
 * memory, so the check costs no database work while a flood lasts; with several instances, each
 * allows its own share.
 */
export type VisitorLogLimit = {
  /**
   * Whether one more entry for this address may be written now (and counts it), or which limit
   * it is past.
   */
  admit(ip: string | undefined, nowMs: number): 'admitted' | 'address' | 'total';
  /** Entries refused and not yet written as a count, by error type and address. */
  suppressed: Map<string, number>;
};

export type VisitorLogLimits = { perIp: number; total: number };

/** The limits count entries in fixed windows of this length. */
export const VISITOR_LOG_WINDOW_MS = 60_000;
/** Addresses tracked in one window; past this, an address not seen yet gets no entries. */
const MAX_TRACKED_ADDRESSES = 50_000;
/** The limits of a database no app registered (a CLI, a test calling a service directly). */
const DEFAULT_LIMITS: VisitorLogLimits = { perIp: 30, total: 600 };

/**
 * The part of a client address that identifies one client: an IPv4 address, or the /64 network
 * of an IPv6 one (a single machine commonly has a whole /64 to choose addresses from).
 */
export function toAddressKey(ip: string | undefined): string {
  if (!ip) return 'unknown';
  if (!ip.includes(':')) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = Math.max(0, 8 - headGroups.length - tailGroups.length);
  const groups = ip.includes('::')
    ? [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups]
    : headGroups;
  return `${groups.slice(0, 4).join(':')}::/64`;
}

export function createVisitorLogLimit(limits: VisitorLogLimits): VisitorLogLimit {
  let windowStart = Number.NEGATIVE_INFINITY;
  let total = 0;
  const perAddress = new Map<string, number>();
  return {
    admit(ip, nowMs) {
      if (nowMs - windowStart >= VISITOR_LOG_WINDOW_MS || nowMs < windowStart) {
        windowStart = nowMs;
        total = 0;
        perAddress.clear();
      }
      if (total >= limits.total) return 'total';
      const key = toAddressKey(ip);
      const used = perAddress.get(key);
      if (used === undefined && perAddress.size >= MAX_TRACKED_ADDRESSES) return 'total';
      if ((used ?? 0) >= limits.perIp) return 'address';
      perAddress.set(key, (used ?? 0) + 1);
      total += 1;
      return 'admitted';
    },
    suppressed: new Map(),
  };
}

/**
 * One limit per database handle, set by the app that serves it (app.ts, from the configuration),
 * so services keep taking just the database and the clock, and two test apps in one process do
 * not share their counts.
 */
const limitsByDb = new WeakMap<Db, VisitorLogLimit>();

export function setVisitorLogLimit(db: Db, limits: VisitorLogLimits): void {
  limitsByDb.set(db, createVisitorLogLimit(limits));
}

export function getVisitorLogLimit(db: Db): VisitorLogLimit {
  let limit = limitsByDb.get(db);
  if (!limit) {
    limit = createVisitorLogLimit(DEFAULT_LIMITS);
    limitsByDb.set(db, limit);
  }
  return limit;
}
