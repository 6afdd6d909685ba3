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

/** Most finished results on the progress score trend (the newest ones). */
export const PROGRESS_HISTORY_LIMIT = 500;

/** Rows per page of the admin user and result lists, unless the request asks for another size. */
export const ADMIN_PAGE_SIZE_DEFAULT = 25;
/** Largest page an admin list request may ask for. */
export const ADMIN_PAGE_SIZE_MAX = 100;
/** Number of audit-log entries the admin view shows (the newest). */
export const ADMIN_AUDIT_LOG_LIMIT = 100;
