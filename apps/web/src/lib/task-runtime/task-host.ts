import type {
  EngineEffect,
  EngineEvent,
  EngineProgress,
  InputModality,
  Run,
  RunEngine,
  SavedTrial,
  TrialEnvelope,
} from '@cogni/domain';
import { AttentionRecorder, isPageAttended } from './attention';
import { DueTimer, EngineLoop } from './engine-loop';
import { FrameScheduler } from './frame-scheduler';
import type { Onset } from './onset';
import { ResponseInput } from './response-input';
import { SnapshotStore } from './snapshot-store';
import { TaskStage } from './stage';
import { StageRuntime } from './stage-runtime';
import type { TrialSink } from './trial-queue';

/**
 * What a web task draws for a scene: the element, its Element Timing name (`<name>-<n>` on the
 * stage), and what to read off it as it is presented (e.g. its rendered font size, sent to the
 * engine with its ONSET); or a blank stage under a name of its own (element null).
 */
export type Drawing =
  | {
      element: HTMLElement;
      name: string;
      measure?: () => Readonly<Record<string, number>>;
    }
  | { element: null; name: string };

/** What the host takes from a web task's running part: its keys and its drawing. */
export type TaskStageParts<Input extends string, Scene> = {
  /** The input a key stands for, or null for other keys. */
  keyToInput(event: Pick<KeyboardEvent, 'code' | 'key'>): Input | null;
  /** What a scene looks like on the stage. */
  draw(scene: Scene): Drawing;
  /**
   * Changes an element on the stage to show `scene` in its place (e.g. the SART's mask turning
   * green); false if it cannot, and the scene is drawn anew.
   */
  redraw?(element: HTMLElement, scene: Scene): boolean;
  /** Whether a press by a second finger counts (a task whose stage is one big button). */
  acceptsSecondaryPointers?: boolean;
};

/** What the React chrome shows; the stage itself is drawn by the host, not by React. */
export type TaskHostSnapshot<Prompt> = {
  /**
   * 'prompt': the engine waits for the participant; 'get-ready': trials follow in a moment;
   * 'running': trials are on; 'finished': every trial is recorded.
   */
  phase: 'prompt' | 'get-ready' | 'running' | 'finished';
  /** The prompt shown, or the last one before the trials now on. */
  prompt: Prompt | null;
  /** The trial on screen or next to come, and its block's size. */
  progress: EngineProgress | null;
  /** Set when a trial could not be written to the durable outbox. */
  saveError: string | null;
};

/** What a host is made with: a run's engine, the web task's parts, and where things go. */
export type TaskHostOptions<
  State,
  Input extends string,
  Scene,
  Prompt,
  Trial extends TrialEnvelope,
> = {
  run: Run;
  /** The run's engine, bound to its configuration and plan (a definition's `engine.forRun`). */
  engine: RunEngine<State, Input, Scene, Prompt, Trial>;
  parts: TaskStageParts<Input, Scene>;
  /** The element the host draws into. */
  stage: HTMLElement;
  sink: TrialSink;
  /** The run's trials saved on the server or queued in this browser: it goes on after them. */
  saved: readonly SavedTrial[];
  /** The response mode's modality, recorded on trials without a response. */
  inputModality: InputModality;
  /** The frame interval measured before the run, if any. */
  frameIntervalMs?: number | null;
};

type Present<Scene> = Extract<EngineEffect<Scene, unknown, unknown>, { type: 'PRESENT' }>;

/** A scene on its way to the stage, on it, or gone from it. */
type Job<Scene> = {
  key: string;
  /**
   * When it is due (when it was asked for, for one due at once): a scene never covers one that
   * was due after it.
   */
  dueMs: number;
  scene: Scene;
  status: 'due' | 'shown' | 'gone';
  cancel: () => void;
  element: HTMLElement | null;
};

/**
 * Runs any task's engine in the page (ADR 039): holds the engine's state outside React, steps
 * it one event at a time (EngineLoop), and does what its effects say. It presents each scene in
 * the animation frame nearest its due time through a FrameScheduler (an absolute time line,
 * never "the last onset plus a period") and tells the engine when each was put on the stage and
 * presented (Element Timing, with what the web task measured); it takes responses with their
 * events' own timestamps from the web task's keys and the on-screen buttons, reports lost focus,
 * sends a TICK when the engine asks for one, puts recorded trials in the outbox, and publishes a
 * snapshot for the React chrome.
 *
 * Drawing ahead: a scene due at the TICK that names it must be drawn before that TICK, so once
 * a TICK is aimed the host steps a copy of the state with it and schedules what the copy would
 * present. The real TICK comes at the due time, so every response until then counts for its
 * own trial.
 */
