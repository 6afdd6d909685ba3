import { MESSAGES } from '@cogni/domain';
import { PageHeader } from '../../components/ui/page-header';

export function ProgressPage() {
  return (
    <>
      <PageHeader title="Progress Tracking" />
      <p className="empty-state">{MESSAGES.progressEmpty}</p>
    </>
  );
}
