// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '../../lib/testing/render';
import { PROMPT_SETTLE_MS, PromptButton } from './prompt-button';

describe('PromptButton', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('has the focus but takes no press until the prompt has been up a moment', () => {
    const onPress = vi.fn();
    renderWithI18n(
      <PromptButton describedBy="x" onPress={onPress}>
        Continue
      </PromptButton>,
    );
    const button = screen.getByRole('button', { name: 'Continue' });
    expect(document.activeElement).toBe(button);
    // A quick second Enter (a click from the keyboard) right after the prompt appears.
    fireEvent.click(button);
    act(() => vi.advanceTimersByTime(PROMPT_SETTLE_MS - 10));
    fireEvent.click(button);
    expect(onPress).not.toHaveBeenCalled();
    expect(button.dataset.armed).toBe('false');
    act(() => vi.advanceTimersByTime(10));
    expect(button.dataset.armed).toBe('true');
    fireEvent.click(button);
    expect(onPress).toHaveBeenCalledTimes(1);
  });

  it('ignores a held key: its auto-repeat keydown does not press the button', () => {
    renderWithI18n(
      <PromptButton describedBy="x" onPress={() => {}}>
        Continue
      </PromptButton>,
    );
    act(() => vi.advanceTimersByTime(PROMPT_SETTLE_MS));
    const button = screen.getByRole('button', { name: 'Continue' });
    const repeat = new KeyboardEvent('keydown', {
      key: 'Enter',
      repeat: true,
      bubbles: true,
      cancelable: true,
    });
    button.dispatchEvent(repeat);
    expect(repeat.defaultPrevented).toBe(true);
    const fresh = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    button.dispatchEvent(fresh);
    expect(fresh.defaultPrevented).toBe(false);
  });
});
