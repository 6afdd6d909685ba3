import type { InputModality, Run } from '@cogni/domain';
import {
  createInitialState,
  getPhaseTrialCount,
  type Phase,
  type PlannedTrial,
  planRun,
  type ResponseKey,
  type StroopConfig,
  StroopConfigSchema,
  type StroopEffect,
  type StroopEvent,
  type StroopPlans,
  type StroopPosition,
  type StroopState,
  stepStroop,
  type TrialInput,
} from '@cogni/domain/tasks/stroop';
import { AttentionRecorder, isPageAttended } from '../../../lib/task-runtime/attention';
import { FrameTimer } from '../../../lib/task-runtime/frame-timer';
import type { Onset } from '../../../lib/task-runtime/onset';
import { type ResponseEvent, ResponseInput } from '../../../lib/task-runtime/response-input';
import { isShallowEqual, SnapshotStore } from '../../../lib/task-runtime/snapshot-store';
import { TaskStage } from '../../../lib/task-runtime/stage';
import { StageRuntime } from '../../../lib/task-runtime/stage-runtime';
import type { TrialSink } from '../../../lib/task-runtime/trial-queue';

/** What the React chrome shows; the stage itself is drawn by the runtime, not React. */
export type RuntimeSnapshot = {
  kind: StroopState['kind'];
  phase: Phase | null;
  trialNumber: number | null;
  phaseTrialCount: number | null;
  /** Set when a trial could not be written to the durable queue. */
  saveError: string | null;
};

const KEY_BY_CODE: Record<string, ResponseKey> = { KeyR: 'R', KeyG: 'G', KeyB: 'B' };

/** R, G or B from a key event: by physical key first, by character for other layouts. */
export function readResponseKey(event: Pick<KeyboardEvent, 'code' | 'key'>): ResponseKey | null {
  const byCode = KEY_BY_CODE[event.code];
  if (byCode) return byCode;
  const upper = event.key.toUpperCase();
  return upper === 'R' || upper === 'G' || upper === 'B' ? upper : null;
}

type CurrentTrial = {
  planned: PlannedTrial;
  cueOnset: Promise<Onset>;
  stimulusOnset: Promise<Onset> | null;
  isInterrupted: boolean;
  isResponding: boolean;
  /** Set once the response is known, for the engine's RECORD_TRIAL effect. */
  measured: {
    cueOnset: Onset;
    stimulusOnset: Onset;
    responseMs: number;
    modality: InputModality;
  } | null;
};

/**
 * Runs the Stroop test in the page. The engine's state lives here, outside React (rule 7 in
 * docs/timing-rules.md): a key event's timeStamp is read in the listener itself, and the cue,
 * stimulus and feedback are drawn straight into the stage element, so their presentation times can
 * be measured and the 1400 ms cue is timed from its presentation to the stimulus's (FrameTimer).
 */
export class StroopRuntime extends StageRuntime<RuntimeSnapshot> {
  private state: StroopState;
  private readonly config: StroopConfig;
  private readonly plans: StroopPlans;
  protected readonly stage: TaskStage;
  private current: CurrentTrial | null = null;
  protected readonly store: SnapshotStore<RuntimeSnapshot>;
  protected readonly attention: AttentionRecorder;
  private frameRequest = 0;
  private readonly timer: FrameTimer;
  private isDisposed = false;
  private saveError: string | null = null;
  /** Keys and, in touch mode, the on-screen buttons (attached by the page). */
  readonly input: ResponseInput;

  constructor(
    private readonly options: {
      run: Run;
      stage: HTMLElement;
      sink: TrialSink<TrialInput>;
      startAt: StroopPosition | null;
    },
  ) {
    super();
    this.timer = new FrameTimer();
    this.config = StroopConfigSchema.parse(options.run.config);
    this.plans = planRun(options.run.seed, this.config);
    this.state = createInitialState(options.startAt);
    this.stage = new TaskStage(options.stage);
    this.store = new SnapshotStore(this.makeSnapshot(), isShallowEqual);
    this.input = new ResponseInput<string>({
      keyToResponse: readResponseKey,
      onResponse: this.onResponse,
      isCapturing: () => this.state.kind === 'cue' || this.state.kind === 'stimulus',
    });
    this.attention = new AttentionRecorder(() => {
      if (this.current) this.current.isInterrupted = true;
    });
  }

  start(): void {
    this.dispatch({ type: 'START' });
  }

  continueAfterRest(): void {
    this.dispatch({ type: 'CONTINUE' });
  }

  summarySaved(): void {
    this.dispatch({ type: 'SUMMARY_SAVED' });
  }

  dispose(): void {
    this.isDisposed = true;
    cancelAnimationFrame(this.frameRequest);
    this.timer.cancel();
    this.disposeParts();
  }

  private dispatch(event: StroopEvent): void {
    if (this.isDisposed) return;
    const step = stepStroop(this.config, this.plans, this.state, event);
    this.state = step.state;
    for (const effect of step.effects) this.perform(effect);
    if (step.state.kind === 'rest' || step.state.kind === 'finished') this.clearStage();
    this.publish();
  }

