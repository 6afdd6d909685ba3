// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TaskStage } from './stage';

describe('TaskStage', () => {
  let root: HTMLElement;
  let frames: ((frameMs: number) => void)[];

  beforeEach(() => {
    root = document.createElement('div');
    document.body.append(root);
    frames = [];
    // jsdom has no Element Timing: onsets fall back to the next animation frame's timestamp.
    vi.stubGlobal('requestAnimationFrame', (callback: (frameMs: number) => void) => {
      frames.push(callback);
      return frames.length;
    });
  });
  afterEach(() => {
    root.remove();
    vi.unstubAllGlobals();
  });

  const runFrame = (frameMs: number) => {
    for (const callback of frames.splice(0)) callback(frameMs);
  };

  it('replaces what the stage shows with a new element named for Element Timing', () => {
    const stage = new TaskStage(root);
    const first = document.createElement('span');
    first.textContent = 'P';
    const shown = stage.show(first, 'stimulus');
    expect(root.children).toHaveLength(1);
    expect(root.firstElementChild).toBe(first);
    expect(first.getAttribute('elementtiming')).toBe(shown.identifier);
    expect(shown.identifier).toMatch(/^stimulus-\d+$/);
    // A text element paints its own text: nothing is added to it.
    expect(first.textContent).toBe('P');

    const second = stage.show(document.createElement('span'), 'stimulus');
    expect(root.children).toHaveLength(1);
    expect(second.identifier).not.toBe(shown.identifier);
    // A second stage on the page never reuses an identifier either.
    const other = new TaskStage(document.createElement('div'));
    const elsewhere = other.show(document.createElement('span'), 'stimulus');
    expect([shown.identifier, second.identifier]).not.toContain(elsewhere.identifier);
  });

  it('gives a shape drawn in CSS an invisible text paint, so that Element Timing reports it', () => {
    const stage = new TaskStage(root);
    const square = document.createElement('div');
    square.className = 'square';
    stage.show(square, 'stimulus');
    expect(square.textContent).toBe('\u00a0');
    const image = document.createElement('img');
    stage.show(image, 'stimulus');
    expect(image.childNodes).toHaveLength(0);
  });

  it('resolves the onset, marked as the frame fallback where Element Timing is missing', async () => {
    const stage = new TaskStage(root);
    const before = performance.now();
    const shown = stage.show(document.createElement('div'), 'stimulus');
    expect(shown.insertedMs).toBeGreaterThanOrEqual(before);
    runFrame(1234.5);
    await expect(shown.onset).resolves.toEqual({ timeMs: 1234.5, method: 'animation-frame' });
  });

  it('blanks the stage with a measured element, and clears it without one', async () => {
    const stage = new TaskStage(root);
    const text = document.createElement('span');
    text.textContent = 'R';
    stage.show(text, 'stimulus');
    const blank = stage.blank();
    expect(root.textContent).toBe('\u00a0');
    expect(root.firstElementChild?.getAttribute('elementtiming')).toBe(blank.identifier);
    runFrame(50);
    await expect(blank.onset).resolves.toMatchObject({ timeMs: 50 });
    stage.clear();
    expect(root.childNodes).toHaveLength(0);
    stage.show(text, 'stimulus');
    stage.dispose();
    expect(root.childNodes).toHaveLength(0);
  });
});
