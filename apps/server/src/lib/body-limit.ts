/** Largest accepted API request body, in bytes (ASVS 4.1.1); larger is a 413. */
export const MAX_BODY_BYTES = 64 * 1024;
