import type { AuditAction } from '@cogni/domain';
import { adminAuditLog } from '../../db/schema';
import type { ServiceContext } from '../context';

export type AuditEntry = {
  /** The admin who acted; null when the actor's account no longer exists (ACCOUNT_DELETE). */
  actorId: string | null;
  action: AuditAction;
  targetUserId?: string | null;
  details?: Record<string, unknown>;
};

/**
 * Records one admin action. Callers pass their transaction as `db`, so the record exists exactly
 * when the action took effect.
 */
export async function writeAuditEntry(ctx: ServiceContext, entry: AuditEntry): Promise<void> {
  await ctx.db.insert(adminAuditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetUserId: entry.targetUserId ?? null,
    details: entry.details ?? {},
    createdAt: ctx.now(),
  });
}
