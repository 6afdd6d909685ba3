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

export type Flash = { message: string; variant: 'error' | 'success' };

/**
 * Reads state.flash, a one-off message for the page navigated to: a refusal (the default) or,
 * with state.flashVariant 'success', a confirmation.
 */
export function getFlashMessage(state: unknown): Flash | null {
  if (typeof state !== 'object' || state === null || !('flash' in state)) return null;
  if (typeof state.flash !== 'string') return null;
  const isSuccess = 'flashVariant' in state && state.flashVariant === 'success';
  return { message: state.flash, variant: isSuccess ? 'success' : 'error' };
}
