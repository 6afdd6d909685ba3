import { Link } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';

export function PlaceholderPage({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <p>This section is coming soon. In the meantime, try one of the cognitive tests.</p>
      <p>
        <Link to="/cognitive-tests" className="text-link">
          Go to cognitive tests
        </Link>
      </p>
    </>
  );
}
