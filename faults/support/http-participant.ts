import type { Run, TrialEnvelope } from '@cogni/domain';
import {
  api,
  apiRequestInit,
  completeRun,
  cookieAfter,
  fixtureTrialsOf,
  registerAndLogIn,
  type Send,
  startRun,
} from '../../apps/server/src/testing/participant-api';

/** Every participant's password: long enough for the server's policy, never a common one. */
const PASSWORD = 'faults participant passphrase';
/** A request with no answer after this long counts as lost and is sent again. */
const REQUEST_TIMEOUT_MS = 10_000;
/** A participant gives up (and the test fails) after this long without one 2xx. */
const GIVE_UP_AFTER_MS = 60_000;

let counter = 0;

/** What a participant saw: the status of every answer, and every failure with no answer. */
export type Observed = { statuses: Map<number, number>; networkErrors: number };

/** One attempt: where it went, when it was sent and ended (Date.now()), its status (0: no answer). */
export type Attempt = {
  origin: string;
  method: string;
  path: string;
  sentAt: number;
  endedAt: number;
  status: number;
  /** The error when no answer came, or the start of the body (for a give-up's message). */
  detail: string;
};

/**
 * A participant over HTTP doing what the browser's outbox does (ADR 007): every request is sent
 * again after a network error or a 503 until it gets a 2xx, so a test can count on each trial
 * ending up confirmed. Any other answer (a 500, a 409) is a finding and throws.
 *
 * `baseUrl` is read at each attempt, so a test can move the participant to another server.
 */
export class HttpParticipant {
  readonly email = `faults-${process.pid}-${Date.now()}-${++counter}@faults.test`;
  readonly password = PASSWORD;
  readonly observed: Observed = { statuses: new Map(), networkErrors: 0 };
  /** Trials the server confirmed with a 2xx, as `phase:trialNumber`. */
  readonly confirmed = new Set<string>();
  readonly attempts: Attempt[] = [];
  run: Run | null = null;
  private cookie: string | undefined;

  constructor(public baseUrl: () => string) {}

  /** Sends until a 2xx; returns its JSON body. */
  async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const started = Date.now();
    const firstAttempt = this.attempts.length;
    for (let attempt = 0; ; attempt++) {
      const origin = this.baseUrl();
      let response: Response | null = null;
      const sentAt = Date.now();
      const record = (status: number, detail: string) =>
        this.attempts.push({ origin, method, path, sentAt, endedAt: Date.now(), status, detail });
      try {
        response = await fetch(`${origin}${path}`, {
          ...apiRequestInit(method, { origin, cookie: this.cookie, body }),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
      } catch (error) {
        this.observed.networkErrors++;
        record(0, error instanceof Error ? error.name : String(error));
      }
      if (response) {
        const { status } = response;
        this.observed.statuses.set(status, (this.observed.statuses.get(status) ?? 0) + 1);
        this.cookie = cookieAfter(this.cookie, response.headers);
        const text = await response.text().catch(() => null);
        if (text === null) record(0, `${status}, body lost`);
        else record(status, text.slice(0, 80));
        if (response.ok && text !== null) return (text ? JSON.parse(text) : null) as T;
        if (status !== 503 && text !== null) {
          throw new Error(`${method} ${path}: ${status} ${text}`);
        }
      }
      if (Date.now() - started > GIVE_UP_AFTER_MS) {
        const tried = this.attempts.slice(firstAttempt).map((a) => `${a.status} ${a.detail}`);
        throw new Error(
          `${method} ${path}: no 2xx in ${GIVE_UP_AFTER_MS} ms; attempts: ${tried.join(' | ')}`,
        );
      }
      // Short, jittered and capped: the outage lengths here are seconds, not minutes.
      await sleep(Math.random() * Math.min(1000, 50 * 2 ** attempt));
    }
  }

  /** A participant's call (participant-api.ts), sent until a 2xx as every request here is. */
  private readonly send: Send = (call) => this.request(call.method, call.path, call.body);

  async signUp(): Promise<void> {
    const account = {
      email: this.email,
      password: this.password,
      firstName: 'Fault',
      lastName: 'Test',
    };
    await registerAndLogIn(this.send, account);
  }

  /** Logs in again (a new session cookie); slow on purpose, the password hash is at full cost. */
  async logIn(): Promise<void> {
    await this.send(api.logIn(this));
  }

  /** Starts a run; a retried start may leave an empty run behind, which holds no trials. */
  async start(): Promise<Run> {
    this.run = await startRun(this.send);
    return this.run;
  }

  /** The run's trials as the task's fixture answers them (Stroop: 12 test errors). */
  trials(): TrialEnvelope[] {
    if (!this.run) throw new Error('no run started');
    return fixtureTrialsOf(this.run);
  }

  /** Saves at the path the browser's outbox uses (phase, block, trial number). */
  async saveTrial(trial: TrialEnvelope): Promise<void> {
    await this.send(api.saveTrial(this.run?.id ?? '', trial));
    this.confirmed.add(`${trial.phase}:${trial.trialNumber}`);
  }

  async complete(): Promise<Run> {
    return completeRun(this.send, this.run?.id ?? '');
  }

  /** Resolves once the server has confirmed `count` trials of this participant. */
  async untilConfirmed(count: number, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.confirmed.size < count) {
      if (Date.now() > deadline)
        throw new Error(`${count} trials not confirmed in ${timeoutMs} ms`);
      await sleep(10);
    }
  }

  /** Signs up, starts, saves every trial `pauseMs` apart (one at a time, as the outbox does), completes. */
  async takeTest(pauseMs: number): Promise<Run> {
    await this.signUp();
    await this.start();
    for (const trial of this.trials()) {
      await this.saveTrial(trial);
      if (pauseMs > 0) await sleep(pauseMs);
    }
    return this.complete();
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
