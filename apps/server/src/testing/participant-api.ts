import { getTask, positionOf, type Run, type TrialEnvelope } from '@cogni/domain';
import { fixtureRun, START_RUN } from './fixture-run';

// A participant's side of the API, for everything that plays one over HTTP: the API tests
// (TestClient, in process), the fault tests (HttpParticipant), the browser tests' API helpers
// (e2e/support) and the load benchmark (bench/load/participant.ts). It holds the routes, the
// bodies and the order of the steps. Each user brings its transport (app.request, fetch,
// Playwright's request, bare sockets) and decides what an answer other than success means: an
// error, or a retry as the browser's outbox does.

/** The methods a participant's calls use. */
export type ApiMethod = 'GET' | 'POST' | 'PUT';

/** One call: the request, and the status the API answers it with when it succeeds. */
export type ApiCall = { method: ApiMethod; path: string; body?: unknown; status: number };

/** An account as POST /api/auth/register takes it. */
export type NewAccount = { email: string; password: string; firstName: string; lastName: string };

/** What an account logs in with. */
export type Credentials = { email: string; password: string };

const runPath = (runId: string) => `/api/results/${runId}`;

/** Where a run's trials are listed, and under which each is saved. */
export const trialsPath = (runId: string) => `${runPath(runId)}/trials`;

/** The path that saves the trial at (phase, block, trialNumber) under `trials` (a trialsPath). */
export const trialPathUnder = (trials: string, phase: string, block: number, trialNumber: number) =>
  `${trials}/${phase}/${block}/${trialNumber}`;

/** A trial's place in its run: what its save path is made of. */
type TrialPosition = Pick<TrialEnvelope, 'phase' | 'block' | 'trialNumber'>;

/** The path the browser's outbox saves `trial` of run `runId` at. */
export function trialPath(runId: string, trial: TrialPosition): string {
  const { phase, block, trialNumber } = positionOf(trial);
  return trialPathUnder(trialsPath(runId), phase, block, trialNumber);
}

/** The calls a participant makes, as its browser makes them. */
export const api = {
  register: (account: NewAccount): ApiCall => ({
    method: 'POST',
    path: '/api/auth/register',
    body: account,
    status: 201,
  }),
  logIn: ({ email, password }: Credentials): ApiCall => ({
    method: 'POST',
    path: '/api/auth/login',
    body: { email, password },
    status: 200,
  }),
  session: (): ApiCall => ({ method: 'GET', path: '/api/session', status: 200 }),
  activeRun: (testType: string): ApiCall => ({
    method: 'GET',
    path: `/api/results/active?testType=${testType}`,
    status: 200,
  }),
  /** Starts a run; the default body starts one of the first task on a desktop. */
  startRun: (body: unknown = START_RUN): ApiCall => ({
    method: 'POST',
    path: '/api/results',
    body,
    status: 201,
  }),
  run: (runId: string): ApiCall => ({ method: 'GET', path: runPath(runId), status: 200 }),
  runTrials: (runId: string): ApiCall => ({ method: 'GET', path: trialsPath(runId), status: 200 }),
  saveTrial: (runId: string, trial: TrialPosition): ApiCall => ({
    method: 'PUT',
    path: trialPath(runId, trial),
    body: trial,
    status: 201,
  }),
  completeRun: (runId: string): ApiCall => ({
    method: 'POST',
    path: `${runPath(runId)}/complete`,
    body: {},
    status: 200,
  }),
  progress: (): ApiCall => ({ method: 'GET', path: '/api/progress', status: 200 }),
};

/** An answer: its status and its body (parsed when it is JSON, else the text). */
export type ApiReply = { status: number; body: unknown };

/**
 * Sends one request as the participant's browser does: the server's Origin, the session cookie
 * it holds, `body` as JSON.
 */
export type Transport = (method: ApiMethod, path: string, body?: unknown) => Promise<ApiReply>;

/** Sends a call; resolves with the body of its answer once it succeeded, throws otherwise. */
export type Send = (call: ApiCall) => Promise<unknown>;

/** A Send over `transport` that throws unless the answer has the status the call succeeds with. */
export function expectingSuccess(transport: Transport): Send {
  return async (call) => {
    const reply = await transport(call.method, call.path, call.body);
    if (reply.status !== call.status) {
      throw new Error(`${call.method} ${call.path} failed: ${reply.status}`);
    }
    return reply.body;
  };
}

/** Signs the account up, then logs it in (the transport keeps the session cookie). */
export async function registerAndLogIn(send: Send, account: NewAccount): Promise<void> {
  await send(api.register(account));
  await send(api.logIn(account));
}

export async function startRun(send: Send, body?: unknown): Promise<Run> {
  return ((await send(api.startRun(body))) as { run: Run }).run;
}

export async function completeRun(send: Send, runId: string): Promise<Run> {
  return ((await send(api.completeRun(runId))) as { run: Run }).run;
}

/** The trials the run's task's fixture answers it with (Stroop: 12 test errors). */
export function fixtureTrialsOf(run: Pick<Run, 'seed' | 'config' | 'testType'>): TrialEnvelope[] {
  return fixtureRun(run.seed, run.config, getTask(run.testType));
}

/** Saves the trials one at a time in order, as the browser's outbox does, then completes the run. */
export async function finishRun(
  send: Send,
  run: Pick<Run, 'id' | 'seed' | 'config' | 'testType'>,
  trials: readonly TrialEnvelope[] = fixtureTrialsOf(run),
): Promise<Run> {
  for (const trial of trials) await send(api.saveTrial(run.id, trial));
  return completeRun(send, run.id);
}

/**
 * The cookie to send after an answer: the pair its first Set-Cookie sets (none once that clears
 * it), else `current`. The server sets the session cookie first, so this keeps the session.
 */
export function cookieAfter(current: string | undefined, headers: Headers): string | undefined {
  const setCookie = headers.get('set-cookie');
  if (!setCookie) return current;
  const [pair] = setCookie.split(';');
  return pair?.endsWith('=') ? undefined : pair;
}

/**
 * A request as the browser sends it to the API: an Origin (none when null), the session cookie,
 * a JSON body (a string is sent as it is, for tests of malformed bodies).
 */
export function apiRequestInit(
  method: string,
  options: {
    origin: string | null;
    cookie?: string;
    body?: unknown;
    headers?: Record<string, string>;
  },
): RequestInit {
  const headers: Record<string, string> = { ...options.headers };
  if (options.origin !== null) headers.origin = options.origin;
  if (options.cookie) headers.cookie = options.cookie;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  return { method, headers, body };
}

/** An answer's status, headers and body (parsed when it is JSON, else the text). */
export async function readReply<T>(
  response: Response,
): Promise<{ status: number; body: T; headers: Headers }> {
  const text = await response.text();
  const isJson = response.headers.get('content-type')?.includes('application/json');
  return {
    status: response.status,
    body: (isJson && text ? JSON.parse(text) : text) as T,
    headers: response.headers,
  };
}

/**
 * A transport over fetch to the server at `baseUrl` (its Origin sent), keeping the session
 * cookie from `cookie` on as a browser does.
 */
export function fetchTransport(baseUrl: string, cookie?: string): Transport {
  let current = cookie;
  return async (method, path, body) => {
    const init = apiRequestInit(method, { origin: baseUrl, cookie: current, body });
    const response = await fetch(`${baseUrl}${path}`, init);
    current = cookieAfter(current, response.headers);
    return readReply(response);
  };
}
