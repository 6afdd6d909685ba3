/**
 * The snapshot the task host shares with React (useSyncExternalStore): the host holds its
 * state outside React and sets a new snapshot after each step; listeners hear of it only when
 * it differs from the last one by `isSame`, so a step that changes nothing the page shows does
 * not render the page again.
 */
export class SnapshotStore<T> {
  private readonly listeners = new Set<() => void>();

  constructor(
    private current: T,
    private readonly isSame: (next: T, previous: T) => boolean,
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): T => this.current;

  set(next: T): void {
    if (this.isSame(next, this.current)) return;
    this.current = next;
    for (const listener of this.listeners) listener();
  }

  dispose(): void {
    this.listeners.clear();
  }
}
