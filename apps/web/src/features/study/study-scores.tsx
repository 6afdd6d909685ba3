import type { Participation, ProgressResult, Run } from '@cogni/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ResultItem } from '../../components/results/result-item';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { getStepRun, participationTrials } from '../../lib/api/participation';

type StudyScoresProps = { code: string; participation: Participation };

/** A finished run as the progress views take it. */
function toResult(run: Run): ProgressResult {
  const endTime = run.endTime ?? run.startTime;
  return {
    id: run.id,
    sessionId: run.sessionId,
    testType: run.testType,
    startTime: run.startTime,
    endTime,
    durationMs: Math.max(0, Date.parse(endTime) - Date.parse(run.startTime)),
    isMock: false,
    summary: run.summary,
  };
}

/**
 * The participant's own scores at the end of a study that shows them (ADR 040): each task step's
 * run with the views progress tracking has (scores, charts, trials), under the step's title.
 */
export function StudyScores({ code, participation }: StudyScoresProps) {
  const { t } = useLingui();
  const taskRuns = participation.runs.filter((run) => run.completed);
  const runs = useQueries({
    queries: taskRuns.map((run) => ({
      queryKey: ['participation-run', code, run.runId] as const,
      queryFn: () => getStepRun(code, run.runId),
      // A finished run's scores do not change.
      staleTime: Number.POSITIVE_INFINITY,
    })),
  });
  const trials = useMemo(() => participationTrials(code), [code]);
  if (taskRuns.length === 0) return null;
  return (
    <section className="study-scores" aria-labelledby="study-scores-title">
      <h2 id="study-scores-title">
        <Trans>Your results</Trans>
      </h2>
      <p className="study-note">
        <Trans>
          Open a task to see how each score comes about, with its charts and every answer.
        </Trans>
      </p>
      {taskRuns.map((stepRun, i) => {
        const query = runs[i];
        const step = participation.steps[stepRun.step];
        const headingId = `study-scores-step-${stepRun.step}`;
        const stepNumber = stepRun.step + 1;
        return (
          <section key={stepRun.runId} className="study-scores__step" aria-labelledby={headingId}>
            <h3 id={headingId}>{step?.title ?? t`Step ${stepNumber}`}</h3>
            {!query || query.isPending ? (
              <Spinner label={t`Loading your results…`} />
            ) : query.isError ? (
              <Alert variant="error">
                <Trans>Your results could not be loaded; your answers are saved.</Trans>{' '}
                <Button variant="secondary" onClick={() => void query.refetch()}>
                  <Trans>Try again</Trans>
                </Button>
              </Alert>
            ) : (
              <ResultItem result={toResult(query.data)} trials={trials} />
            )}
          </section>
        );
      })}
    </section>
  );
}
