import type { AdminUser, User, UserProfile } from '@cogni/domain';
import type { userProfiles, users } from '../../db/schema';

/** The public view of a user row: explicit fields only, so the password hash can never leak. */
export function toUser(row: typeof users.$inferSelect): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    lastLogin: row.lastLogin?.toISOString() ?? null,
    // Whether two-factor login is on, never the secret itself.
    totpEnabled: row.totpSecret !== null,
    mustChangePassword: row.mustChangePassword,
    mustSetUpTotp: row.mustSetUpTotp,
  };
}

export function toUserProfile(row: typeof userProfiles.$inferSelect): UserProfile {
  return {
    userId: row.userId,
    dateOfBirth: row.dateOfBirth,
    gender: row.gender,
    phoneNumber: row.phoneNumber,
    address: row.address,
    timezone: row.timezone,
    language: row.language,
    updatedAt: row.updatedAt?.toISOString() ?? null,
  };
}

/** A user with their profile, as admins see them; a missing profile row reads as empty. */
export function toAdminUser(
  row: typeof users.$inferSelect,
  profile: typeof userProfiles.$inferSelect | null,
): AdminUser {
  return {
    ...toUser(row),
    profile: toUserProfile(profile ?? { ...EMPTY_PROFILE, userId: row.id }),
  };
}

const EMPTY_PROFILE: Omit<typeof userProfiles.$inferSelect, 'userId'> = {
  dateOfBirth: null,
  gender: null,
  phoneNumber: null,
  address: null,
  timezone: null,
  language: null,
  updatedAt: null,
};
