import { MESSAGES } from '@cogni/domain';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { formatDateTime } from '../../lib/format';
import { useActiveStroopRun } from './api/get-active-run';
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

/** An unfinished run is not a result yet (D17): say where it is instead of leaving it out silently. */
function ResumeNotice() {
  const active = useActiveStroopRun();
  const run = active.data;
  if (!run) return null;
  return (
    <Alert variant="info" className="progress__resume">
      You have an unfinished Stroop Test, started {formatDateTime(run.startTime)} with{' '}
      {run.savedTrials.length} trials saved. It shows here once it is finished.{' '}
      <Link to="/cognitive-tests/stroop-test" className="text-link">
        Continue the test
      </Link>
    </Alert>
  );
}
