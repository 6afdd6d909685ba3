import { useLingui } from '@lingui/react/macro';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { CloseIcon, MenuIcon } from '../../components/ui/icons';
import { useCurrentUser } from '../../lib/api/get-session';
import { getFullName, getInitials } from '../../lib/format';
import { LanguageSwitcher } from './language-switcher';

type HeaderProps = {
  isMenuOpen: boolean;
  onMenuToggle: () => void;
  menuButtonRef: Ref<HTMLButtonElement>;
};

export function Header({ isMenuOpen, onMenuToggle, menuButtonRef }: HeaderProps) {
  const user = useCurrentUser();
  const { t } = useLingui();
  return (
    <header className="site-header">
      <button
        ref={menuButtonRef}
        type="button"
        className="site-header__menu icon-button"
        aria-label={t`Menu`}
        aria-expanded={isMenuOpen}
        aria-controls="sidebar"
        onClick={onMenuToggle}
      >
        {isMenuOpen ? <CloseIcon /> : <MenuIcon />}
      </button>
      <Link to="/" className="site-header__logo">
        <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
          <rect width="32" height="32" rx="8" fill="currentColor" />
          <circle cx="16" cy="16" r="8" fill="none" stroke="#fff" strokeWidth="3" />
          <circle cx="16" cy="16" r="2.5" fill="#fff" />
        </svg>
        {/* i18n-ignore: the product's name */}
        Cogni
      </Link>
      <div className="site-header__actions">
        <LanguageSwitcher />
        {user ? (
          <Link to="/profile" className="avatar" title={getFullName(user)}>
            {/* Named by text, not aria-label: a name that hides the visible initials fails WCAG 2.5.3. */}
            <span aria-hidden="true">{getInitials(user)}</span>
            <span className="visually-hidden">{t`Profile`}</span>
          </Link>
        ) : (
          <>
            <Link to="/login" className="site-header__link">
              {t`Login`}
            </Link>
            <Link to="/register" className="button button--primary button--small">
              {t`Register`}
            </Link>
          </>
        )}
      </div>
    </header>
  );
}
