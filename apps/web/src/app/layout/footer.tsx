import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { CONTACT_EMAIL } from '../../lib/site';

export function Footer() {
  const { t } = useLingui();
  return (
    <footer className="site-footer">
      <nav aria-label={t`Footer`}>
        <ul className="site-footer__links">
          <li>
            <Link to="/privacy">
              <Trans>Privacy</Trans>
            </Link>
          </li>
          <li>
            <Link to="/terms">
              <Trans>Terms</Trans>
            </Link>
          </li>
          <li>
            <a href={`mailto:${CONTACT_EMAIL}`}>
              <Trans>Contact</Trans>
            </a>
          </li>
        </ul>
      </nav>
      <p className="site-footer__note">
        {/* i18n-ignore: the year and the product's name */}© {new Date().getFullYear()} Cogni
      </p>
    </footer>
  );
}
