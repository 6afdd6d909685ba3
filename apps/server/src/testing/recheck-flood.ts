/**
 * Measures what a flood of current-password checks does to other people's logins, against a
 * running server (one the caller spawned, so it hashes at full cost): other users log in one
 * after another, first with nothing else going on, then while `floodUsers` signed-in users each
 * run `loopsPerUser` loops of wrong current passwords (POST /api/me/password), each loop sending
 * its next guess as soon as the last is answered. When the flood ends, the loops' requests still
 * waiting are abandoned. Used by the fairness test and by bench/password-recheck-fairness.ts.
 */

export type FloodOptions = {
  baseUrl: string;
  /** Signed-in users flooding the checks, and parallel loops each. */
  floodUsers: number;
  loopsPerUser: number;
  /** Logins of the other users measured with nothing else going on. */
  quietLogins: number;
  /** How long the flood lasts; the other users log in throughout. */
  floodMs: number;
  /** Prefix of the accounts' emails, so repeated runs on one database do not collide. */
  tag: string;
};

export type FloodResult = {
  /** The other users' login times in ms, sorted. */
  quiet: number[];
  flood: number[];
  /** Statuses of the other users' logins during the flood (all should be 200). */
  floodLoginStatuses: Record<number, number>;
  /** Statuses of the flood's checks. */
  checkStatuses: Record<number, number>;
};

const PASSWORD = 'a long enough passphrase for the flood';

function countInto(counts: Record<number, number>, status: number) {
  counts[status] = (counts[status] ?? 0) + 1;
}

export async function measureRecheckFlood(options: FloodOptions): Promise<FloodResult> {
  const { baseUrl, tag } = options;
  const headers = { origin: baseUrl, 'content-type': 'application/json' };
  const post = (path: string, body: unknown, cookie?: string, signal?: AbortSignal) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: cookie ? { ...headers, cookie } : headers,
      body: JSON.stringify(body),
      signal,
    });
  const register = async (email: string) => {
    const res = await post('/api/auth/register', {
      email,
      password: PASSWORD,
      firstName: 'Flood',
      lastName: 'Test',
    });
    if (res.status !== 201) throw new Error(`register ${email}: ${res.status}`);
  };
  const logIn = async (email: string) => {
    const started = performance.now();
    const res = await post('/api/auth/login', { email, password: PASSWORD });
    await res.arrayBuffer();
    const ms = performance.now() - started;
    const session = res.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0] ?? '')
      .find((cookie) => cookie.startsWith('cogni_session='));
    return { status: res.status, ms, session };
  };

  const others = [`${tag}-other-1@example.com`, `${tag}-other-2@example.com`];
  const flooders = Array.from(
    { length: options.floodUsers },
    (_, i) => `${tag}-flood-${i}@example.com`,
  );
  for (const email of [...others, ...flooders]) await register(email);
  const sessions: string[] = [];
  for (const email of flooders) {
    const { session } = await logIn(email);
    if (!session) throw new Error(`no session for ${email}`);
    sessions.push(session);
  }

  // Warm-up: the first hash starts the hashing processes.
  await logIn(others[0] ?? '');
  const quiet: number[] = [];
  for (let i = 0; i < options.quietLogins; i += 1) {
    quiet.push((await logIn(others[i % others.length] ?? '')).ms);
  }

  const checkStatuses: Record<number, number> = {};
  const floodLoginStatuses: Record<number, number> = {};
  const flood: number[] = [];
  const until = performance.now() + options.floodMs;
  const stop = new AbortController();
  const loop = async (session: string) => {
    while (!stop.signal.aborted) {
      try {
        const res = await post(
          '/api/me/password',
          { currentPassword: 'a wrong guess at the password', newPassword: `${PASSWORD} 2` },
          session,
          stop.signal,
        );
        await res.arrayBuffer();
        countInto(checkStatuses, res.status);
      } catch (error) {
        if (!stop.signal.aborted) throw error;
      }
    }
  };
  const loops = sessions.flatMap((session) =>
    Array.from({ length: options.loopsPerUser }, () => loop(session)),
  );
  let i = 0;
  while (performance.now() < until) {
    const login = await logIn(others[i % others.length] ?? '');
    countInto(floodLoginStatuses, login.status);
    flood.push(login.ms);
    i += 1;
  }
  stop.abort();
  await Promise.all(loops);
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  return { quiet: sorted(quiet), flood: sorted(flood), floodLoginStatuses, checkStatuses };
}
