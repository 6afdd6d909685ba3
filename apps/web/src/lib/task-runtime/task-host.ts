import type {
  EngineEffect,
  EngineEvent,
  EngineProgress,
  InputModality,
  PresentTiming,
  Run,
  RunEngine,
  SavedTrial,
  TaskEngine,
  TrialEnvelope,
  TrialPosition,
} from '@cogni/domain';
import { isSameScene, positionOf } from '@cogni/domain';
import { type AttentionEvent, AttentionRecorder, isPageAttended } from './attention';
import { DueTimer, EngineLoop, type TaskRuntimeOptions } from './engine-loop';
import { FrameScheduler } from './frame-scheduler';
import { FrameTimer } from './frame-timer';
import type { Onset } from './onset';
import { ResponseInput } from './response-input';
import { SnapshotStore } from './snapshot-store';
import { TaskStage } from './stage';
import type { TrialSink } from './trial-queue';
import { ScreenWakeLock } from './wake-lock';

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
      /** Called once the element is on the stage (e.g. to move the keyboard focus into it). */
      onInserted?: () => void;
      /** Called with the presented onset (e.g. the PVT's counter counts from it). */
      onOnset?: (atMs: number) => void;
      /** Called when the element leaves the stage (e.g. the Tower of Hanoi's board listeners). */
      dispose?: () => void;
    }
  | { element: null; name: string };

/**
 * A key that is the task's but changes the drawing first or only: the Tower of Hanoi's arrows
 * move the focus over its pegs, its number keys move the focus to the peg they choose. `act`
 * runs at a fresh press, then `input`, if any, goes to the engine.
 */
export class LocalKey<Input> {
  constructor(
    readonly act: () => void,
    readonly input: Input | null = null,
  ) {}
}

/** How a drawing answers: an input from the element it drew (a peg of the Tower of Hanoi). */
export type Respond<Input> = (input: Input, atMs: number, modality: InputModality) => void;

/**
 * Where this browser keeps the trial on screen, for a task whose trial begun and not recorded
 * is given again after a reload (the Tower of Hanoi's problems): read when the run starts,
 * written when a trial is drawn, closed once its record is in the outbox.
 */
export type OpenTrialStore = {
  read(runId: string): TrialPosition | null;
  write(runId: string, position: TrialPosition): void;
  close(runId: string, position: TrialPosition): void;
};

/** What the host takes from a web task's running part: its keys and its drawing. */
export type TaskStageParts<Input, Scene> = {
  /** The input a key stands for (or what it changes on the drawing), or null for other keys. */
  keyToInput(event: Pick<KeyboardEvent, 'code' | 'key'>): Input | LocalKey<Input> | null;
  /** What a scene looks like on the stage; an element that takes input itself calls `respond`. */
  draw(scene: Scene, respond: Respond<Input>): Drawing;
  /**
   * Changes an element on the stage to show `scene` in its place (e.g. the SART's mask turning
   * green); false if it cannot, and the scene is drawn anew.
   */
  redraw?(element: HTMLElement, scene: Scene): boolean;
  /** Whether a press by a second finger counts (a task whose stage is one big button). */
  acceptsSecondaryPointers?: boolean;
  /**
   * The input a touch or a click on the stage stands for, when the stage itself is the button
   * (the PVT); a long touch on it then opens no menu.
   */
  stageInput?: Input;
  /** Whether the screen is kept on while trials are on (the Screen Wake Lock). */
  keepsScreenAwake?: boolean;
  /** Where the trial on screen is kept, when one begun before a reload is given again. */
  openTrial?: OpenTrialStore;
  /**
   * What the stage adds to a trial's record before it is saved: what it showed that the engine
   * does not know (Stroop's words in the run's language, ADR 042). The engine's fields stay.
   */
  annotateTrial?<T extends object>(trial: T): T;
  /**
   * A prompt's button takes no press for this long after the prompt appears, ms (a second tap
   * or key meant for the Tower of Hanoi's board); `begin(true)` goes on at once.
   */
  promptSettleMs?: number;
};

