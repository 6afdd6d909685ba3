/** A change of the page's focus or visibility during a run, at its event's timestamp. */
export type AttentionEvent = { type: 'blur' | 'focus' | 'hidden' | 'visible'; atMs: number };

/** At most this many events are kept: a run's measurement record stays small. */
const MAX_EVENTS = 1000;

/**
 * Records blur, focus and visibility changes for a run's measurement record, and reports the
 * moments the participant's attention may have left the task (blur, hidden), so that the trial
 * on screen can be marked as interrupted.
 */
export class AttentionRecorder {
  private readonly events: AttentionEvent[] = [];

  constructor(private readonly onLost: (atMs: number) => void) {
    window.addEventListener('blur', this.onBlur);
    window.addEventListener('focus', this.onFocus);
    document.addEventListener('visibilitychange', this.onVisibilityChange);
  }

  /** Every event recorded so far, oldest first. */
  getEvents(): AttentionEvent[] {
    return [...this.events];
  }

  dispose(): void {
    window.removeEventListener('blur', this.onBlur);
    window.removeEventListener('focus', this.onFocus);
    document.removeEventListener('visibilitychange', this.onVisibilityChange);
  }

  private record(type: AttentionEvent['type'], atMs: number): void {
    if (this.events.length < MAX_EVENTS) this.events.push({ type, atMs });
    if (type === 'blur' || type === 'hidden') this.onLost(atMs);
  }

  private readonly onBlur = (event: FocusEvent) => this.record('blur', event.timeStamp);
  private readonly onFocus = (event: FocusEvent) => this.record('focus', event.timeStamp);
  private readonly onVisibilityChange = (event: Event) =>
    this.record(document.visibilityState === 'hidden' ? 'hidden' : 'visible', event.timeStamp);
}

/** Whether the page is visible and focused now: a trial shown otherwise is interrupted. */
export function isPageAttended(): boolean {
  return document.visibilityState === 'visible' && document.hasFocus();
}
