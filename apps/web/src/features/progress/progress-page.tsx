import { MESSAGES, TEST_CATALOG } from '@cogni/domain';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { formatDateTime } from '../../lib/format';
import { useErrorText } from '../../lib/i18n/error-text';
import { useActiveRuns } from './api/get-active-run';
import { useProgress } from './api/get-progress';
import { DownloadData } from './download-data';
import { groupResultsByTestType } from './lib/group-results';
import { ResultGroup } from './result-group';
import './progress.css';

/** /progress-tracking: the user's recent results, their details and charts, and their data. */
export default function ProgressPage() {
  const progress = useProgress();
  const { t } = useLingui();

  return (
    <div className="progress">
      <PageHeader title={t`Progress Tracking`}>
        <Trans>
          Your most recent results, what they mean, and how your scores change over time.
        </Trans>
      </PageHeader>
      <ResumeNotice />
      {progress.isPending ? (
        <Spinner label={t`Loading your results…`} />
      ) : progress.isError ? (
        <Alert variant="error">{t(MESSAGES.progressLoadFailed)}</Alert>
      ) : progress.data.results.length === 0 ? (
        <p className="empty-state">{t(MESSAGES.progressEmpty)}</p>
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
  const { translateEnglish } = useErrorText();
  return runs.map((run) => {
    const card = TEST_CATALOG.find((entry) => entry.testType === run.testType);
    if (!card) return null;
    const test = translateEnglish(card.name);
    const started = formatDateTime(run.startTime);
    const saved = run.savedTrials.length;
    return (
      <Alert key={run.id} variant="info" className="progress__resume">
        <Trans>
          You have an unfinished {test}, started {started} with{' '}
          <Plural value={saved} one="# trial" other="# trials" /> saved. It shows here once it is
          finished.
        </Trans>{' '}
        <Link to={`/cognitive-tests/${card.slug}`} className="text-link">
          <Trans>Continue the test</Trans>
        </Link>
      </Alert>
    );
  });
}
