import type { ServiceContext } from '../context';
import { getAttemptCount, type Limit, reserveTurn } from '../rate-limit/rate-limit';

/** The first slowed-down login to an account waits this long; each further failure doubles it. */
export const LOGIN_DELAY_FIRST_MS = 1000;
/** The longest wait between two logins to an account from browsers it does not know. */
export const LOGIN_DELAY_MAX_MS = 30_000;

/** How far apart logins to an account must be after `failures` failed ones (0: not at all). */
export function loginSpacingMs(failures: number, limit: Limit): number {
  if (failures < limit.max) return 0;
  return Math.min(LOGIN_DELAY_MAX_MS, LOGIN_DELAY_FIRST_MS * 2 ** (failures - limit.max));
}

/**
 * For a login from a browser the account does not know: once the account has had `limit.max`
 * failures in the window, gives this login a turn and returns how long to wait for it (else 0).
 * Turns are spaced out in the database, so logins that arrive at once, on any instance and from
 * any number of addresses, go one per spacing: guessing in parallel is no faster than in a row,
 * and the rate per account stays bounded without ever refusing anyone (ADR 024).
 */
export async function takeLoginTurn(
  ctx: ServiceContext,
  limit: Limit,
  email: string,
): Promise<number> {
  const spacingMs = loginSpacingMs(await getAttemptCount(ctx, limit, email), limit);
  if (spacingMs === 0) return 0;
  const turn = await reserveTurn(ctx, `${limit.name}-turn`, email, spacingMs);
  return Math.max(0, turn.getTime() - ctx.now().getTime());
}
