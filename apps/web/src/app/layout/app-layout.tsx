import { MESSAGES } from '@cogni/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { useLogout } from '../../lib/api/logout';
import { useMediaQuery } from '../../lib/use-media-query';
import { useStoredBoolean } from '../../lib/use-stored-boolean';
import { ErrorBoundary } from '../error-boundary';
import { Footer } from './footer';
import { Header } from './header';
import { Sidebar } from './sidebar';
import { useFocusOnRouteChange } from './use-focus-on-route-change';

/** Must match the breakpoint in layout.css. */
const DESKTOP_QUERY = '(min-width: 48rem)';
const SIDEBAR_LOCK_KEY = 'cogni.sidebarLocked';

export function AppLayout() {
  const { t } = useLingui();
  const { pathname } = useLocation();
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const [isLocked, setIsLocked] = useStoredBoolean(SIDEBAR_LOCK_KEY, false);
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const [lastPathname, setLastPathname] = useState(pathname);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const mainRef = useRef<HTMLElement>(null);
  const logout = useLogout();
  useFocusOnRouteChange(mainRef);

  // The logout error belongs to the page it happened on; moving on drops it.
  const [logoutFailedAt, setLogoutFailedAt] = useState<string | null>(null);

  // Moving to another page closes the phone drawer.
  if (pathname !== lastPathname) {
    setLastPathname(pathname);
    setIsDrawerOpen(false);
  }

  function closeDrawer() {
    setIsDrawerOpen(false);
    menuButtonRef.current?.focus();
  }

  function handleLogout() {
    logout.mutate(undefined, { onError: () => setLogoutFailedAt(pathname) });
  }

  return (
    <div className="app" data-sidebar-locked={String(isDesktop && isLocked)}>
      <a className="skip-link" href="#main">
        <Trans>Skip to content</Trans>
      </a>
      <Header
        isMenuOpen={!isDesktop && isDrawerOpen}
        onMenuToggle={() => setIsDrawerOpen((open) => !open)}
        menuButtonRef={menuButtonRef}
      />
      <Sidebar
        isDesktop={isDesktop}
        isLocked={isLocked}
        onLockedChange={setIsLocked}
        isDrawerOpen={isDrawerOpen}
        onDrawerClose={closeDrawer}
        onLogout={handleLogout}
        isLoggingOut={logout.isPending}
      />
      <div className="app__content">
        <main id="main" ref={mainRef} className="app__main" tabIndex={-1}>
          {logoutFailedAt === pathname && <Alert variant="error">{t(MESSAGES.logoutFailed)}</Alert>}
          <ErrorBoundary resetKey={pathname}>
            <Outlet />
          </ErrorBoundary>
        </main>
        <Footer />
      </div>
    </div>
  );
}
