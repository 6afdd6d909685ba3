/** Sessions end 12 hours after login whatever happens (ASVS 7.3.2, level 2). */
export const SESSION_ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
/** Sessions end after 30 minutes without a request (ASVS 7.3.1, level 2). */
export const SESSION_IDLE_TIMEOUT_MS = 30 * 60 * 1000;
/** lastSeenAt is written at most this often, so reads do not each cost a write. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;
