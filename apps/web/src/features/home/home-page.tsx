import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { buttonClassName } from '../../components/ui/button';
import { ProgressIcon, TestsIcon } from '../../components/ui/icons';
import { useCurrentUser } from '../../lib/api/get-session';
import { getFlashMessage } from '../../lib/location-state';
import { useDocumentTitle } from '../../lib/use-document-title';

export function HomePage() {
  useDocumentTitle('Home');
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
      {flash && <Alert variant={flash.variant}>{flash.message}</Alert>}

      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title">Get to know how your mind works</h1>
        <p className="hero__pitch">
          Short, research-based cognitive tests in your browser, with your results tracked over
          time.
        </p>
        <div className="hero__actions">
          <Link to="/cognitive-tests" className={buttonClassName('primary', 'button--large')}>
            Explore the tests
          </Link>
        </div>
      </section>

      <section className="features" aria-label="Features">
        <article className="feature card">
          <span className="feature__icon">
            <TestsIcon />
          </span>
          <h2>Cognitive tests</h2>
          <p>
            Take the Stroop task-switching test: follow a cue to name the ink colour or read the
            word, as quickly and accurately as you can. More tests are on the way.
          </p>
          <Link to="/cognitive-tests" className="text-link">
            See all tests
          </Link>
        </article>
        <article className="feature card">
          <span className="feature__icon">
            <ProgressIcon />
          </span>
          <h2>Progress tracking</h2>
          <p>
            Every completed test is saved to your account. Review your scores, reaction times and
            accuracy, and see how they change from one session to the next.
          </p>
          <Link to="/progress-tracking" className="text-link">
            View your progress
          </Link>
        </article>
      </section>

      <section className="cta card" aria-labelledby="cta-title">
        {user ? (
          <>
            <h2 id="cta-title">Ready for your next session?</h2>
            <p>Pick up where you left off with a new test.</p>
            <Link to="/cognitive-tests" className={buttonClassName('primary')}>
              Go to cognitive tests
            </Link>
          </>
        ) : (
          <>
            <h2 id="cta-title">Start measuring today</h2>
            <p>Create a free account to take the tests and keep your results.</p>
            <Link to="/register" className={buttonClassName('primary')}>
              Create an account
            </Link>
          </>
        )}
      </section>
    </div>
  );
}
