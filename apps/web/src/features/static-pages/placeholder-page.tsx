import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';

export function PlaceholderPage({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <p>
        <Trans>This section is coming soon. In the meantime, try one of the cognitive tests.</Trans>
      </p>
      <p>
        <Link to="/cognitive-tests" className="text-link">
          <Trans>Go to cognitive tests</Trans>
        </Link>
      </p>
    </>
  );
}
