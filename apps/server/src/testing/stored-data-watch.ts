import type { AuditAction } from '@cogni/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

// Tells whether a request changed stored user data: the API fuzzing (api-fuzz.ts) holds that a
// refused request changes none.

/**
 * Audit entries that a refused request writes by design: a wrong current password or code is
 * recorded as a security event (ADR 024). They change no one's data, so the digest leaves them out.
 */
const REFUSAL_EVENTS = [
  'WRONG_CURRENT_PASSWORD',
  'WRONG_TOTP_CODE',
] as const satisfies readonly AuditAction[];

/**
 * A digest of the stored user data: accounts and profiles, test sessions, results, trials,
 * studies with their versions, codes and collaborators, the audit log, and how many login sessions each user has. Left out on purpose, because a refused
 * request legitimately writes them: rate_limits (failed logins, wrong codes and sign-ups are
 * counted), error_logs (failed logins and browser reports are recorded), login_challenges (a
 * wrong code is counted on its challenge), and each session's last_seen_at (touched by any
 * signed-in request, refused or not).
 */
export async function digestUserData(db: Db): Promise<string> {
  const result = (await db.execute(sql`
    select md5(concat_ws('|',
      (select string_agg(u::text, ',' order by u.id) from users u),
      (select string_agg(p::text, ',' order by p.user_id) from user_profiles p),
      (select string_agg(s::text, ',' order by s.id) from test_sessions s),
      (select string_agg(r::text, ',' order by r.id) from test_results r),
      (select string_agg(t::text, ',' order by t.id) from trials t),
      (select string_agg(st::text, ',' order by st.id) from studies st),
      (select string_agg(sv::text, ',' order by sv.id) from study_versions sv),
      (select string_agg(sc::text, ',' order by sc.id) from study_codes sc),
      (select string_agg(sl::text, ',' order by sl.study_id, sl.user_id) from study_collaborators sl),
      (select string_agg(sp::text, ',' order by sp.id) from study_participants sp),
      (select string_agg(pt::text, ',' order by pt.token_hash) from study_participant_tokens pt),
      (select string_agg(a::text, ',' order by a.id) from admin_audit_log a
         where a.action not in (${sql.join(
           REFUSAL_EVENTS.map((action) => sql`${action}`),
           sql`, `,
         )})),
      (select string_agg(user_id || ':' || n, ',' order by user_id)
         from (select user_id, count(*) as n from auth_sessions group by user_id) counts)
    )) as digest
  `)) as unknown as { rows: { digest: string }[] };
  const digest = result.rows[0]?.digest;
  if (!digest) throw new Error('no digest');
  return digest;
}

/** The digested tables, with the writes that can change the digest. */
const WATCHED_TABLES = [
  'users',
  'user_profiles',
  'test_sessions',
  'test_results',
  'trials',
  'studies',
  'study_versions',
  'study_codes',
  'study_collaborators',
  'study_participants',
  'study_participant_tokens',
  'admin_audit_log',
] as const;

/**
 * A counter of statements that wrote to the digested tables (statement triggers, made in this
 * test's database only). A request that wrote none of them cannot have changed them, so the
 * digest, which costs about as much as a request, is taken only after one that did; the digest
 * stays the judge of whether data changed.
 */
export async function installWriteCounter(db: Db): Promise<void> {
  await db.execute(sql`create table fuzz_write_count (n bigint not null)`);
  await db.execute(sql`insert into fuzz_write_count values (0)`);
  await db.execute(sql`
    create function fuzz_count_write() returns trigger language plpgsql as $$
    begin
      update fuzz_write_count set n = n + 1;
      return null;
    end $$`);
  const watch = async (table: string, events: string) =>
    db.execute(
      sql.raw(
        `create trigger fuzz_count_write after ${events} on ${table} ` +
          'for each statement execute function fuzz_count_write()',
      ),
    );
  for (const table of WATCHED_TABLES) await watch(table, 'insert or update or delete');
  // Updates of a session only touch last_seen_at, which is not digested.
  await watch('auth_sessions', 'insert or delete');
}

/** How many statements have written to the digested tables (installWriteCounter), as text. */
export async function readWriteCount(db: Db): Promise<string> {
  const result = (await db.execute(sql`select n from fuzz_write_count`)) as unknown as {
    rows: { n: string | number }[];
  };
  return String(result.rows[0]?.n);
}
