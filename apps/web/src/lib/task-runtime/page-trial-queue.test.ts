import { describe, expect, it, vi } from 'vitest';
import { connectQueueToWindow } from './page-trial-queue';

describe('connectQueueToWindow', () => {
  it("flushes on 'online' until disposed", () => {
    const target = new EventTarget();
    const queue = { flush: vi.fn() };
    const dispose = connectQueueToWindow(queue, target);
    target.dispatchEvent(new Event('online'));
    expect(queue.flush).toHaveBeenCalledTimes(1);
    dispose();
    target.dispatchEvent(new Event('online'));
    expect(queue.flush).toHaveBeenCalledTimes(1);
  });
});
