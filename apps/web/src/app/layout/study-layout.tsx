import { useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../error-boundary';
import { useFocusOnRouteChange } from './use-focus-on-route-change';

/**
 * The frame of a study's participant pages (ADR 040): the name and the page, without the app's
 * navigation, log-in or footer links, which are not for participants.
 */
export function StudyLayout() {
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  useFocusOnRouteChange(mainRef);
  return (
    <div className="study-layout">
      {/* i18n-ignore: the product's name */}
      <div className="study-layout__brand">Cogni</div>
      <main id="main" ref={mainRef} tabIndex={-1} className="study-layout__main">
        <ErrorBoundary resetKey={pathname}>
          <Outlet />
        </ErrorBoundary>
      </main>
    </div>
  );
}
