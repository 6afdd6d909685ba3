import type { Role } from './schemas/user';

type Actor = { role: Role; isActive: boolean } | null | undefined;

/** Admin status is true only when the role is 'admin' (spec section 4) and the account is active. */
export function isAdmin(actor: Actor): boolean {
  return actor?.role === 'admin' && actor.isActive;
}
