import { type RefObject, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Events that show the user has done something on the page (capture phase, before any handler). */
const INTERACTION_EVENTS = ['pointerdown', 'keydown', 'click'] as const;

/**
 * Moves focus to `target` (the page's <main>, tabIndex -1) when the path changes, so a screen
 * reader announces the new page: a client-side navigation otherwise leaves focus on the link that
 * was followed, or on nothing when that link is gone.
 *
 * Never on first load: not on the first render, and not on the redirects that follow it before
 * the user has pressed, clicked or typed anything (RequireAuth sending /profile to /login, the
 * catch-all sending an unknown path to /). Those are part of loading the page, and moving focus
 * then would skip the skip link and the header.
 */
export function useFocusOnRouteChange(target: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const lastPathname = useRef(pathname);
  const hasInteracted = useRef(false);

  useEffect(() => {
    if (hasInteracted.current) return;
    function stopListening() {
      for (const type of INTERACTION_EVENTS) {
        document.removeEventListener(type, markInteracted, true);
      }
    }
    function markInteracted() {
      hasInteracted.current = true;
      stopListening();
    }
    for (const type of INTERACTION_EVENTS) document.addEventListener(type, markInteracted, true);
    return stopListening;
  }, []);

  useEffect(() => {
    if (pathname === lastPathname.current) return;
    lastPathname.current = pathname;
    if (hasInteracted.current) target.current?.focus();
  }, [pathname, target]);
}
