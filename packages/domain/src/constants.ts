/** Delay between the registration success message and the redirect to /login, in ms. */
export const REGISTRATION_REDIRECT_DELAY_MS = 2000;

/** Shortest accepted password, in characters (OWASP ASVS 5.0 6.2.1, level 2 uses 12). */
export const PASSWORD_MIN_LENGTH = 12;
/** Longest accepted password, in characters (ASVS 6.2.9 asks for at least 64; we cap at 128). */
export const PASSWORD_MAX_LENGTH = 128;
/** Longest first or last name, in characters. */
export const NAME_MAX_LENGTH = 100;
/** Longest email address, in characters (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;

/** Number of most recent results progress tracking shows. */
export const PROGRESS_RESULTS_LIMIT = 10;
/** Error-log entries per page of the admin view, and the most one page holds. */
export const ADMIN_ERROR_LOG_LIMIT = 100;

/** Trials per phase of the Stroop test (docs/product.md#the-stroop-test). */
export const STROOP_TRIAL_COUNTS = { sample: 8, practice: 16, test: 144 } as const;
/** A rest break follows every this many test trials, except the last. */
export const STROOP_REST_BREAK_EVERY = 40;
/** Most finished results on the progress score trend (the newest ones). */
export const PROGRESS_HISTORY_LIMIT = 500;

/** Rows per page of the admin user and result lists, unless the request asks for another size. */
export const ADMIN_PAGE_SIZE_DEFAULT = 25;
/** Largest page an admin list request may ask for. */
export const ADMIN_PAGE_SIZE_MAX = 100;
/** Number of audit-log entries the admin view shows (the newest). */
export const ADMIN_AUDIT_LOG_LIMIT = 100;

/**
 * The mock-data generator's behaviour (docs/product.md#mock-data). Reaction times are whole
 * milliseconds drawn uniformly from the inclusive ranges; a switch trial adds a uniform 0-99 ms and
 * is `switchAccuracyPenalty` (a proportion, i.e. 5 percentage points) less likely to be correct.
 */
export const MOCK_STROOP = {
  congruent: { minRtMs: 500, maxRtMs: 799, accuracy: 0.95 },
  incongruent: { minRtMs: 600, maxRtMs: 999, accuracy: 0.85 },
  switchExtraRtMs: { min: 0, max: 99 },
  switchAccuracyPenalty: 0.05,
  /**
   * Share of mock trials made congruent (ink = word). The first version's generator drew word and
   * ink independently from three colours, which makes one trial in three congruent; real trials
   * never are (docs/product.md#the-stroop-test).
   */
  congruentProbability: 1 / 3,
} as const;
