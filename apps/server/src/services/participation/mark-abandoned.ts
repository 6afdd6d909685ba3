import { and, inArray, lt } from 'drizzle-orm';
import { studyParticipants } from '../../db/schema';
import type { ServiceContext } from '../context';
import { ABANDON_AFTER_MS } from '../results/close-abandoned-runs';

/**
 * Marks participants who are taking part but have not been seen for ABANDON_AFTER_MS (a day, as
 * for runs) as abandoned: the dashboard counts them apart. Those whose participation ended
 * (declined, completed, stopped, withdrawn) are left as they are. Their data stays, and a participant
 * who comes back (their browser, or their personal code) takes part again (readParticipant).
 * Answers how many it marked.
 */
export async function markAbandonedParticipants(ctx: ServiceContext): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - ABANDON_AFTER_MS);
  const marked = await ctx.db
    .update(studyParticipants)
    .set({ state: 'abandoned' })
    .where(
      and(
        inArray(studyParticipants.state, ['started', 'consented']),
        lt(studyParticipants.lastSeenAt, cutoff),
      ),
    )
    .returning({ id: studyParticipants.id });
  return marked.length;
}
