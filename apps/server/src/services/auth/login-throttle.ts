import type { Text } from '@cogni/domain';
import type { ServiceContext } from '../context';
import {
  getAttemptCount,
  type Limit,
  rateLimited,
  reserveTurn,
  resetAttempts,
} from '../rate-limit/rate-limit';

/** The first slowed-down login to an account waits this long; each further failure doubles it. */
export const LOGIN_DELAY_FIRST_MS = 1000;
/** The longest wait between two logins to an account from browsers it does not know. */
export const LOGIN_DELAY_MAX_MS = 30_000;
/**
 * The wait of a login from an address that has not tried the account in the window, however hot
 * the account: it books no turn, so its wait cannot grow with anyone else's guesses.
 */
export const LOGIN_FRESH_DELAY_MS = LOGIN_DELAY_FIRST_MS;
/**
 * How far ahead of now an account's turns are ever given. A login that would wait longer is
 * refused at once and books nothing, so no crowd builds a backlog in front of anyone.
 */
export const LOGIN_MAX_WAIT_MS = 30_000;
/**
 * Logins on this instance waiting for a turn or a slow-down at once. Past it a login that would
 * book a turn is refused at once, so waiting logins hold at most this many of the
 * MAX_REQUESTS_IN_FLIGHT places, however many arrive.
 */
export const LOGINS_SLEEPING = 100;

/** The 429s of a login past the longest wait, or past the sleeping places. */
export const LOGIN_BUSY_MESSAGE: Text = /*i18n*/ {
  id: 'errors.loginBusyLockout',
  message:
    'Too many logins to this account at the moment. Try again in {minutes, plural, one {# minute} other {# minutes}}.',
};
export const LOGINS_WAITING_MESSAGE: Text = /*i18n*/ {
  id: 'errors.loginsWaitingLockout',
  message:
    'Too many logins are waiting. Try again in {minutes, plural, one {# minute} other {# minutes}}.',
};

let sleeping = 0;
let slowed = 0;

/** Logins on this instance sleeping for their turn or slow-down now. */
export function sleepingLogins(): number {
  return sleeping;
}

/** Logins this instance has slowed down since it started (each given a wait of more than 0). */
export function slowedLogins(): number {
  return slowed;
}

/** How far apart logins to an account must be after `failures` failed ones (0: not at all). */
export function loginSpacingMs(failures: number, limit: Limit): number {
  if (failures < limit.max) return 0;
  return Math.min(LOGIN_DELAY_MAX_MS, LOGIN_DELAY_FIRST_MS * 2 ** (failures - limit.max));
}

function turnsOf(limit: Limit): Pick<Limit, 'name'> {
  return { name: `${limit.name}-turn` };
}

/**
 * How a login from a browser the account does not know waits before its password is checked,
 * once the account has had `limit.max` failures in the window (ADR 024):
 * - from an address that has not tried the account in the window (`fresh`), one first step
 *   ({@link LOGIN_FRESH_DELAY_MS}), booking nothing: such a login is never queued behind anyone's
 *   turns, so a crowd guessing from other addresses cannot keep the owner's right password
 *   waiting; with every sleeping place taken it waits for nothing rather than be refused. Each
 *   address gets one such attempt per window; its next ones take turns;
 * - from an address that has tried it, a turn booked in the database, spaced `spacing` after
 *   the last one, so parallel guesses go one per turn on any number of instances. Past
 *   {@link LOGIN_MAX_WAIT_MS} of turns ahead, or with every sleeping place taken, it is refused
 *   with 429 at once and books nothing.
 * Returns the milliseconds to wait (0: none) and, when it is more than 0, a place among the
 * sleeping logins that the caller gives back with `leave` after the wait.
 */
export async function planLoginWait(
  ctx: ServiceContext,
  limit: Limit,
  email: string,
  fresh: boolean,
): Promise<{ waitMs: number; leave: () => void }> {
  const none = { waitMs: 0, leave: () => {} };
  const spacingMs = loginSpacingMs(await getAttemptCount(ctx, limit, email), limit);
  if (spacingMs === 0) return none;
  if (sleeping >= LOGINS_SLEEPING) {
    if (fresh) return none;
    throw rateLimited(LOGINS_WAITING_MESSAGE, 60_000);
  }
  sleeping += 1;
  let left = false;
  const leave = () => {
    if (left) return;
    left = true;
    sleeping -= 1;
  };
  if (fresh) {
    slowed += 1;
    return { waitMs: Math.min(spacingMs, LOGIN_FRESH_DELAY_MS), leave };
  }
  try {
    const turn = await reserveTurn(ctx, turnsOf(limit).name, email, spacingMs, LOGIN_MAX_WAIT_MS);
    if (!turn) throw rateLimited(LOGIN_BUSY_MESSAGE, LOGIN_MAX_WAIT_MS);
    slowed += 1;
    return { waitMs: Math.max(0, turn.getTime() - ctx.now().getTime()), leave };
  } catch (error) {
    leave();
    throw error;
  }
}

/** Forgets the account's booked turns (a successful login: its failures are forgotten too). */
export async function forgetLoginTurns(
  ctx: ServiceContext,
  limit: Limit,
  email: string,
): Promise<void> {
  await resetAttempts(ctx, turnsOf(limit), email);
}
