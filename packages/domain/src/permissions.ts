import type { Role } from './schemas/user';

type Actor = { role: Role; isActive: boolean } | null | undefined;

/**
 * Admin status is true only when the role is 'admin' and the account is active
 * (docs/product.md#roles-and-permissions).
 */
export function isAdmin(actor: Actor): boolean {
  return actor?.role === 'admin' && actor.isActive;
}
