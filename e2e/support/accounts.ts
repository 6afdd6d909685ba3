/** The admin the browser tests' server is created with (create-admin CLI). */
export const ADMIN = {
  email: 'admin@e2e.test',
  password: 'admin passphrase for e2e',
  firstName: 'Alex',
  lastName: 'Admin',
};

export const PASSWORD = 'a passphrase long enough';

let counter = 0;
/** A fresh email for each test, so tests never share accounts. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${process.pid}-${Date.now()}-${counter}@e2e.test`;
}

/**
 * The cost of the browser tests' password hashes. At the full cost (2^17) each of their
 * hundreds of sign-ups and logins fills a core for about half a second, taking frames from the
 * whole runs that share the machine; the full cost has its own tests (lib/password.test.ts) and
 * benchmark (bench/logins.ts).
 */
export const E2E_SCRYPT_LOG2_N = '12';
