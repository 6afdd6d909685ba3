import { MESSAGES, type ProgressResult, type RunSummary } from '@cogni/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense } from 'react';
import { type TrialsSource, useResultTrials } from '../../lib/api/result-trials';
import { formatDateTime } from '../../lib/format';
import { formatDuration } from '../../lib/format-scores';
import type { WebTask } from '../../tasks/registry';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';

type ResultDetailsProps = {
  result: ProgressResult;
  summary: RunSummary;
  task: WebTask;
  trials: TrialsSource;
};

/**
 * A result opened: when and how long, the task's scores at once (they come with the list), then
 * the task's charts and trials once its trials are read (ADR 021).
 */
export function ResultDetails({ result, summary, task, trials: source }: ResultDetailsProps) {
  const { t } = useLingui();
  const trials = useResultTrials(source, result.id);
  const loading = <Spinner label={t`Loading results…`} />;
  const version = summary.scoringVersion;
  return (
    <div className="result-details">
      <dl className="result-details__facts">
        <div>
          <dt>
            <Trans>Started</Trans>
          </dt>
          <dd>{formatDateTime(result.startTime)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Duration</Trans>
          </dt>
          <dd>{formatDuration(result.durationMs)}</dd>
        </div>
        <div>
          {/* Scores change only by a new version of the rules, and a rescore says so here. */}
          <dt>
            <Trans comment="which version of the scoring rules made the scores">Scoring</Trans>
          </dt>
          <dd>
            <Trans>version {version}</Trans>
          </dd>
        </div>
      </dl>
      <Suspense fallback={loading}>
        <task.ScoreTiles summary={summary} />
        <task.ScoreDetails summary={summary} />
      </Suspense>

      {trials.isPending ? (
        <Spinner label={t`Loading trials…`} />
      ) : trials.isError ? (
        <Alert variant="error">
          {t(MESSAGES.progressLoadFailed)}{' '}
          <Button variant="secondary" onClick={() => void trials.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </Alert>
      ) : (
        <Suspense fallback={loading}>
          <task.RunCharts trials={trials.data.trials} />
          <div className="result-details__trials">
            <task.TrialTables trials={trials.data.trials} />
          </div>
        </Suspense>
      )}
    </div>
  );
}
