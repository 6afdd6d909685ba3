import type { Db } from '../../db/client';
import { queryRows } from '../../db/query-rows';
import { AppError } from '../../lib/app-error';
import { BATCHING, createBatcher } from '../../lib/batch';
import type { ServiceContext } from '../context';
import { hashToken, PARTICIPATION_UNKNOWN } from './participation';
import { PARTICIPATION_ENDED } from './steps';

/** How often a participant's last-seen time is written: a minute, as a session's is. */
const TOUCH_INTERVAL_MS = 60_000;

type OwnerRow = {
  token_hash: string;
  id: string;
  code: string;
  state: string;
  last_seen_at: Date | string;
};

/**
 * Every trial save of a participant reads whose token it carries, so the tokens of requests
 * that arrive together are read in one statement, as sessions are (get-session-user.ts).
 */
const ownerReaders = new WeakMap<Db, (tokenHash: string) => Promise<OwnerRow | undefined>>();

function readOwner(db: Db, tokenHash: string): Promise<OwnerRow | undefined> {
  let reader = ownerReaders.get(db);
  if (!reader) {
    reader = createBatcher(async (hashes: string[]) => {
      const rows = await queryRows<OwnerRow>(db, {
        name: 'participant_owners',
        text: `select t.token_hash, p.id, s.code, p.state, p.last_seen_at
          from study_participant_tokens t
          join study_participants p on p.id = t.participant_id
          join studies s on s.id = p.study_id
          where t.token_hash = any($1::text[])`,
        values: [[...new Set(hashes)]],
      });
      const byHash = new Map(rows.map((row) => [row.token_hash, row]));
      return hashes.map((hash) => byHash.get(hash));
    }, BATCHING);
    ownerReaders.set(db, reader);
  }
  return reader(tokenHash);
}

const touchers = new WeakMap<Db, (touch: { id: string; at: Date }) => Promise<void>>();

/** Marks participants as seen, many in one statement (the sweeper reads it: abandoned). */
function touchParticipant(db: Db, touch: { id: string; at: Date }): Promise<void> {
  let toucher = touchers.get(db);
  if (!toucher) {
    toucher = createBatcher(async (touches: { id: string; at: Date }[]) => {
      const at = Math.max(...touches.map((t) => t.at.getTime()));
      await queryRows(db, {
        name: 'touch_participants',
        text: 'update study_participants set last_seen_at = $1 where id = any($2::text[])',
        values: [new Date(at).toISOString(), [...new Set(touches.map((t) => t.id))]],
      });
      return touches.map(() => undefined);
    }, BATCHING);
    touchers.set(db, toucher);
  }
  return toucher(touch);
}

/**
 * The id of the participant whose browser token this is, in the study of `code`; 401
 * otherwise (no token, a forged one, or another study's), 409 once they stopped or withdrew.
 * Marks them seen at most once a minute.
 */
export async function participantIdOf(
  ctx: ServiceContext,
  code: string,
  token: string | undefined,
): Promise<string> {
  if (!token) throw new AppError('UNAUTHENTICATED', PARTICIPATION_UNKNOWN);
  const row = await readOwner(ctx.db, hashToken(token));
  if (!row || row.code !== code) throw new AppError('UNAUTHENTICATED', PARTICIPATION_UNKNOWN);
  // One who stopped or withdrew sends nothing more: their runs take no trials (ADR 041).
  if (row.state === 'stopped' || row.state === 'withdrawn') {
    throw new AppError('CONFLICT', PARTICIPATION_ENDED);
  }
  const now = ctx.now();
  if (new Date(row.last_seen_at).getTime() + TOUCH_INTERVAL_MS <= now.getTime()) {
    await touchParticipant(ctx.db, { id: row.id, at: now });
  }
  return row.id;
}