/**
 * The save error of a trial the outbox refused without saying why; the running view shows it in
 * the reader's language (TaskRunLayout).
 */
export const TRIAL_NOT_STORED = 'This trial could not be stored';

/** What the React chrome shows; the stage itself is drawn by the host, not by React. */
export type TaskHostSnapshot<Prompt, Scene = unknown> = {
  /**
   * 'prompt': the engine waits for the participant; 'get-ready': trials follow in a moment;
   * 'running': trials are on; 'finished': every trial is recorded.
   */
  phase: 'prompt' | 'get-ready' | 'running' | 'finished';
  /** The prompt shown, or the last one before the trials now on. */
  prompt: Prompt | null;
  /** The trial on screen or next to come, and its block's size. */
  progress: EngineProgress | null;
  /**
   * The scene on the stage once presented (null when the stage is clear): what a screen reader
   * is told of it. It changes after the frame that shows it, so no render of the page's chrome
   * runs between a scene's drawing and its paint.
   */
  scene: Scene | null;
  /** Set when a trial could not be written to the durable outbox. */
  saveError: string | null;
};

/** What a host is made with: a run's engine, the web task's parts, and where things go. */
export type TaskHostOptions<State, Input, Scene, Prompt, Trial extends TrialEnvelope> = {
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
  timing: PresentTiming;
  /** Scheduled by drawing ahead, and not yet asked for by a real step. */
  ahead: boolean;
  cancel: () => void;
  element: HTMLElement | null;
  /** What its drawing lets go of when it leaves the stage. */
  dispose?: () => void;
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
 * Drawing ahead: a scene due at the TICK that names it must be drawn before that TICK, so
 * while a TICK is aimed the host steps a copy of the state with it and schedules what the copy
 * would present. The real TICK comes at the due time, so every response until then counts for
 * its own trial; what the real steps ask for confirms a scene drawn ahead, and one that no step
 * would present any more (an answer ended the list before its time limit) is called off.
 */
export class TaskHost<State, Input, Scene, Prompt, Trial extends TrialEnvelope> {
  /** The task's keys and, in touch mode, its on-screen buttons (attached by the page). */
  readonly input: ResponseInput<Input | LocalKey<Input>, Input>;
  private readonly stage: TaskStage;
  private readonly store: SnapshotStore<TaskHostSnapshot<Prompt, Scene>>;
  private readonly attention: AttentionRecorder;
  private readonly engine: RunEngine<State, Input, Scene, Prompt, Trial>;
  private readonly parts: TaskStageParts<Input, Scene>;
  private readonly loop: EngineLoop<State, EngineEvent<Input>, EngineEffect<Scene, Prompt, Trial>>;
  private readonly scheduler: FrameScheduler;
  private readonly initialEffects: EngineEffect<Scene, Prompt, Trial>[];
  private readonly tick = new DueTimer();
  private readonly timer = new FrameTimer();
  private readonly wakeLock = new ScreenWakeLock();
  private readonly jobs = new Map<string, Job<Scene>>();
  private onStage: Job<Scene> | null = null;
  /** The scene of `onStage` once its onset is known, or changed in place since. */
  private presented: Scene | null = null;
  private isDisposed = false;
  private isFinished = false;
  private prompt: { prompt: Prompt; getReadyMs: number; shownAtMs: number } | null = null;
  private lastPrompt: Prompt | null = null;
  private getReadyTimer: ReturnType<typeof setTimeout> | undefined;
  private saveError: string | null = null;

  constructor(private readonly options: TaskHostOptions<State, Input, Scene, Prompt, Trial>) {
    const { engine, parts } = options;
    this.engine = engine;
    this.parts = parts;
    this.stage = new TaskStage(options.stage);
    this.scheduler = new FrameScheduler({ frameIntervalMs: options.frameIntervalMs });
    const first = engine.start({
      saved: options.saved,
      timeOriginMs: performance.timeOrigin,
      inputModality: options.inputModality,
      openPosition: parts.openTrial?.read(options.run.id) ?? null,
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
      onResponse: ({ response, atMs, modality }) => {
        if (!(response instanceof LocalKey)) {
          this.respond(response, atMs, modality);
          return;
        }
        response.act();
        if (response.input !== null) this.respond(response.input, atMs, modality);
      },
      // The keys must not scroll or type while trials are on; between prompts they are the page's.
      isCapturing: () => this.isPresenting(),
      acceptsSecondaryPointers: parts.acceptsSecondaryPointers,
    });
    this.attention = new AttentionRecorder((atMs) => this.loop.push({ type: 'INTERRUPTED', atMs }));
    if (parts.stageInput !== undefined) {
      this.input.attachButton(options.stage, parts.stageInput);
      options.stage.addEventListener('contextmenu', preventDefault);
    }
    window.addEventListener('paste', this.onPaste, true);
  }

  /** For useSyncExternalStore: the snapshot's subscription and its current value. */
  get subscribe() {
    return this.store.subscribe;
  }

  get getSnapshot() {
    return this.store.getSnapshot;
  }

  /** Blur, focus and visibility changes of the whole run, for the measurement record. */
  getAttentionEvents(): AttentionEvent[] {
    return this.attention.getEvents();
  }

  /** Performs the engine's first effects: the prompt where the run starts, or its end. */
  start(): void {
    for (const effect of this.initialEffects.splice(0)) this.perform(effect);
    this.publish();
  }

  /**
   * The participant is ready: the prompt's get-ready pause, then START. A press sooner than the
   * task's promptSettleMs after the prompt appeared is ignored, unless `atOnce` (the run begins
   * right after its start button).
   */
  begin(atOnce = false): void {
    if (this.isDisposed || !this.prompt || this.getReadyTimer !== undefined) return;
    const settleMs = this.parts.promptSettleMs ?? 0;
    if (!atOnce && performance.now() - this.prompt.shownAtMs < settleMs) return;
    if (this.parts.keepsScreenAwake) this.wakeLock.acquire();
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
    for (const job of this.jobs.values()) if (job.status === 'due') job.cancel();
    this.scheduler.cancelAll();
    this.tick.cancel();
    clearTimeout(this.getReadyTimer);
    if (this.onStage) this.leave(this.onStage);
    this.wakeLock.release();
    this.options.stage.removeEventListener('contextmenu', preventDefault);
    window.removeEventListener('paste', this.onPaste, true);
    this.stage.dispose();
    this.input.dispose();
    this.attention.dispose();
    this.store.dispose();
  }

  /** Pasted text is never a response: while trials are on, a paste does nothing. */
  private readonly onPaste = (event: ClipboardEvent): void => {
    if (this.isPresenting()) event.preventDefault();
  };

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
        this.prompt = {
          prompt: effect.prompt,
          getReadyMs: effect.getReadyMs,
          shownAtMs: performance.now(),
        };
        this.lastPrompt = effect.prompt;
        this.clearStage();
        return;
      case 'PRESENT':
        this.present(effect);
        return;
      case 'WITHDRAW':
        this.withdraw(effect.key);
        return;
      case 'RECORD': {
        const { id } = this.options.run;
        const trial = this.parts.annotateTrial
          ? this.parts.annotateTrial(effect.trial)
          : effect.trial;
        // A trial kept open stays so until its record is safely in the outbox: a reload before
        // then gives it again.
        this.options.sink.enqueue(id, trial).then(
          () => this.parts.openTrial?.close(id, positionOf(trial)),
          (error: unknown) => {
            this.saveError = (error as Error).message || TRIAL_NOT_STORED;
            this.publish();
          },
        );
        return;
      }
      case 'FINISHED':
        this.prompt = null;
        this.isFinished = true;
        this.wakeLock.release();
        this.clearStage();
        return;
    }
  }

  /**
   * Schedules a scene: in the frame nearest its due time (at once when it has none). A scene
   * whose key is on its way already takes the new one's place, at the new due time if it has
   * one; one on the stage is changed in place or drawn again; one gone from the stage stays
   * gone. `ahead`: asked for by drawing ahead, not by a real step.
   */
  private present(effect: Present<Scene>, ahead = false): void {
    const existing = this.jobs.get(effect.key);
    if (existing?.status === 'due') {
      existing.scene = effect.scene;
      existing.ahead &&= ahead;
      if (effect.dueAtMs !== null && effect.dueAtMs !== existing.dueMs) {
        existing.cancel();
        existing.dueMs = effect.dueAtMs;
        this.schedule(existing);
      }
      return;
    }
    if (existing?.status === 'gone') return;
    if (existing?.status === 'shown') {
      if (isSameScene(existing.scene, effect.scene)) return;
      existing.scene = effect.scene;
      if (existing.element && this.parts.redraw?.(existing.element, effect.scene)) {
        if (this.onStage === existing && this.presented !== null) this.presented = effect.scene;
        return;
      }
    }
    const dueMs = effect.dueAtMs ?? performance.now();
    const job: Job<Scene> = {
      key: effect.key,
      dueMs,
      scene: effect.scene,
      status: 'due',
      timing: effect.dueAtMs === null ? 'frame' : effect.timing,
      ahead,
      cancel: () => {},
      element: null,
    };
    this.jobs.set(effect.key, job);
    this.schedule(job);
    // Drawn again in place of itself: it keeps its due time against the scenes after it.
    if (existing) job.dueMs = existing.dueMs;
  }

  /**
   * Schedules a job on its way: in the animation frame nearest its due time ('frame'), or
   * inserted from a timer so that it is presented at its due time ('timer', FrameTimer).
   */
  private schedule(job: Job<Scene>): void {
    const draw = () => this.draw(job);
    job.cancel =
      job.timing === 'timer'
        ? this.timer.at(job.dueMs, () => void draw())
        : this.scheduler.at(job.dueMs, draw);
  }

  /** Calls off a scene on its way; one on the stage stays until another replaces it. */
  private withdraw(key: string): void {
    const job = this.jobs.get(key);
    if (job?.status !== 'due') return;
    job.cancel();
    job.status = 'gone';
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
    const drawing = this.parts.draw(job.scene, this.respond);
    const presentation = drawing.element
      ? this.stage.show(drawing.element, drawing.name)
      : this.stage.blank(drawing.name);
    if (drawing.element && 'onInserted' in drawing) drawing.onInserted?.();
    if (job.timing === 'timer') this.timer.noteLatency(presentation.insertedMs, presentation.onset);
    if (shown && shown !== job) this.leave(shown);
    job.status = 'shown';
    job.element = drawing.element;
    job.dispose = drawing.element && 'dispose' in drawing ? drawing.dispose : undefined;
    this.onStage = job;
    this.presented = null;
    const open = this.parts.openTrial && this.engine.progress(this.loop.state);
    if (open && this.engine.presenting(this.loop.state)) {
      this.parts.openTrial?.write(this.options.run.id, open.position);
    }
    const { key } = job;
    queueMicrotask(() => this.loop.push({ type: 'DRAWN', key, atMs: presentation.insertedMs }));
    void presentation.onset.then((onset) => {
      if (drawing.element && 'onOnset' in drawing) drawing.onOnset?.(onset.timeMs);
      if (this.onStage === job) this.presented = job.scene;
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
   * After every step: arms the TICK the engine asks for, draws ahead what that TICK will
   * present, and calls off what was drawn ahead and would not be presented any more.
   */
  private arrange(): void {
    const { state } = this.loop;
    const dueMs = this.engine.nextDueMs(state);
    this.tick.aim(dueMs, (atMs) => this.loop.push({ type: 'TICK', atMs }));
    const aheadKeys = new Set<string>();
    if (dueMs !== null) {
      for (const effect of this.engine.step(state, { type: 'TICK', atMs: dueMs }).effects) {
        if (effect.type !== 'PRESENT' || effect.dueAtMs === null) continue;
        this.present(effect, true);
        aheadKeys.add(effect.key);
      }
    }
    for (const [key, job] of this.jobs) {
      if (job.ahead && job.status === 'due' && !aheadKeys.has(key)) {
        job.cancel();
        this.jobs.delete(key);
      }
    }
  }

  /** A job's scene leaves the stage: it is gone, and its drawing lets go of what it holds. */
  private leave(job: Job<Scene>): void {
    job.status = 'gone';
    job.dispose?.();
    job.dispose = undefined;
  }

  /** A response from the keys, the buttons or the drawing: the engine's INPUT. */
  private readonly respond: Respond<Input> = (input, atMs, modality) => {
    this.loop.push({ type: 'INPUT', atMs, modality, input });
  };

  private clearStage(): void {
    for (const job of this.jobs.values()) if (job.status === 'due') job.cancel();
    this.scheduler.cancelAll();
    if (this.onStage) this.leave(this.onStage);
    this.jobs.clear();
    this.onStage = null;
    this.presented = null;
    this.stage.clear();
  }

  private makeSnapshot(): TaskHostSnapshot<Prompt, Scene> {
    const phase: TaskHostSnapshot<Prompt, Scene>['phase'] = this.isFinished
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
      scene: this.presented,
      saveError: this.saveError,
    };
  }

  private publish(): void {
    this.store.set(this.makeSnapshot());
  }
}

const preventDefault = (event: Event) => event.preventDefault();

const positionKey = (progress: EngineProgress | null) =>
  progress
    ? `${progress.position.phase}:${progress.position.block}:${progress.position.trialNumber}:${progress.trialsInBlock}:${progress.isReminder}`
    : '';

/** Snapshots that show the same: progress compares by position, the rest by identity. */
function isSameSnapshot<Prompt, Scene>(
  next: TaskHostSnapshot<Prompt, Scene>,
  previous: TaskHostSnapshot<Prompt, Scene>,
): boolean {
  return (
    next.phase === previous.phase &&
    next.prompt === previous.prompt &&
    next.scene === previous.scene &&
    next.saveError === previous.saveError &&
    positionKey(next.progress) === positionKey(previous.progress)
  );
}

/**
 * What a run's host is made with beside its task: the run, where it draws, where trials go.
 * Without `saved` the run starts at its beginning; without `inputModality`, trials without a
 * response record the keyboard's.
 */
export type TaskHostRunOptions = Omit<TaskRuntimeOptions, 'saved' | 'inputModality'> & {
  saved?: readonly SavedTrial[];
  inputModality?: InputModality;
};

/** What a host needs of a task's definition: its settings schema and its plan. */
type PlannedTask<Config, Plan> = {
  settings: { schema: { parse(value: unknown): Config } };
  plan(seed: string, config: Config): Plan;
};

/**
 * The host running one run of a task: the task's engine bound to the run's configuration (as
 * its settings schema reads it) and plan, and the web task's drawing for that configuration and
 * input mode. Made outside React too (the timing benchmark's pages): then start() and begin().
 */
export function createTaskHost<
  Config,
  Plan,
  State,
  Input,
  Scene,
  Prompt,
  Trial extends TrialEnvelope,
>(
  task: PlannedTask<Config, Plan>,
  engine: TaskEngine<Config, Plan, State, Input, Scene, Prompt, Trial>,
  parts: (config: Config, inputModality: InputModality) => TaskStageParts<Input, Scene>,
  options: TaskHostRunOptions,
): TaskHost<State, Input, Scene, Prompt, Trial> {
  const config = task.settings.schema.parse(options.run.config);
  const inputModality = options.inputModality ?? 'keyboard';
  return new TaskHost({
    run: options.run,
    engine: engine.forRun(config, task.plan(options.run.seed, config)),
    parts: parts(config, inputModality),
    stage: options.stage,
    sink: options.sink,
    saved: options.saved ?? [],
    inputModality,
    frameIntervalMs: options.frameIntervalMs,
  });
}
