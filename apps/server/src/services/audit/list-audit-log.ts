import { ADMIN_AUDIT_LOG_LIMIT, type AuditAction, type AuditLogEntry } from '@cogni/domain';
import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { adminAuditLog, users } from '../../db/schema';
import type { ServiceContext } from '../context';

/** The newest admin actions, newest first, with the emails of the admin and of the user acted on. */
export async function listAuditLog(ctx: ServiceContext): Promise<AuditLogEntry[]> {
  const actor = alias(users, 'actor');
  const target = alias(users, 'target');
  const rows = await ctx.db
    .select({
      entry: adminAuditLog,
      actorEmail: actor.email,
      targetEmail: target.email,
    })
    .from(adminAuditLog)
    .leftJoin(actor, eq(actor.id, adminAuditLog.actorId))
    .leftJoin(target, eq(target.id, adminAuditLog.targetUserId))
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(ADMIN_AUDIT_LOG_LIMIT);
  return rows.map(({ entry, actorEmail, targetEmail }) => ({
    id: entry.id,
    action: entry.action as AuditAction,
    actorId: entry.actorId,
    actorEmail,
    targetUserId: entry.targetUserId,
    targetEmail,
    details: entry.details as Record<string, unknown>,
    createdAt: entry.createdAt.toISOString(),
  }));
}
