import type { AttentionEvent, AttentionRecorder } from './attention';
import type { SnapshotStore } from './snapshot-store';
import type { TaskStage } from './stage';

/**
 * What every task's runtime shares with the running view: its snapshot store (subscribe and
 * getSnapshot, for useSyncExternalStore), the attention record of the run, and the parts it
 * disposes of last (the stage, the input, the attention recorder, the store). A runtime makes
 * these parts in its own constructor; this class only reads them.
 */
export abstract class StageRuntime<Snapshot> {
  /** The task's keys and, in touch mode, its on-screen buttons (attached by the page). */
  abstract readonly input: { dispose(): void };
  protected abstract readonly stage: TaskStage;
  protected abstract readonly store: SnapshotStore<Snapshot>;
  protected abstract readonly attention: AttentionRecorder;

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

  /** Disposes of the stage, the input, the attention recorder and the store, in that order. */
  protected disposeParts(): void {
    this.stage.dispose();
    this.input.dispose();
    this.attention.dispose();
    this.store.dispose();
  }
}