  private perform(effect: StroopEffect): void {
    switch (effect.type) {
      case 'SHOW_CUE':
        this.inNextFrame(() => {
          const cue = this.present('cue', effect.trial.cueWord, null);
          this.current = {
            planned: effect.trial,
            cueOnset: cue.onset,
            stimulusOnset: null,
            isInterrupted: !isPageAttended(),
            isResponding: false,
            measured: null,
          };
          this.after(cue.insertedMs, cue.onset, effect.durationMs, () =>
            this.dispatch({ type: 'CUE_ENDED' }),
          );
        });
        return;
      case 'SHOW_STIMULUS':
        // Runs in the FrameTimer callback that ended the cue, at the stimulus's insertion time.
        if (this.current) {
          const stimulus = this.present(
            'stimulus',
            effect.trial.stimulusWord,
            effect.trial.stimulusColor,
          );
          this.current.stimulusOnset = stimulus.onset;
          this.timer.noteLatency(stimulus.insertedMs, stimulus.onset);
        }
        return;
      case 'RECORD_TRIAL':
        this.record(effect);
        return;
      case 'SHOW_FEEDBACK':
        this.inNextFrame(() => {
          const shown = this.present('feedback', effect.isCorrect ? 'Correct' : 'Wrong', null);
          this.after(shown.insertedMs, shown.onset, effect.durationMs, () =>
            this.dispatch({ type: 'FEEDBACK_ENDED' }),
          );
        });
        return;
    }
  }

  /** Replaces what the stage shows with a new element and starts measuring its presentation. */
  private present(kind: 'cue' | 'stimulus' | 'feedback', text: string, ink: string | null) {
    const element = document.createElement('span');
    element.className =
      kind === 'feedback'
        ? `task-feedback task-feedback--${text.toLowerCase()}`
        : `stroop-stage__${kind}${ink ? ` stroop-ink--${ink}` : ''}`;
    element.textContent = text;
    return this.stage.show(element, kind);
  }

  private clearStage(): void {
    cancelAnimationFrame(this.frameRequest);
    this.timer.cancel();
    this.stage.clear();
  }

  private inNextFrame(callback: () => void): void {
    this.frameRequest = requestAnimationFrame(() => {
      if (!this.isDisposed) callback();
    });
  }

  /**
   * Calls `callback` in the frame that ends a display shown `durationMs` (rule 5 in
   * docs/timing-rules.md).
   */
  private after(
    shownInsertedMs: number,
    shown: Promise<Onset>,
    durationMs: number,
    callback: () => void,
  ): void {
    this.timer.after(shownInsertedMs, shown, durationMs, () => {
      if (!this.isDisposed) callback();
    });
  }

  /**
   * A fresh key press or a button's pointerdown, with the event's own timestamp (rule 1 in
   * docs/timing-rules.md; ResponseInput drops auto-repeats and held keys, rule 6). Only the
   * stimulus takes answers.
   */
  private readonly onResponse = ({ response, atMs, modality }: ResponseEvent): void => {
    if (this.state.kind !== 'stimulus') return;
    const trial = this.current;
    if (!trial?.stimulusOnset || trial.isResponding) return;
    trial.isResponding = true;
    void this.respond(trial, response as ResponseKey, atMs, modality);
  };

  private async respond(
    trial: CurrentTrial,
    key: ResponseKey,
    responseMs: number,
    modality: InputModality,
  ) {
    const stimulusOnset = await (trial.stimulusOnset as Promise<Onset>);
    if (responseMs < stimulusOnset.timeMs) {
      // Pressed before the stimulus was on the screen: not an answer to it.
      trial.isResponding = false;
      return;
    }
    const cueOnset = await trial.cueOnset;
    if (this.current !== trial || this.state.kind !== 'stimulus') return;
    trial.measured = { cueOnset, stimulusOnset, responseMs, modality };
    this.dispatch({ type: 'RESPONDED', key });
  }

  /** Builds the trial record from the engine's verdict and the measured times, and queues it. */
  private record(effect: Extract<StroopEffect, { type: 'RECORD_TRIAL' }>): void {
    const measured = this.current?.measured;
    if (!this.current || !measured) return;
    const { trial: planned } = effect;
    const { cueOnset, stimulusOnset, responseMs, modality } = measured;
    const record: TrialInput = {
      phase: planned.phase,
      trialNumber: planned.trialNumber,
      cueWord: planned.cueWord,
      stimulusWord: planned.stimulusWord,
      stimulusColor: planned.stimulusColor,
      response: effect.response,
      // Unrounded (rule 3 in docs/timing-rules.md).
      reactionTime: responseMs - stimulusOnset.timeMs,
      isCorrect: effect.isCorrect,
      isSwitch: planned.isSwitch,
      inputModality: modality,
      startTime: new Date(performance.timeOrigin + cueOnset.timeMs).toISOString(),
      endTime: new Date(performance.timeOrigin + responseMs).toISOString(),
      timing: {
        cueOnsetMs: cueOnset.timeMs,
        stimulusOnsetMs: stimulusOnset.timeMs,
        responseTimestampMs: responseMs,
        onsetMethod: stimulusOnset.method,
        wasInterrupted: this.current.isInterrupted,
      },
    };
    this.options.sink.enqueue(this.options.run.id, record).catch((error: unknown) => {
      this.saveError = (error as Error).message || 'This trial could not be stored';
      this.publish();
    });
  }

  private makeSnapshot(): RuntimeSnapshot {
    const state = this.state;
    const trial =
      state.kind === 'cue' || state.kind === 'stimulus' || state.kind === 'feedback'
        ? state.trial
        : state.kind === 'rest'
          ? state.after
          : null;
    return {
      kind: state.kind,
      phase: trial?.phase ?? null,
      trialNumber: trial?.trialNumber ?? null,
      phaseTrialCount: trial ? getPhaseTrialCount(this.config, trial.phase) : null,
      saveError: this.saveError,
    };
  }

  private publish(): void {
    this.store.set(this.makeSnapshot());
  }
}
