import { TASK_CATEGORIES, TEST_CATALOG, type TestCatalogEntry } from '@cogni/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { useErrorText } from '../../lib/i18n/error-text';

/** The battery's tests, grouped by what they measure; tests still to be built are disabled. */
export function TestListPage() {
  const { t } = useLingui();
  const { translateEnglish } = useErrorText();
  return (
    <>
      <PageHeader title={t`Cognitive Tests`}>
        <Trans>
          Choose a test. Each one takes a few minutes, with a keyboard or, on a touch screen, with
          on-screen buttons.
        </Trans>
      </PageHeader>
      {TASK_CATEGORIES.map((category) => {
        const tests = TEST_CATALOG.filter((test) => test.category === category.key);
        if (tests.length === 0) return null;
        const headingId = `tests-${category.key}`;
        return (
          <section key={category.key} className="test-group" aria-labelledby={headingId}>
            <h2 id={headingId} className="test-group__title">
              {translateEnglish(category.label)}
            </h2>
            <ul className="test-grid">
              {tests.map((test) => (
                <TestCard key={test.slug} test={test} />
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}

function TestCard({ test }: { test: TestCatalogEntry }) {
  const { translateEnglish } = useErrorText();
  const name = translateEnglish(test.name);
  const description = translateEnglish(test.description);
  if (!test.isEnabled) {
    return (
      <li
        className="test-card test-card--disabled card"
        data-testid="test-card"
        data-enabled="false"
      >
        <h3 className="test-card__title">{name}</h3>
        <p className="test-card__description">{description}</p>
        <span className="badge test-card__action">
          <Trans>Coming soon</Trans>
        </span>
      </li>
    );
  }
  return (
    <li className="test-card card" data-testid="test-card" data-enabled="true">
      <h3 className="test-card__title">
        {/* Its ::after stretches over the card, so the whole card is one click target. */}
        <Link to={`/cognitive-tests/${test.slug}`} className="test-card__link">
          {name}
        </Link>
      </h3>
      <p className="test-card__description">{description}</p>
      <span className="test-card__action test-card__action--start" aria-hidden="true">
        <Trans>Start test →</Trans>
      </span>
    </li>
  );
}
