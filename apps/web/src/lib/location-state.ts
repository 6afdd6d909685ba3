import type { MessageDescriptor } from '@lingui/core';

/** Reads state.from (set by RequireAuth) as a path to return to after login, if usable. */
export function getReturnPath(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const from = state.from;
  if (typeof from !== 'object' || from === null) return null;
  const { pathname, search, hash } = from as {
    pathname?: unknown;
    search?: unknown;
    hash?: unknown;
  };
  // Only same-app paths: never '//host' (another origin) and never back to the login page.
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//')) {
    return null;
  }
  if (pathname === '/login') return null;
  return `${pathname}${typeof search === 'string' ? search : ''}${typeof hash === 'string' ? hash : ''}`;
}

/**
 * A one-off message for the page navigated to, as state.flash: a message descriptor (`msg`, or
 * one of the domain's MESSAGES), shown in the reader's language by the page that reads it.
 */
export type Flash = { message: MessageDescriptor; variant: 'error' | 'success' };

function isDescriptor(value: unknown): value is MessageDescriptor {
  return (
    typeof value === 'object' &&
    value !== null &&
    'id' in value &&
    typeof value.id === 'string' &&
    (!('message' in value) || typeof value.message === 'string')
  );
}

/**
 * Reads state.flash, a one-off message for the page navigated to: a refusal (the default) or,
 * with state.flashVariant 'success', a confirmation.
 */
export function getFlashMessage(state: unknown): Flash | null {
  if (typeof state !== 'object' || state === null || !('flash' in state)) return null;
  const { flash } = state;
  // An English text (a history entry kept from before the messages had ids) shows as it is.
  const message =
    typeof flash === 'string' ? { id: flash, message: flash } : isDescriptor(flash) ? flash : null;
  if (!message) return null;
  const isSuccess = 'flashVariant' in state && state.flashVariant === 'success';
  return { message, variant: isSuccess ? 'success' : 'error' };
}
