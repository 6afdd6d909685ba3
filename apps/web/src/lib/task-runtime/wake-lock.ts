/**
 * The Screen Wake Lock while a run is on, where the browser has it (for a task that asks for it,
 * such as the PVT: a phone whose screen dims or locks during a long foreperiod would end the
 * participant's vigilance, not measure it). The browser drops the lock whenever the page is
 * hidden, so it is asked for again when the page is shown. A refusal (battery saver, no
 * permission) leaves the run as it is.
 */
export class ScreenWakeLock {
  private sentinel: WakeLockSentinel | null = null;
  private isWanted = false;

  /** Holds the screen on until `release`. */
  acquire(): void {
    if (this.isWanted) return;
    this.isWanted = true;
    document.addEventListener('visibilitychange', this.onVisibilityChange);
    void this.request();
  }

  release(): void {
    if (!this.isWanted) return;
    this.isWanted = false;
    document.removeEventListener('visibilitychange', this.onVisibilityChange);
    const held = this.sentinel;
    this.sentinel = null;
    held?.release().catch(() => {});
  }

  private async request(): Promise<void> {
    if (typeof navigator === 'undefined' || !('wakeLock' in navigator)) return;
    if (document.visibilityState !== 'visible' || (this.sentinel && !this.sentinel.released)) {
      return;
    }
    try {
      const sentinel = await navigator.wakeLock.request('screen');
      // Released while the request was on its way: let it go again.
      if (this.isWanted) this.sentinel = sentinel;
      else await sentinel.release();
    } catch {
      // Refused: the run goes on without it.
    }
  }

  private readonly onVisibilityChange = (): void => {
    if (this.isWanted && document.visibilityState === 'visible') void this.request();
  };
}
