import { Link } from 'react-router';
import { CONTACT_EMAIL } from '../../lib/site';

export function Footer() {
  return (
    <footer className="site-footer">
      <nav aria-label="Footer">
        <ul className="site-footer__links">
          <li>
            <Link to="/privacy">Privacy</Link>
          </li>
          <li>
            <Link to="/terms">Terms</Link>
          </li>
          <li>
            <a href={`mailto:${CONTACT_EMAIL}`}>Contact</a>
          </li>
        </ul>
      </nav>
      <p className="site-footer__note">© {new Date().getFullYear()} Cogni</p>
    </footer>
  );
}
