import {
  MESSAGES,
  type Measurement,
  type Run,
  type RunSummary,
  type SavedTrial,
  type TestType,
} from '@cogni/domain';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  type ComponentType,
  type ReactNode,
  useEffect,
  useState,
  useSyncExternalStore,
} from 'react';
import { Link } from 'react-router';
import { createErrorLog } from '../../lib/api/create-error-log';
import { getStepRun, startStepRun } from '../../lib/api/participation';
import { completeRun, getActiveRun, startRun } from '../../lib/api/runs';
import type { AttentionEvent } from '../../lib/task-runtime/attention';
import { measureEnvironment, readDeviceInfo } from '../../lib/task-runtime/device';
import { getTrialQueue } from '../../lib/task-runtime/page-trial-queue';
import type { ResponseMode } from '../../lib/task-runtime/response-mode';
import { setRunsPath, studyRunsPath } from '../../lib/task-runtime/run-paths';
import { type RunSource, startConfigOf } from '../../lib/task-runtime/run-source';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Alert } from '../ui/alert';
import { Button, buttonClassName } from '../ui/button';
import { Spinner } from '../ui/spinner';
import './task.css';

/** What a task's running view is given: the run, where it stands, and how to end. */
export type RunningTaskProps = {
  run: Run;
  /** Trials saved on the server or waiting in this browser's outbox: the run goes on after them. */
  saved: readonly SavedTrial[];
  measurement: Measurement;
  /** Fixed when the run starts: a pointer that changes later changes nothing in it. */
  mode: ResponseMode;
  /** Called with the server's summary once the run is completed. */
  onComplete: (summary: RunSummary) => void;
};

type TaskRunnerProps = {
  testType: TestType;
  /** The test's name, in the reader's language: the page title and the heading. */
  title: string;
  /**
   * The test's name as "Thank you for completing …" ends on the results screen, e.g. 'the
   * Stroop Test', in the reader's language.
   */
  completedName: string;
  /** Before a new run: where to put the fingers and what happens after the button. */
  instructions: ReactNode;
  /**
   * Before a resumed run: where it goes on, ending "Welcome back. Your test continues where it
   * stopped…", e.g. ': Practice trial 3.', in the reader's language.
   */
  describeResume: (run: Run, saved: readonly SavedTrial[]) => string;
  /**
   * The task's own fields its run order reads (its definition's `runOrderFields`): handed over
   * with the trials still in the outbox, as the server hands them over with the saved ones.
   */
  runOrderFields?: readonly string[];
  Running: ComponentType<RunningTaskProps>;
  ScoreTiles: ComponentType<{ summary: RunSummary }>;
  /** Where the run's settings come from: the route's run source, handed on by the page. */
  source: RunSource;
};

type Resume = { run: Run; saved: SavedTrial[] };

type Screen =
  | { kind: 'loading' }
  | { kind: 'ready'; resume: Resume | null; error?: MessageDescriptor }
  | { kind: 'starting' }
  | { kind: 'running'; run: Run; saved: SavedTrial[]; measurement: Measurement; mode: ResponseMode }
  | { kind: 'complete'; summary: RunSummary };

/**
 * The part of a task's page that every task shares: it finds the participant's unfinished run
 * (the trials saved on the server and those still in this browser's outbox count as done), starts
 * a new one or resumes it when the participant is ready, logs a start that fails, shows the task's
 * running view, and at the end the task's headline scores.
 */
