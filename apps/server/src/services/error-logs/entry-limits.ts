/**
 * How many error-log entries one client may cause: failed logins, refused requests, browser
 * reports and server errors each write an entry, and a script can send thousands a second.
 * Within the limits each entry is written as usual; past them, entries are only counted, per
 * error type and subject, and each count is written a few seconds later as one entry that says
 * how many were not stored one by one. Counted in this process's memory, so the check costs no
 * database work while a flood lasts; with several instances, each allows its own share.
 *
 * There are two such limits per app: one for visitors (requests without a signed-in user),
 * whose subject is the address (lib/address-key.ts), and one for signed-in users, whose subject
 * is the account, so that an account is capped however many addresses it writes from.
 */
export type EntryLimit = {
  /**
   * Whether one more entry of this subject may be written now (and counts it), or which limit it
   * is past: the subject's own or that of all subjects together.
   */
  admit(subject: string, nowMs: number): 'admitted' | 'subject' | 'total';
};

export type EntryLimits = { perSubject: number; total: number };

/** The limits count entries in fixed windows of this length. */
export const ENTRY_LIMIT_WINDOW_MS = 60_000;
/** Subjects tracked in one window; past this, a subject not seen yet gets no entries. */
const MAX_TRACKED_SUBJECTS = 50_000;

export function createEntryLimit(limits: EntryLimits): EntryLimit {
  let windowStart = Number.NEGATIVE_INFINITY;
  let total = 0;
  const perSubject = new Map<string, number>();
  return {
    admit(subject, nowMs) {
      if (nowMs - windowStart >= ENTRY_LIMIT_WINDOW_MS || nowMs < windowStart) {
        windowStart = nowMs;
        total = 0;
        perSubject.clear();
      }
      if (total >= limits.total) return 'total';
      const used = perSubject.get(subject);
      if (used === undefined && perSubject.size >= MAX_TRACKED_SUBJECTS) return 'total';
      if ((used ?? 0) >= limits.perSubject) return 'subject';
      perSubject.set(subject, (used ?? 0) + 1);
      total += 1;
      return 'admitted';
    },
  };
}

/**
 * One app's two limits (app.ts builds them from the configuration, AppDeps carries them), and
 * the entries refused and not yet written as a count: two apps in one process keep their own
 * counts. Visitors and signed-in users get the same numbers, each counted apart.
 */
export type ErrorLogLimits = {
  visitors: EntryLimit;
  users: EntryLimit;
  /** Refused entries waiting to be written as one count each, by error type and subject. */
  suppressed: Map<string, number>;
};

export function createErrorLogLimits(limits: EntryLimits): ErrorLogLimits {
  return {
    visitors: createEntryLimit(limits),
    users: createEntryLimit(limits),
    suppressed: new Map(),
  };
}
