import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { buttonClassName } from '../../components/ui/button';
import { ProgressIcon, TestsIcon } from '../../components/ui/icons';
import { useCurrentUser } from '../../lib/api/get-session';
import { getFlashMessage } from '../../lib/location-state';
import { useDocumentTitle } from '../../lib/use-document-title';

export function HomePage() {
  const { t } = useLingui();
  useDocumentTitle(t`Home`);
  const user = useCurrentUser();
  const location = useLocation();
  const navigate = useNavigate();
  // Read once: the message belongs to the redirect that brought us here, not to later reloads.
  const [flash] = useState(() => getFlashMessage(location.state));

  useEffect(() => {
    if (getFlashMessage(location.state)) {
      navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    }
  }, [location, navigate]);

  return (
    <div className="home">
      {flash && <Alert variant={flash.variant}>{t(flash.message)}</Alert>}

      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title">
          <Trans>Get to know how your mind works</Trans>
        </h1>
        <p className="hero__pitch">
          <Trans>
            Short, research-based cognitive tests in your browser, with your results tracked over
            time.
          </Trans>
        </p>
        <div className="hero__actions">
          <Link to="/cognitive-tests" className={buttonClassName('primary', 'button--large')}>
            <Trans>Explore the tests</Trans>
          </Link>
        </div>
      </section>

      <section className="features" aria-label={t`Features`}>
        <article className="feature card">
          <span className="feature__icon">
            <TestsIcon />
          </span>
          <h2>
            <Trans>Cognitive tests</Trans>
          </h2>
          <p>
            <Trans>
              Take the Stroop task-switching test: follow a cue to name the ink colour or read the
              word, as quickly and accurately as you can. More tests are on the way.
            </Trans>
          </p>
          <Link to="/cognitive-tests" className="text-link">
            <Trans>See all tests</Trans>
          </Link>
        </article>
        <article className="feature card">
          <span className="feature__icon">
            <ProgressIcon />
          </span>
          <h2>
            <Trans>Progress tracking</Trans>
          </h2>
          <p>
            <Trans>
              Every completed test is saved to your account. Review your scores, reaction times and
              accuracy, and see how they change from one session to the next.
            </Trans>
          </p>
          <Link to="/progress-tracking" className="text-link">
            <Trans>View your progress</Trans>
          </Link>
        </article>
      </section>

      <section className="cta card" aria-labelledby="cta-title">
        {user ? (
          <>
            <h2 id="cta-title">
              <Trans>Ready for your next session?</Trans>
            </h2>
            <p>
              <Trans>Pick up where you left off with a new test.</Trans>
            </p>
            <Link to="/cognitive-tests" className={buttonClassName('primary')}>
              <Trans>Go to cognitive tests</Trans>
            </Link>
          </>
        ) : (
          <>
            <h2 id="cta-title">
              <Trans>Start measuring today</Trans>
            </h2>
            <p>
              <Trans>Create a free account to take the tests and keep your results.</Trans>
            </p>
            <Link to="/register" className={buttonClassName('primary')}>
              <Trans>Create an account</Trans>
            </Link>
          </>
        )}
      </section>
    </div>
  );
}
