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

/** Reads state.flash, a one-off message for the page navigated to. */
export function getFlashMessage(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('flash' in state)) return null;
  return typeof state.flash === 'string' ? state.flash : null;
}
