import { WRONG_TOTP_CODE } from '@cogni/domain';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { totpRecoveryCodes, users } from '../../../db/schema';
import { hashRecoveryCode } from '../../../lib/recovery-codes';
import { findTotpStep } from '../../../lib/totp';
import type { ServiceContext } from '../../context';

/** The answer to a wrong or spent code (the domain's, so the form's code field shows it too). */
export { WRONG_TOTP_CODE };

type Account = { id: string; totpSecret: string | null };

/**
 * Checks a code against the account's confirmed secret and spends it: the step it belongs to
 * becomes the last used one, in one conditional update, so the same code (or an older one)
 * never works twice, even from two requests at once (RFC 6238 section 5.2, ASVS 6.5.1). False
 * when the code is wrong, already used, or two-factor login was turned off meanwhile.
 */
export async function spendTotpCode(
  ctx: ServiceContext,
  account: Account,
  code: string,
): Promise<boolean> {
  if (account.totpSecret === null) return false;
  const step = findTotpStep(account.totpSecret, code, ctx.now().getTime());
  if (step === null) return false;
  const spent = await ctx.db
    .update(users)
    .set({ totpLastUsedStep: step })
    .where(
      and(
        eq(users.id, account.id),
        eq(users.totpSecret, account.totpSecret),
        or(isNull(users.totpLastUsedStep), lt(users.totpLastUsedStep, step)),
      ),
    )
    .returning({ id: users.id });
  return spent.length === 1;
}

/** Spends one of the account's unused recovery codes; false if it is not one of them. */
export async function spendRecoveryCode(
  ctx: ServiceContext,
  account: Account,
  code: string,
): Promise<boolean> {
  if (account.totpSecret === null) return false;
  const spent = await ctx.db
    .update(totpRecoveryCodes)
    .set({ usedAt: ctx.now() })
    .where(
      and(
        eq(totpRecoveryCodes.userId, account.id),
        eq(totpRecoveryCodes.codeHash, hashRecoveryCode(code)),
        isNull(totpRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: totpRecoveryCodes.id });
  return spent.length === 1;
}

/** The second factor as the login and turn-off forms take it: six digits, or a recovery code. */
export function spendSecondFactor(
  ctx: ServiceContext,
  account: Account,
  code: string,
): Promise<boolean> {
  return /^\d{6}$/.test(code)
    ? spendTotpCode(ctx, account, code)
    : spendRecoveryCode(ctx, account, code);
}
