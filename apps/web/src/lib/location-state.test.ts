import { MESSAGES } from '@cogni/domain';
import { describe, expect, it } from 'vitest';
import { getFlashMessage } from './location-state';

describe('getFlashMessage', () => {
  it('reads a message descriptor, a refusal unless it says it is a success', () => {
    expect(getFlashMessage({ flash: MESSAGES.adminPageForbidden })).toEqual({
      message: MESSAGES.adminPageForbidden,
      variant: 'error',
    });
    expect(
      getFlashMessage({ flash: { id: 'x1', message: 'Done.' }, flashVariant: 'success' }),
    ).toEqual({ message: { id: 'x1', message: 'Done.' }, variant: 'success' });
  });

  it('shows an English text kept in an older history entry as it is', () => {
    expect(getFlashMessage({ flash: 'Your new password is set.' })?.message).toEqual({
      id: 'Your new password is set.',
      message: 'Your new password is set.',
    });
  });

  it('is null without a message it can show', () => {
    for (const state of [null, undefined, {}, { flash: 3 }, { flash: { message: 'no id' } }]) {
      expect(getFlashMessage(state)).toBeNull();
    }
  });
});
