import { MESSAGES, TEST_CATALOG } from '@cogni/domain';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { formatDateTime } from '../../lib/format';
import { useActiveRuns } from './api/get-active-run';
import { useProgress } from './api/get-progress';
import { DownloadData } from './download-data';
import { groupResultsByTestType } from './lib/group-results';
import { ResultGroup } from './result-group';
import './progress.css';

/** /progress-tracking: the user's recent results, their details and charts, and their data. */
export default function ProgressPage() {
  const progress = useProgress();

  return (
    <div className="progress">
      <PageHeader title="Progress Tracking">
        Your most recent results, what they mean, and how your scores change over time.
      </PageHeader>
      <ResumeNotice />
      {progress.isPending ? (
        <Spinner label="Loading your results…" />
      ) : progress.isError ? (
        <Alert variant="error">{MESSAGES.progressLoadFailed}</Alert>
      ) : progress.data.results.length === 0 ? (
        <p className="empty-state">{MESSAGES.progressEmpty}</p>
      ) : (
        groupResultsByTestType(progress.data.results).map((group) => (
          <ResultGroup
            key={group.testType}
            group={group}
            history={progress.data.history}
            trendMeasures={progress.data.trendMeasures[group.testType] ?? []}
          />
        ))
      )}
      <DownloadData />
    </div>
  );
}

/** Unfinished runs are not results yet: say where they are instead of leaving them out silently. */
function ResumeNotice() {
  const runs = useActiveRuns();
  return runs.map((run) => {
    const card = TEST_CATALOG.find((entry) => entry.testType === run.testType);
    if (!card) return null;
    return (
      <Alert key={run.id} variant="info" className="progress__resume">
        You have an unfinished {card.name}, started {formatDateTime(run.startTime)} with{' '}
        {run.savedTrials.length} {run.savedTrials.length === 1 ? 'trial' : 'trials'} saved. It shows
        here once it is finished.{' '}
        <Link to={`/cognitive-tests/${card.slug}`} className="text-link">
          Continue the test
        </Link>
      </Alert>
    );
  });
}