export class TaskHost<
  State,
  Input extends string,
  Scene,
  Prompt,
  Trial extends TrialEnvelope,
> extends StageRuntime<TaskHostSnapshot<Prompt>> {
  readonly input: ResponseInput;
  protected readonly stage: TaskStage;
  protected readonly store: SnapshotStore<TaskHostSnapshot<Prompt>>;
  protected readonly attention: AttentionRecorder;
  private readonly engine: RunEngine<State, Input, Scene, Prompt, Trial>;
  private readonly parts: TaskStageParts<Input, Scene>;
  private readonly loop: EngineLoop<State, EngineEvent<Input>, EngineEffect<Scene, Prompt, Trial>>;
  private readonly scheduler: FrameScheduler;
  private readonly initialEffects: EngineEffect<Scene, Prompt, Trial>[];
  private readonly tick = new DueTimer();
  private readonly jobs = new Map<string, Job<Scene>>();
  private onStage: Job<Scene> | null = null;
  private isDisposed = false;
  private isFinished = false;
  private prompt: { prompt: Prompt; getReadyMs: number } | null = null;
  private lastPrompt: Prompt | null = null;
  private getReadyTimer: ReturnType<typeof setTimeout> | undefined;
  private saveError: string | null = null;

  constructor(private readonly options: TaskHostOptions<State, Input, Scene, Prompt, Trial>) {
    super();
    const { engine, parts } = options;
    this.engine = engine;
    this.parts = parts;
    this.stage = new TaskStage(options.stage);
    this.scheduler = new FrameScheduler({ frameIntervalMs: options.frameIntervalMs });
    const first = engine.start({
      saved: options.saved,
      timeOriginMs: performance.timeOrigin,
      inputModality: options.inputModality,
      openPosition: null,
    });
    this.loop = new EngineLoop(first.state, {
      step: (state, event) => engine.step(state, event),
      perform: (effect) => this.perform(effect),
      settle: () => this.arrange(),
      idle: () => this.publish(),
    });
    this.initialEffects = [...first.effects];
    this.store = new SnapshotStore(this.makeSnapshot(), isSameSnapshot);
    this.input = new ResponseInput({
      keyToResponse: (event) => parts.keyToInput(event),
      onResponse: ({ response, atMs, modality }) =>
        this.loop.push({ type: 'INPUT', atMs, modality, input: response as Input }),
      // The keys must not scroll or type while trials are on; between prompts they are the page's.
      isCapturing: () => this.isPresenting(),
      acceptsSecondaryPointers: parts.acceptsSecondaryPointers,
    });
    this.attention = new AttentionRecorder((atMs) => this.loop.push({ type: 'INTERRUPTED', atMs }));
  }

  /** Performs the engine's first effects: the prompt where the run starts, or its end. */
  start(): void {
    for (const effect of this.initialEffects.splice(0)) this.perform(effect);
    this.publish();
  }

  /** The participant is ready: the prompt's get-ready pause, then START. */
  begin(): void {
    if (this.isDisposed || !this.prompt || this.getReadyTimer !== undefined) return;
    this.getReadyTimer = setTimeout(() => {
      this.getReadyTimer = undefined;
      this.prompt = null;
      this.loop.push({ type: 'START', atMs: performance.now() });
    }, this.prompt.getReadyMs);
    this.publish();
  }

  dispose(): void {
    this.isDisposed = true;
    this.loop.stop();
    this.scheduler.cancelAll();
    this.tick.cancel();
    clearTimeout(this.getReadyTimer);
    this.disposeParts();
  }

  /** The engine's state now (tests and the timing benchmark read it). */
  get state(): State {
    return this.loop.state;
  }

  private isPresenting(): boolean {
    return this.engine.presenting(this.loop.state) || this.getReadyTimer !== undefined;
  }

  private perform(effect: EngineEffect<Scene, Prompt, Trial>): void {
    switch (effect.type) {
      case 'PROMPT':
        this.prompt = { prompt: effect.prompt, getReadyMs: effect.getReadyMs };
        this.lastPrompt = effect.prompt;
        this.clearStage();
        return;
      case 'PRESENT':
        this.present(effect);
        return;
      case 'RECORD':
        this.options.sink.enqueue(this.options.run.id, effect.trial).catch((error: unknown) => {
          this.saveError = (error as Error).message || 'This trial could not be stored';
          this.publish();
        });
        return;
      case 'FINISHED':
        this.prompt = null;
        this.isFinished = true;
        this.clearStage();
        return;
    }
  }

  /**
   * Schedules a scene: in the frame nearest its due time (at once when it has none). A scene
   * whose key is on its way already takes the new one's place at its time; one on the stage is
   * changed in place or drawn again; one gone from the stage stays gone.
   */
  private present(effect: Present<Scene>): void {
    const existing = this.jobs.get(effect.key);
    if (existing?.status === 'due') {
      existing.scene = effect.scene;
      return;
    }
    if (existing?.status === 'gone') return;
    if (existing?.status === 'shown') {
      if (isSameScene(existing.scene, effect.scene)) return;
      existing.scene = effect.scene;
      if (existing.element && this.parts.redraw?.(existing.element, effect.scene)) return;
    }
    const dueMs = effect.dueAtMs ?? performance.now();
    const job: Job<Scene> = {
      key: effect.key,
      dueMs: existing?.dueMs ?? dueMs,
      scene: effect.scene,
      status: 'due',
      cancel: () => {},
      element: null,
    };
    this.jobs.set(effect.key, job);
    job.cancel = this.scheduler.at(dueMs, () => this.draw(job));
  }

  /** Puts a job's scene on the stage (in its animation frame) and reports it to the engine. */
  private draw(job: Job<Scene>): Promise<Onset> | null {
    const shown = this.onStage;
    // Overtaken: a scene due after this one is on the stage already (e.g. feedback that follows
    // the trial whose offset a stalled page did not draw in time).
    if (shown && shown !== job && shown.dueMs > job.dueMs) {
      job.status = 'gone';
      return null;
    }
    const drawing = this.parts.draw(job.scene);
    const presentation = drawing.element
      ? this.stage.show(drawing.element, drawing.name)
      : this.stage.blank(drawing.name);
    if (shown && shown !== job) shown.status = 'gone';
    job.status = 'shown';
    job.element = drawing.element;
    this.onStage = job;
    const { key } = job;
    queueMicrotask(() => this.loop.push({ type: 'DRAWN', key, atMs: presentation.insertedMs }));
    void presentation.onset.then((onset) => {
      const measured =
        drawing.element?.isConnected && 'measure' in drawing ? drawing.measure?.() : undefined;
      this.loop.push({
        type: 'ONSET',
        key,
        atMs: onset.timeMs,
        method: onset.method,
        ...(measured ? { measured } : {}),
      });
      if (!isPageAttended()) this.loop.push({ type: 'INTERRUPTED', atMs: performance.now() });
    });
    return presentation.onset;
  }

  /**
   * After every step: arms the TICK the engine asks for, and draws ahead what that TICK will
   * present.
   */
  private arrange(): void {
    const { state } = this.loop;
    const dueMs = this.engine.nextDueMs(state);
    const aimed = this.tick.aim(dueMs, (atMs) => this.loop.push({ type: 'TICK', atMs }));
    if (!aimed || dueMs === null) return;
    const ahead = this.engine.step(state, { type: 'TICK', atMs: dueMs });
    for (const effect of ahead.effects) {
      if (effect.type === 'PRESENT' && effect.dueAtMs !== null) this.present(effect);
    }
  }

  private clearStage(): void {
    this.scheduler.cancelAll();
    this.jobs.clear();
    this.onStage = null;
    this.stage.clear();
  }

  private makeSnapshot(): TaskHostSnapshot<Prompt> {
    const phase: TaskHostSnapshot<Prompt>['phase'] = this.isFinished
      ? 'finished'
      : this.getReadyTimer !== undefined
        ? 'get-ready'
        : this.prompt
          ? 'prompt'
          : 'running';
    return {
      phase,
      prompt: this.lastPrompt,
      progress: this.engine.progress(this.loop.state),
      saveError: this.saveError,
    };
  }

  private publish(): void {
    this.store.set(this.makeSnapshot());
  }
}

const isSameScene = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

const positionKey = (progress: EngineProgress | null) =>
  progress
    ? `${progress.position.phase}:${progress.position.block}:${progress.position.trialNumber}:${progress.trialsInBlock}:${progress.isReminder}`
    : '';

/** Snapshots that show the same: progress compares by position, the rest by identity. */
function isSameSnapshot<Prompt>(
  next: TaskHostSnapshot<Prompt>,
  previous: TaskHostSnapshot<Prompt>,
): boolean {
  return (
    next.phase === previous.phase &&
    next.prompt === previous.prompt &&
    next.saveError === previous.saveError &&
    positionKey(next.progress) === positionKey(previous.progress)
  );
}
