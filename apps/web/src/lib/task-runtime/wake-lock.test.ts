// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScreenWakeLock } from './wake-lock';

/** A stand-in for navigator.wakeLock: each request gives a sentinel that can be released. */
function fakeWakeLock(refuse = false) {
  const sentinels: { released: boolean; release: () => Promise<void> }[] = [];
  const request = vi.fn(async () => {
    if (refuse) throw new DOMException('Not allowed', 'NotAllowedError');
    const sentinel = {
      released: false,
      release: vi.fn(async () => {
        sentinel.released = true;
      }),
    };
    sentinels.push(sentinel);
    return sentinel;
  });
  Object.defineProperty(navigator, 'wakeLock', { value: { request }, configurable: true });
  return { request, sentinels };
}

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  Reflect.deleteProperty(navigator, 'wakeLock');
  setVisibility('visible');
});

describe('ScreenWakeLock', () => {
  it('holds the screen on while wanted, asks again when the page is shown, and lets go', async () => {
    const { request, sentinels } = fakeWakeLock();
    const lock = new ScreenWakeLock();
    lock.acquire();
    await settle();
    expect(request).toHaveBeenCalledWith('screen');
    // The browser drops the lock while the page is hidden; shown again, it is asked for again.
    setVisibility('hidden');
    (sentinels[0] as { released: boolean }).released = true;
    setVisibility('visible');
    await settle();
    expect(request).toHaveBeenCalledTimes(2);
    lock.release();
    await settle();
    expect(sentinels[1]?.release).toHaveBeenCalled();
    // Not wanted any more: showing the page asks for nothing.
    setVisibility('visible');
    await settle();
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('goes on without it where the browser refuses it or has none', async () => {
    const { request } = fakeWakeLock(true);
    const lock = new ScreenWakeLock();
    lock.acquire();
    await settle();
    expect(request).toHaveBeenCalled();
    lock.release();
    Reflect.deleteProperty(navigator, 'wakeLock');
    const none = new ScreenWakeLock();
    expect(() => none.acquire()).not.toThrow();
    none.release();
  });
});
