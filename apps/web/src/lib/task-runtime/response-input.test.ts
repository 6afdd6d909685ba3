// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { modalityOfPointer, type ResponseEvent, ResponseInput } from './response-input';

const KEYS: Record<string, string> = { Space: 'space', KeyF: 'left' };

function setUp(isCapturing = true, acceptsSecondaryPointers?: boolean) {
  const responses: ResponseEvent[] = [];
  const input = new ResponseInput({
    keyToResponse: (event) => KEYS[event.code] ?? null,
    onResponse: (event) => responses.push(event),
    isCapturing: () => isCapturing,
    acceptsSecondaryPointers,
  });
  return { input, responses };
}

function key(type: 'keydown' | 'keyup', code: string, init: KeyboardEventInit = {}) {
  const event = new KeyboardEvent(type, { code, key: code, cancelable: true, ...init });
  window.dispatchEvent(event);
  return event;
}

/** A pointerdown as a browser sends it (jsdom has no PointerEvent: a MouseEvent with its fields). */
function pointerDown(element: HTMLElement, fields: { pointerType: string; isPrimary?: boolean }) {
  const event = new MouseEvent('pointerdown', { bubbles: true, cancelable: true, button: 0 });
  Object.defineProperties(event, {
    pointerType: { value: fields.pointerType },
    isPrimary: { value: fields.isPrimary ?? true },
  });
  element.dispatchEvent(event);
  return event;
}

let disposeAll: (() => void)[] = [];
afterEach(() => {
  for (const dispose of disposeAll) dispose();
  disposeAll = [];
});

describe('ResponseInput', () => {
  it('takes a fresh key press with its own timestamp and stops the page scrolling', () => {
    const { input, responses } = setUp();
    disposeAll.push(() => input.dispose());
    const event = key('keydown', 'Space');
    expect(responses).toEqual([{ response: 'space', atMs: event.timeStamp, modality: 'keyboard' }]);
    expect(event.defaultPrevented).toBe(true);
    key('keydown', 'KeyQ');
    expect(responses).toHaveLength(1);
  });

  it('ignores auto-repeat and a held key until it is released', () => {
    const { input, responses } = setUp();
    disposeAll.push(() => input.dispose());
    key('keydown', 'Space');
    key('keydown', 'Space', { repeat: true });
    key('keydown', 'Space');
    expect(responses).toHaveLength(1);
    key('keyup', 'Space');
    key('keydown', 'Space');
    expect(responses).toHaveLength(2);
  });

  it('forgets held keys when the page loses focus (their keyup never comes)', () => {
    const { input, responses } = setUp();
    disposeAll.push(() => input.dispose());
    key('keydown', 'KeyF');
    window.dispatchEvent(new FocusEvent('blur'));
    key('keydown', 'KeyF');
    expect(responses.map((r) => r.response)).toEqual(['left', 'left']);
  });

  it('leaves keys alone outside a trial and with modifiers', () => {
    const { input, responses } = setUp(false);
    disposeAll.push(() => input.dispose());
    expect(key('keydown', 'Space').defaultPrevented).toBe(false);
    key('keyup', 'Space');
    key('keydown', 'Space', { ctrlKey: true });
    expect(responses).toHaveLength(1);
  });

  it('answers on pointerdown of a button, touch or mouse, primary pointer only', () => {
    const { input, responses } = setUp();
    disposeAll.push(() => input.dispose());
    const button = document.createElement('button');
    document.body.append(button);
    input.attachButton(button, 'tap');
    const touch = pointerDown(button, { pointerType: 'touch' });
    expect(touch.defaultPrevented).toBe(true);
    pointerDown(button, { pointerType: 'touch', isPrimary: false });
    pointerDown(button, { pointerType: 'mouse' });
    expect(responses).toEqual([
      { response: 'tap', atMs: touch.timeStamp, modality: 'touch' },
      expect.objectContaining({ response: 'tap', modality: 'mouse' }),
    ]);
    input.detachButton(button);
    pointerDown(button, { pointerType: 'touch' });
    expect(responses).toHaveLength(2);
  });

  it('takes a second finger while another rests on the screen, where the task allows it', () => {
    const { input, responses } = setUp(true, true);
    disposeAll.push(() => input.dispose());
    const stage = document.createElement('div');
    document.body.append(stage);
    input.attachButton(stage, 'tap');
    // The resting finger went down first (the primary pointer); each later tap is not primary.
    pointerDown(stage, { pointerType: 'touch' });
    const second = pointerDown(stage, { pointerType: 'touch', isPrimary: false });
    const third = pointerDown(stage, { pointerType: 'touch', isPrimary: false });
    expect(second.defaultPrevented).toBe(true);
    expect(responses.map((r) => r.atMs)).toEqual([
      expect.any(Number),
      second.timeStamp,
      third.timeStamp,
    ]);
    // Still no right or middle button.
    const right = new MouseEvent('pointerdown', { bubbles: true, cancelable: true, button: 2 });
    Object.defineProperties(right, { pointerType: { value: 'mouse' }, isPrimary: { value: true } });
    stage.dispatchEvent(right);
    expect(responses).toHaveLength(3);
  });

  it('stops listening once disposed', () => {
    const { input, responses } = setUp();
    input.dispose();
    key('keydown', 'Space');
    expect(responses).toHaveLength(0);
  });

  it('counts a pen as touch', () => {
    expect(modalityOfPointer('pen')).toBe('touch');
    expect(modalityOfPointer('touch')).toBe('touch');
    expect(modalityOfPointer('mouse')).toBe('mouse');
  });
});
