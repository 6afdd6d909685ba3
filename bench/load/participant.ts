import { getBackoffDelay } from '@cogni/domain';
import * as stroop from '@cogni/domain/tasks/stroop';
import {
  type ApiCall,
  type ApiMethod,
  api,
  trialPathUnder,
  trialsPath,
} from '../../apps/server/src/testing/participant-api';
import type { HttpClient, Reply } from './http-client';
import type { RequestKind, WorkerMetrics } from './metrics';

/**
 * 'ours' saves trials through the real endpoint; 'ceiling' sends the same trials to the bare
 * insert of routes/bench.ts. Everything else the participant does is the same in both.
 */
export type SaveMode = 'ours' | 'ceiling';

export type Account = { email: string; password: string };

/** Looking at the scores and the progress page before starting another test. */
const BETWEEN_RUNS_MS = 5000;

/** A started run as the API returns it: the settings are the run's task's (Stroop's here). */
type StartedRun = { id: string; seed: string; config: Record<string, unknown> };

/**
 * The fixture answers of Stroop's stroop.fixtureRun (12 test errors; 700 ms in sample and
 * practice, 600.25 / 450.25 ms by cue in the test), built one at a time when the trial is sent:
 * holding every participant's 168 answers would take gigabytes at the ceiling's head counts.
 */
function answer(planned: stroop.PlannedTrial): stroop.TrialInput {
  if (planned.phase !== 'test') return stroop.answerTrial(planned, planned.correctKey, 700);
  const key = planned.trialNumber % 12 === 5 ? stroop.wrongKey(planned) : planned.correctKey;
  return stroop.answerTrial(planned, key, planned.cueWord === 'Color' ? 600.25 : 450.25);
}

/**
 * How long a participant spends on a trial before answering the next: the cue and the response
 * (the trial's start to end), plus the feedback screen in sample and practice. Rest breaks are
 * left out, which makes the pace a little faster than a real participant's.
 */
export function trialPaceMs(trial: stroop.TrialInput, config: stroop.Config): number {
  const answered = Date.parse(trial.endTime) - Date.parse(trial.startTime);
  return answered + (stroop.hasFeedback(trial.phase) ? config.feedbackDurationMs : 0);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One participant in a browser, over HTTP: logs in, opens the test, starts it, answers its 168
 * trials at a person's pace while the outbox saves them one at a time in order (a save that
 * falls behind does not slow the answering), saves the summary, opens progress tracking, and
 * after a short look starts another test, until stopped.
 */
export class Participant {
  private isStopped = false;
  /** Ends a retry's wait early when the participant is stopped (a wait can be 30 s). */
  private readonly stopped: Promise<void>;
  private resolveStopped = () => {};
  private cookie = '';
  /** Logged in and into its first test: from here on it saves trials. */
  isJoined = false;
  /** Resolves when the participant's loop has ended after stop(). */
  readonly done: Promise<void>;

  constructor(
    private readonly client: HttpClient,
    private readonly account: Account,
    private readonly mode: SaveMode,
    private readonly metrics: () => WorkerMetrics,
    joinDelayMs: number,
  ) {
    this.stopped = new Promise((resolve) => {
      this.resolveStopped = resolve;
    });
    this.done = sleep(joinDelayMs).then(() => this.live());
  }

  stop(): void {
    this.isStopped = true;
    this.resolveStopped();
  }

  /**
   * Sends until the answer is 2xx (or the participant is stopped); returns the answer. Every
   * failure is tried again after the outbox's backoff (trial-queue.ts), whatever the request.
   */
  private async send(
    kind: RequestKind,
    method: ApiMethod,
    path: string,
    body?: unknown,
  ): Promise<Reply | null> {
    const text = body === undefined ? undefined : JSON.stringify(body);
    let failures = 0;
    while (!this.isStopped) {
      const reply = await this.client.request(method, path, { cookie: this.cookie, body: text });
      const metrics = this.metrics();
      metrics.requests[kind]++;
      if (reply.setCookie) this.cookie = reply.setCookie;
      if (reply.status >= 200 && reply.status < 300) {
        if (kind === 'trial') {
          metrics.trialSaveMs.push(reply.ms);
          if (reply.status === 201) metrics.trialsCreated++;
          else if (failures > 0) metrics.trialsConfirmedLate++;
        }
        return reply;
      }
      metrics.errors++;
      metrics.errorsByStatus[reply.status] = (metrics.errorsByStatus[reply.status] ?? 0) + 1;
      if (metrics.errorSamples.length < 5) {
        metrics.errorSamples.push(
          `${method} ${path}: ${reply.status || 'no answer'} ${reply.body.slice(0, 200)}`,
        );
      }
      // As the browser's outbox: a random wait below a ceiling that doubles with each failure,
      // so that participants a busy server turned away do not all come back at once.
      await Promise.race([sleep(getBackoffDelay(failures, Math.random)), this.stopped]);
      failures += 1;
    }
    if (kind === 'trial' && failures > 0) this.metrics().trialsUnanswered++;
    return null;
  }

  /** A participant's call (participant-api.ts), sent as every request here is. */
  private call(kind: RequestKind, call: ApiCall): Promise<Reply | null> {
    return this.send(kind, call.method, call.path, call.body);
  }

  private async live(): Promise<void> {
    if (!(await this.call('login', api.logIn(this.account)))) return;
    await this.call('session', api.session());
    while (!this.isStopped) {
      await this.call('active', api.activeRun('stroopTest'));
      const started = await this.call('start', api.startRun());
      if (!started) return;
      const run = (JSON.parse(started.body) as { run: StartedRun }).run;
      this.isJoined = true;
      if (!(await this.answerTrials(run))) return;
      await this.call('complete', api.completeRun(run.id));
      await this.call('progress', api.progress());
      await this.call('active', api.activeRun('stroopTest'));
      await sleep(BETWEEN_RUNS_MS);
    }
  }

  /** Every trial answered at the participant's pace and saved; false if stopped first. */
  private async answerTrials(run: StartedRun): Promise<boolean> {
    const config = stroop.ConfigSchema.parse(run.config);
    const plans = stroop.planRun(run.seed, config);
    const planned = [...plans.sample, ...plans.practice, ...plans.test];
    const savePath =
      this.mode === 'ours' ? trialsPath(run.id) : `/api/bench/ceiling/${run.id}/trials`;
    let answeredAt = performance.now();
    for (const plan of planned) {
      const trial = answer(plan);
      answeredAt += trialPaceMs(trial, config);
      const wait = answeredAt - performance.now();
      if (wait > 0) await sleep(wait);
      // The path the browser's outbox uses (block 0: Stroop's phases have one block).
      const path = trialPathUnder(savePath, trial.phase, 0, trial.trialNumber);
      if (!(await this.send('trial', 'PUT', path, trial))) return false;
    }
    return true;
  }
}

/** The mean time between two saves of one participant, over a whole run of the fixture. */
export function meanTrialPaceMs(): number {
  const run = stroop.fixtureRun('pace', stroop.DEFAULT_CONFIG);
  const total = run.reduce((sum, trial) => sum + trialPaceMs(trial, stroop.DEFAULT_CONFIG), 0);
  return total / run.length;
}
