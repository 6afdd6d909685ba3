import { TEST_CATALOG } from '@cogni/domain';
import { Link } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';

export function TestsPage() {
  return (
    <>
      <PageHeader title="Cognitive Tests">
        Choose a test. Each one takes a few minutes; use a physical keyboard.
      </PageHeader>
      <ul className="test-grid">
        {TEST_CATALOG.map((test) =>
          test.isEnabled ? (
            <li
              key={test.slug}
              className="test-card card"
              data-testid="test-card"
              data-enabled="true"
            >
              <h2 className="test-card__title">
                {/* Its ::after stretches over the card, so the whole card is one click target. */}
                <Link to={`/cognitive-tests/${test.slug}`} className="test-card__link">
                  {test.name}
                </Link>
              </h2>
              <p className="test-card__description">{test.description}</p>
              <span className="test-card__action test-card__action--start" aria-hidden="true">
                Start test →
              </span>
            </li>
          ) : (
            <li
              key={test.slug}
              className="test-card test-card--disabled card"
              data-testid="test-card"
              data-enabled="false"
            >
              <h2 className="test-card__title">{test.name}</h2>
              <p className="test-card__description">{test.description}</p>
              <span className="badge test-card__action">Coming soon</span>
            </li>
          ),
        )}
      </ul>
    </>
  );
}
