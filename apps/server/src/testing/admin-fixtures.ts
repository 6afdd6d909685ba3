import type { User } from '@cogni/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { userProfiles, users } from '../db/schema';
import { toUser } from '../services/users/to-user';
import type { DEFAULT_USER, TestClient, TestContext } from './test-app';

/**
 * A user written straight to the database, for tests that need accounts nobody logs in to:
 * no password hashing (slow by design). The hash is not valid, so login always fails.
 */
export async function insertUser(
  db: Db,
  values: Partial<typeof users.$inferInsert> & { email: string },
): Promise<string> {
  const [row] = await db
    .insert(users)
    .values({
      passwordHash: 'not-a-password-hash',
      firstName: 'Test',
      lastName: 'User',
      ...values,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('user insert returned nothing');
  await db.insert(userProfiles).values({ userId: row.id });
  return row.id;
}

/** Registers and logs in a user, then makes them an admin in the database (as the CLI would). */
export async function signUpAdmin(
  t: TestContext,
  overrides: Partial<typeof DEFAULT_USER> & { email: string },
): Promise<TestClient> {
  const client = await t.signUp(overrides);
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.email, overrides.email));
  return client;
}

/** The id of the user with this email; throws if there is none. */
export async function userIdOf(db: Db, email: string): Promise<string> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** A researcher inserted in the database (as an admin would make one), as services take a user. */
export async function insertResearcher(db: Db, email: string): Promise<User> {
  const id = await insertUser(db, { email, role: 'researcher' });
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`no researcher ${email}`);
  return toUser(row);
}
