import { isAdmin, isResearcher } from '@cogni/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useRef,
  useState,
} from 'react';
import { NavLink } from 'react-router';
import {
  AdminIcon,
  LearnIcon,
  LoginIcon,
  LogoutIcon,
  PinIcon,
  ProfileIcon,
  ProgressIcon,
  RegisterIcon,
  StudiesIcon,
  TestsIcon,
  TrainingIcon,
} from '../../components/ui/icons';
import { useCurrentUser } from '../../lib/api/get-session';

type SidebarProps = {
  /** Desktop: a rail that floats open; otherwise a drawer opened by the header's menu button. */
  isDesktop: boolean;
  isLocked: boolean;
  onLockedChange: (isLocked: boolean) => void;
  isDrawerOpen: boolean;
  onDrawerClose: () => void;
  onLogout: () => void;
  isLoggingOut: boolean;
};

function isFocusVisible(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}

function SidebarLink({ to, icon, label }: { to: string; icon: ReactNode; label: string }) {
  return (
    <li>
      <NavLink to={to} className="sidebar__item" end={to === '/'}>
        {icon}
        <span className="sidebar__label">{label}</span>
      </NavLink>
    </li>
  );
}

function DisabledSidebarItem({ id, icon, label }: { id: string; icon: ReactNode; label: string }) {
  const noteId = `sidebar-${id}-note`;
  return (
    <li>
      {/* biome-ignore lint/a11y/useFocusableInteractive: a disabled link is left out of the tab order on purpose: it goes nowhere yet. */}
      {/* biome-ignore lint/a11y/useSemanticElements: an <a> without href cannot carry the link role and aria-disabled. */}
      <span
        className="sidebar__item sidebar__item--disabled"
        role="link"
        aria-disabled="true"
        aria-describedby={noteId}
      >
        {icon}
        <span className="sidebar__label">
          <span>{label}</span>
          <span id={noteId} className="sidebar__note">
            <Trans>Coming soon</Trans>
          </span>
        </span>
      </span>
    </li>
  );
}

export function Sidebar({
  isDesktop,
  isLocked,
  onLockedChange,
  isDrawerOpen,
  onDrawerClose,
  onLogout,
  isLoggingOut,
}: SidebarProps) {
  const user = useCurrentUser();
  const { t } = useLingui();
  const navRef = useRef<HTMLElement>(null);
  const [isHovered, setIsHovered] = useState(false);
  const [hasKeyboardFocus, setHasKeyboardFocus] = useState(false);

  const isExpanded = isDesktop ? isLocked || isHovered || hasKeyboardFocus : isDrawerOpen;

  useEffect(() => {
    if (isDesktop || !isDrawerOpen) return;
    navRef.current?.querySelector<HTMLElement>('a[href], button')?.focus();
  }, [isDesktop, isDrawerOpen]);

  function handleFocus(event: FocusEvent<HTMLElement>) {
    // Only keyboard focus floats the rail open: a mouse click leaves focus on the clicked link,
    // which would otherwise keep the rail open over the page after the pointer has left.
    if (isDesktop && isFocusVisible(event.target)) setHasKeyboardFocus(true);
  }

  function handleBlur(event: FocusEvent<HTMLElement>) {
    if (!event.currentTarget.contains(event.relatedTarget)) setHasKeyboardFocus(false);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key !== 'Escape') return;
    if (isDesktop) {
      setHasKeyboardFocus(false);
      setIsHovered(false);
    } else if (isDrawerOpen) {
      onDrawerClose();
    }
  }

  return (
    <>
      {!isDesktop && isDrawerOpen && (
        // biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut; Escape and the menu button close it from the keyboard.
        // biome-ignore lint/a11y/useKeyWithClickEvents: as above.
        <div className="sidebar-backdrop" onClick={onDrawerClose} />
      )}
      <nav
        id="sidebar"
        ref={navRef}
        aria-label={t`Main`}
        className="sidebar"
        data-testid="sidebar"
        data-expanded={String(isExpanded)}
        data-locked={String(isDesktop && isLocked)}
        inert={!isDesktop && !isDrawerOpen}
        onMouseEnter={isDesktop ? () => setIsHovered(true) : undefined}
        onMouseLeave={isDesktop ? () => setIsHovered(false) : undefined}
        onFocus={handleFocus}
        onBlur={handleBlur}
        onKeyDown={handleKeyDown}
      >
        <ul className="sidebar__list">
          <SidebarLink to="/cognitive-tests" icon={<TestsIcon />} label={t`Cognitive Tests`} />
          {/* Shown logged out too: the route itself sends a visitor to /login. */}
          <SidebarLink
            to="/progress-tracking"
            icon={<ProgressIcon />}
            label={t`Progress Tracking`}
          />
          <DisabledSidebarItem id="training" icon={<TrainingIcon />} label={t`Training`} />
          <DisabledSidebarItem id="learn" icon={<LearnIcon />} label={t`Learn`} />
          {user ? (
            <>
              <SidebarLink to="/profile" icon={<ProfileIcon />} label={t`Profile`} />
              {isResearcher(user) && (
                <SidebarLink to="/studies" icon={<StudiesIcon />} label={t`Studies`} />
              )}
              {isAdmin(user) && <SidebarLink to="/admin" icon={<AdminIcon />} label={t`Admin`} />}
              <li>
                <button
                  type="button"
                  className="sidebar__item"
                  onClick={onLogout}
                  disabled={isLoggingOut}
                >
                  <LogoutIcon />
                  <span className="sidebar__label">
                    <Trans>Logout</Trans>
                  </span>
                </button>
              </li>
            </>
          ) : (
            <>
              <SidebarLink to="/register" icon={<RegisterIcon />} label={t`Register`} />
              <SidebarLink to="/login" icon={<LoginIcon />} label={t`Login`} />
            </>
          )}
        </ul>
        {isDesktop && (
          <div className="sidebar__footer">
            <button
              type="button"
              className="sidebar__item sidebar__lock"
              aria-pressed={isLocked}
              onClick={() => onLockedChange(!isLocked)}
            >
              <PinIcon />
              <span className="sidebar__label">
                <Trans>Lock sidebar</Trans>
              </span>
            </button>
          </div>
        )}
      </nav>
    </>
  );
}