export function TaskRunner(props: TaskRunnerProps & { mode: ResponseMode }) {
  const { testType, mode, runOrderFields } = props;
  const { t } = useLingui();
  // A study's step keeps its own tab title (the step's, which may not name the task).
  useDocumentTitle(props.source.kind === 'study' ? null : props.title);
  const [screen, setScreen] = useState<Screen>({ kind: 'loading' });
  const [preview] = useState(() => startConfigOf(props.source) ?? null);

  const study = props.source.kind === 'study' ? props.source : null;
  const studyCode = study?.code;
  const studyRunId = study?.runId;

  useEffect(() => {
    let isCurrent = true;
    // An admin preview always starts a new run with its own settings; a study's step resumes
    // the run it began.
    const find = (): Promise<Run | null> => {
      if (preview) return Promise.resolve(null);
      if (studyCode === undefined) return getActiveRun(testType);
      if (!studyRunId) return Promise.resolve(null);
      setRunsPath(studyRunId, studyRunsPath(studyCode));
      return getStepRun(studyCode, studyRunId);
    };
    find()
      .then(async (run) => {
        const resume = run
          ? {
              run,
              saved: [
                ...run.savedTrials,
                ...(await getTrialQueue().pendingTrials(run.id, runOrderFields)),
              ],
            }
          : null;
        if (isCurrent) setScreen({ kind: 'ready', resume });
      })
      .catch(() => {
        if (isCurrent) setScreen({ kind: 'ready', resume: null });
      });
    return () => {
      isCurrent = false;
    };
  }, [preview, testType, runOrderFields, studyCode, studyRunId]);

  const go = async () => {
    const resume = screen.kind === 'ready' ? screen.resume : null;
    setScreen({ kind: 'starting' });
    try {
      const measurement = { ...(await measureEnvironment()), inputType: mode };
      if (resume) {
        setScreen({ kind: 'running', ...resume, measurement, mode });
        return;
      }
      const run = study
        ? await startStepRun(study.code, study.step, { deviceInfo: readDeviceInfo(), measurement })
        : await startRun({
            testType,
            deviceInfo: readDeviceInfo(),
            measurement,
            ...(preview ? { config: preview } : {}),
          });
      // Its trials and its completion go to the study's runs path.
      if (study) setRunsPath(run.id, studyRunsPath(study.code));
      setScreen({ kind: 'running', run, saved: [], measurement, mode });
    } catch (error) {
      setScreen({ kind: 'ready', resume, error: MESSAGES.startFailed });
      createErrorLog({
        errorType: 'TEST_START_ERROR',
        errorMessage: (error as Error).message.slice(0, 1000) || 'Unknown error',
        context: { path: window.location.pathname },
      }).catch(() => {});
    }
  };

  if (screen.kind === 'loading' || screen.kind === 'starting') {
    return <Spinner label={screen.kind === 'loading' ? t`Loading the test…` : t`Starting…`} />;
  }
  if (screen.kind === 'running') {
    const { Running } = props;
    return (
      <Running
        mode={screen.mode}
        run={screen.run}
        saved={screen.saved}
        measurement={screen.measurement}
        onComplete={(summary) => setScreen({ kind: 'complete', summary })}
      />
    );
  }
  const { title, completedName } = props;
  if (screen.kind === 'complete' && study) {
    const { ScoreTiles } = props;
    return (
      <section className="task-card card" aria-labelledby="task-complete-title">
        <h1 id="task-complete-title" tabIndex={-1}>
          {t({
            comment: "A study's task step is over; title is the test's name",
            message: `${title}: done`,
          })}
        </h1>
        <p>
          <Trans>Thank you. Your answers to this part are saved.</Trans>
        </p>
        {study.showScores && <ScoreTiles summary={screen.summary} />}
        <Button className="button--large" onClick={study.onDone} autoFocus>
          <Trans>Continue</Trans>
        </Button>
      </section>
    );
  }
  if (screen.kind === 'complete') {
    const { ScoreTiles } = props;
    return (
      <section className="task-card card" aria-labelledby="task-complete-title">
        <h1 id="task-complete-title" tabIndex={-1}>
          {preview ? <Trans>Preview Complete</Trans> : <Trans>Test Complete</Trans>}
        </h1>
        <p>
          {preview
            ? t({
                comment: "completedName: the test's name with its article, e.g. 'the Stroop Test'",
                message: `This preview of ${completedName} is kept apart from participants' results.`,
              })
            : t({
                comment: "completedName: the test's name with its article, e.g. 'the Stroop Test'",
                message: `Thank you for completing ${completedName}.`,
              })}
        </p>
        <ScoreTiles summary={screen.summary} />
        {preview ? (
          <Link to="/admin?tab=task-preview" className={buttonClassName('secondary')}>
            <Trans>Back to Task Preview</Trans>
          </Link>
        ) : (
          <Link to="/progress-tracking" className={buttonClassName('secondary')}>
            <Trans>See all your results</Trans>
          </Link>
        )}
      </section>
    );
  }

  const { resume } = screen;
  const welcomeBack = (where: string) =>
    t({
      comment: "where: the place the run goes on from, after a colon, e.g. ': Practice trial 3.'",
      message: `Welcome back. Your test continues where it stopped${where}`,
    });
  return (
    <section className="task-card card" aria-labelledby="task-ready-title">
      <h1 id="task-ready-title" tabIndex={-1}>
        {props.title}
      </h1>
      {screen.error && <Alert variant="error">{t(screen.error)}</Alert>}
      {resume ? (
        <p>{welcomeBack(props.describeResume(resume.run, resume.saved))}</p>
      ) : (
        <p>{props.instructions}</p>
      )}
      <Button className="button--large" onClick={() => void go()} autoFocus>
        {resume ? <Trans>Continue test</Trans> : <Trans>Ready ... Set ... Go!</Trans>}
      </Button>
    </section>
  );
}

/** What the running view needs of a task's runtime to end the run. */
type FinishableRuntime = { getAttentionEvents: () => AttentionEvent[] };

/**
 * The end of a run: waits until the outbox holds none of its trials, completes the run on the
 * server with the attention record, and hands the summary on.
 */
export function useFinishRun(
  run: Run,
  runtime: FinishableRuntime | null,
  onComplete: (summary: RunSummary) => void,
) {
  const { t } = useLingui();
  const [error, setError] = useState<string | null>(null);
  const [isFinishing, setIsFinishing] = useState(false);
  const finish = async () => {
    if (!runtime) return;
    setIsFinishing(true);
    setError(null);
    try {
      await getTrialQueue().whenDrained(run.id);
      const completed = await completeRun(run.id, {
        attentionEvents: runtime.getAttentionEvents(),
      });
      if (completed.summary) onComplete(completed.summary);
    } catch {
      setError(t`Your results could not be saved yet. Please try again.`);
    } finally {
      setIsFinishing(false);
    }
  };
  return { finish, error, isFinishing };
}

/** Over the stage once every trial is done: the button that saves the run and shows results. */
export function FinishPrompt(props: ReturnType<typeof useFinishRun>) {
  return (
    <div className="task-prompt">
      <h2>
        <Trans>All trials done</Trans>
      </h2>
      {props.error && <Alert variant="error">{props.error}</Alert>}
      <Button
        autoFocus
        isBusy={props.isFinishing}
        disabled={props.isFinishing}
        onClick={() => void props.finish()}
      >
        <Trans>View Results</Trans>
      </Button>
    </div>
  );
}

/** What a task's runtime shares with React: a snapshot store. */
type SnapshotSource<T> = { subscribe: (listener: () => void) => () => void; getSnapshot: () => T };

const noSubscribe = () => () => {};
const noSnapshot = () => null;

/** The task host's current snapshot, or null before the host exists. */
export function useRuntimeSnapshot<T>(runtime: SnapshotSource<T> | null): T | null {
  return useSyncExternalStore<T | null>(
    runtime?.subscribe ?? noSubscribe,
    runtime?.getSnapshot ?? noSnapshot,
  );
}
