import { getBackoffDelay, type Participation } from '@cogni/domain';
import * as stroop from '@cogni/domain/tasks/stroop';
import { DEVICE_INFO, MEASUREMENT } from '../../apps/server/src/testing/fixture-run';
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

/**
 * Who the participant is (ADR 040): a user who logs in with an account and takes test after
 * test, or a study's participant without an account, who starts the study by its open link with
 * the URL parameters a recruitment panel passes, takes its steps once, in order, and finishes.
 * With `again`, a finished participant is followed on the same connection by a new one (a new
 * browser: no cookie, the panel id with a round number), so the head count stays as set, as a
 * user's next test keeps it for users.
 */
export type Principal =
  | { kind: 'user'; account: Account }
  | {
      kind: 'participant';
      studyCode: string;
      params: Record<string, string>;
      again?: boolean;
    };

/** Where a study's participation API is (routes/participation.ts). */
export const participationPath = (studyCode: string) => `/api/participation/${studyCode}`;

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

/** The bare insert of bench-routes.ts, for a run's trials. */
const ceilingTrialsPath = (runId: string) => `/api/bench/ceiling/${runId}/trials`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One participant in a browser, over HTTP. A user logs in, opens the test, starts it, answers
 * its 168 trials at a person's pace while the outbox saves them one at a time in order (a save
 * that falls behind does not slow the answering), saves the summary, opens progress tracking,
 * and after a short look starts another test, until stopped. A study's participant starts the
 * study, and takes its steps in order: agrees to the consent, runs each task step as a user runs
 * a test (the same pace and saves), reads the other pages, and finishes.
 */
export class Participant {
  private isStopped = false;
  /** Ends a retry's wait early when the participant is stopped (a wait can be 30 s). */
  private readonly stopped: Promise<void>;
  private resolveStopped = () => {};
  private cookie = '';
  /** Logged in (or in the study) and into its first test: from here on it saves trials. */
  isJoined = false;
  /** A study's participant whose finish the server accepted: the participation is complete. */
  isFinished = false;
  /** Resolves when the participant's loop has ended after stop(). */
  readonly done: Promise<void>;

  constructor(
    private readonly client: HttpClient,
    private readonly principal: Principal,
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
        } else {
          const ms = metrics.requestMs[kind] ?? [];
          ms.push(reply.ms);
          metrics.requestMs[kind] = ms;
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
    const { principal } = this;
    if (principal.kind === 'user') return this.liveAsUser(principal.account);
    if (!principal.again) {
      this.isFinished = await this.takeStudy(principal.studyCode, principal.params);
      return;
    }
    for (let round = 0; !this.isStopped; round++) {
      this.cookie = '';
      const params = Object.fromEntries(
        Object.entries(principal.params).map(([name, value]) => [
          name,
          round === 0 ? value : `${value}-${round}`,
        ]),
      );
      if (!(await this.takeStudy(principal.studyCode, params))) return;
      await Promise.race([sleep(BETWEEN_RUNS_MS), this.stopped]);
    }
  }

  private async liveAsUser(account: Account): Promise<void> {
    if (!(await this.call('login', api.logIn(account)))) return;
    await this.call('session', api.session());
    while (!this.isStopped) {
      await this.call('active', api.activeRun('stroopTest'));
      const started = await this.call('start', api.startRun());
      if (!started) return;
      const run = (JSON.parse(started.body) as { run: StartedRun }).run;
      this.isJoined = true;
      const trials = this.mode === 'ours' ? trialsPath(run.id) : ceilingTrialsPath(run.id);
      if (!(await this.answerTrials(run, trials))) return;
      await this.call('complete', api.completeRun(run.id));
      await this.call('progress', api.progress());
      await this.call('active', api.activeRun('stroopTest'));
      await sleep(BETWEEN_RUNS_MS);
    }
  }

  /**
   * The study by its open link, as the participant's pages take it (steps in order, each once):
   * start with the panel's parameters, then each step by its kind, then finish. Only Stroop's
   * task steps are answered (the user's test is Stroop's too, so both kinds keep one pace).
   * True once the server accepted the finish; false if stopped first.
   */
  private async takeStudy(studyCode: string, params: Record<string, string>): Promise<boolean> {
    const base = participationPath(studyCode);
    const started = await this.send('join', 'POST', `${base}/start`, { params });
    if (!started) return false;
    const { participation } = JSON.parse(started.body) as { participation: Participation };
    for (const [index, step] of participation.steps.entries()) {
      if (step.kind === 'consent') {
        if (!(await this.send('consent', 'POST', `${base}/consent`, { agree: true }))) return false;
      } else if (step.kind === 'task') {
        if (step.testType !== 'stroopTest') throw new Error(`${step.testType}: Stroop only`);
        const body = { deviceInfo: DEVICE_INFO, measurement: MEASUREMENT };
        const begun = await this.send('start', 'POST', `${base}/steps/${index}/run`, body);
        if (!begun) return false;
        const run = (JSON.parse(begun.body) as { run: StartedRun }).run;
        this.isJoined = true;
        const runPath = `${base}/runs/${run.id}`;
        const trials = this.mode === 'ours' ? `${runPath}/trials` : ceilingTrialsPath(run.id);
        if (!(await this.answerTrials(run, trials))) return false;
        if (!(await this.send('complete', 'POST', `${runPath}/complete`, {}))) return false;
      } else if (!(await this.send('step', 'POST', `${base}/steps/${index}/done`, {}))) {
        return false;
      }
    }
    return (await this.send('finish', 'POST', `${base}/finish`, {})) !== null;
  }

  /**
   * Every trial answered at the participant's pace and saved under `savePath` (the run's trials
   * path, or the ceiling's); false if stopped first.
   */
  private async answerTrials(run: StartedRun, savePath: string): Promise<boolean> {
    const config = stroop.ConfigSchema.parse(run.config);
    const plans = stroop.planRun(run.seed, config);
    const planned = [...plans.sample, ...plans.practice, ...plans.test];
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
export function meanTrialPaceMs(config: stroop.Config = stroop.DEFAULT_CONFIG): number {
  return runPaceMs(config) / stroop.fixtureRun('pace', config).length;
}

/** How long one participant takes to answer a whole run of the fixture (rest breaks left out). */
export function runPaceMs(config: stroop.Config = stroop.DEFAULT_CONFIG): number {
  const run = stroop.fixtureRun('pace', config);
  return run.reduce((sum, trial) => sum + trialPaceMs(trial, config), 0);
}
