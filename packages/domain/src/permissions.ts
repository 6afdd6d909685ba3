import type { Role } from './schemas/user';

type Actor = { role: Role; isActive: boolean } | null | undefined;

/**
 * Admin status is true only when the role is 'admin' and the account is active
 * (docs/product.md#roles-and-permissions).
 */
export function isAdmin(actor: Actor): boolean {
  return actor?.role === 'admin' && actor.isActive;
}

/**
 * Researcher status (ADR 040): an active account whose role is 'researcher' or 'admin' (an admin
 * may do what a researcher does, on every study).
 */
export function isResearcher(actor: Actor): boolean {
  return (actor?.role === 'researcher' || actor?.role === 'admin') && actor.isActive;
}
