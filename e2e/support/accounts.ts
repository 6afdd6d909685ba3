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
