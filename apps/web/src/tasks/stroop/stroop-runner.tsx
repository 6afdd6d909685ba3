import {
  getResumePosition,
  MESSAGES,
  type Measurement,
  PHASES,
  type Phase,
  type Run,
  type RunSummary,
  StroopConfigSchema,
  type StroopPosition,
} from '@cogni/domain';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { type PadButton, ResponsePad } from '../../components/task/response-pad';
import { SaveStatus } from '../../components/task/save-status';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClassName } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { createErrorLog } from '../../lib/api/create-error-log';
import { completeRun, getActiveRun, startRun } from '../../lib/api/runs';
import { readPreviewConfig } from '../../lib/preview';
import { measureEnvironment, readDeviceInfo } from '../../lib/task-runtime/device';
import type { ResponseMode } from '../../lib/task-runtime/response-mode';
import { getTrialQueue } from '../../lib/task-runtime/trial-queue';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PHASE_NAMES } from './labels';
import { StroopRuntime } from './runtime/stroop-runtime';
import { StroopScoreTiles } from './stroop-scores';

type Screen =
  | { kind: 'loading' }
  | { kind: 'ready'; resume: { run: Run; startAt: StroopPosition | null } | null; error?: string }
  | { kind: 'starting' }
  | { kind: 'running'; run: Run; startAt: StroopPosition | null; measurement: Measurement }
  | { kind: 'complete'; summary: RunSummary };

/** Positions saved on the server or still waiting in this browser's queue count as done. */
async function findResumePoint(run: Run): Promise<StroopPosition | null> {
  const queued = await getTrialQueue().pendingPositions(run.id);
  const done = [...run.savedTrials, ...queued].flatMap(({ phase, trialNumber }) =>
    isPhase(phase) ? [{ phase, trialNumber }] : [],
  );
  return getResumePosition(StroopConfigSchema.parse(run.config), done);
}

const isPhase = (phase: string): phase is Phase => (PHASES as readonly string[]).includes(phase);

/** The answer buttons of touch mode: one per ink, labelled with the colour's name. */
const PAD_BUTTONS: readonly PadButton[] = [
  { response: 'R', label: 'Red', className: 'stroop-pad--red' },
  { response: 'G', label: 'Green', className: 'stroop-pad--green' },
  { response: 'B', label: 'Blue', className: 'stroop-pad--blue' },
];

export default function StroopRunner({ mode }: { mode: ResponseMode }) {
  useDocumentTitle('Stroop Test');
  const [screen, setScreen] = useState<Screen>({ kind: 'loading' });
  const [preview] = useState(() => readPreviewConfig(window.location.search));

  useEffect(() => {
    let isCurrent = true;
    // An admin preview (ADR 028) always starts a new run with its own settings.
    (preview ? Promise.resolve(null) : getActiveRun('stroopTest'))
      .then(async (run) => {
        const resume = run ? { run, startAt: await findResumePoint(run) } : null;
        if (isCurrent) setScreen({ kind: 'ready', resume });
      })
      .catch(() => {
        if (isCurrent) setScreen({ kind: 'ready', resume: null });
      });
    return () => {
      isCurrent = false;
    };
  }, [preview]);

  const go = async () => {
    const resume = screen.kind === 'ready' ? screen.resume : null;
    setScreen({ kind: 'starting' });
    try {
      const measurement = await measureEnvironment();
      if (resume) {
        setScreen({ kind: 'running', run: resume.run, startAt: resume.startAt, measurement });
        return;
      }
      const run = await startRun({
        testType: 'stroopTest',
        deviceInfo: readDeviceInfo(),
        measurement,
        ...(preview ? { config: preview } : {}),
      });
      setScreen({
        kind: 'running',
        run,
        startAt: { phase: 'sample', trialNumber: 0 },
        measurement,
      });
    } catch (error) {
      setScreen({ kind: 'ready', resume, error: MESSAGES.stroopStartFailed });
      createErrorLog({
        errorType: 'STROOP_TEST_START_ERROR',
        errorMessage: (error as Error).message.slice(0, 1000) || 'Unknown error',
        context: { path: window.location.pathname },
      }).catch(() => {});
    }
  };

  if (screen.kind === 'loading' || screen.kind === 'starting') {
    return <Spinner label={screen.kind === 'loading' ? 'Loading the test…' : 'Starting…'} />;
  }
  if (screen.kind === 'running') {
    return (
      <RunningTest
        mode={mode}
        run={screen.run}
        startAt={screen.startAt}
        onComplete={(summary) => setScreen({ kind: 'complete', summary })}
      />
    );
  }
  if (screen.kind === 'complete') return <Completed summary={screen.summary} />;

  const { resume } = screen;
  const resumeAt = resume?.startAt;
  return (
    <section className="stroop-ready card" aria-labelledby="stroop-ready-title">
      <h1 id="stroop-ready-title" tabIndex={-1}>
        Stroop Test
      </h1>
      {screen.error && <Alert variant="error">{screen.error}</Alert>}
      {resume ? (
        <p>
          Welcome back. Your test continues where it stopped
          {resumeAt
            ? `: ${PHASE_NAMES[resumeAt.phase]} trial ${resumeAt.trialNumber + 1}.`
            : ': all trials are done.'}
        </p>
      ) : (
        <p>
          {mode === 'keyboard' ? (
            <>
              Put your fingers on <kbd>R</kbd>, <kbd>G</kbd> and <kbd>B</kbd>.
            </>
          ) : (
            'Hold the device so your thumbs reach the Red, Green and Blue buttons.'
          )}{' '}
          The test starts as soon as you press the button.
        </p>
      )}
      <Button className="button--large" onClick={() => void go()} autoFocus>
        {resume ? 'Continue test' : 'Ready ... Set ... Go!'}
      </Button>
    </section>
  );
}

function RunningTest(props: {
  mode: ResponseMode;
  run: Run;
  startAt: StroopPosition | null;
  onComplete: (summary: RunSummary) => void;
}) {
  const stageRef = useRef<HTMLDivElement>(null);
  const [runtime, setRuntime] = useState<StroopRuntime | null>(null);
  const [finishError, setFinishError] = useState<string | null>(null);
  const [isFinishing, setIsFinishing] = useState(false);
  const { run, startAt } = props;

  useEffect(() => {
    if (!stageRef.current) return;
    const created = new StroopRuntime({
      run,
      stage: stageRef.current,
      sink: getTrialQueue(),
      startAt,
    });
    setRuntime(created);
    created.start();
    return () => created.dispose();
  }, [run, startAt]);

  const snapshot = useSyncExternalStore(
    runtime?.subscribe ?? noSubscribe,
    runtime?.getSnapshot ?? (() => null),
  );

  const viewResults = async () => {
    if (!runtime) return;
    setIsFinishing(true);
    setFinishError(null);
    try {
      await getTrialQueue().whenDrained(run.id);
      const completed = await completeRun(run.id, {
        attentionEvents: runtime.getAttentionEvents(),
      });
      runtime.summarySaved();
      if (completed.summary) props.onComplete(completed.summary);
    } catch {
      setFinishError('Your results could not be saved yet. Please try again.');
    } finally {
      setIsFinishing(false);
    }
  };

  const kind = snapshot?.kind;
  return (
    <section
      className={`stroop-run${props.mode === 'touch' ? ' has-response-pad' : ''}`}
      aria-label="Stroop Test"
    >
      <div className="stroop-run__bar">
        <p className="stroop-progress" aria-live="off">
          {snapshot?.phase && snapshot.trialNumber !== null
            ? `${PHASE_NAMES[snapshot.phase]} · trial ${snapshot.trialNumber + 1} of ${snapshot.phaseTrialCount}`
            : ' '}
        </p>
        <SaveStatus className="stroop-save-status" />
      </div>
      {snapshot?.saveError && <Alert variant="error">{snapshot.saveError}</Alert>}
      <div className="stroop-stage" ref={stageRef} data-testid="stroop-stage" />
      {kind === 'rest' && (
        <div className="stroop-prompt" data-testid="rest-prompt">
          <h2>Take a short break</h2>
          <p>Continue when you are ready.</p>
          <Button autoFocus onClick={() => runtime?.continueAfterRest()}>
            Continue
          </Button>
        </div>
      )}
      {kind === 'finished' && (
        <div className="stroop-prompt">
          <h2>All trials done</h2>
          {finishError && <Alert variant="error">{finishError}</Alert>}
          <Button
            autoFocus
            isBusy={isFinishing}
            disabled={isFinishing}
            onClick={() => void viewResults()}
          >
            View Results
          </Button>
        </div>
      )}
      {props.mode === 'touch' ? (
        <ResponsePad
          buttons={PAD_BUTTONS}
          input={runtime?.input ?? null}
          isActive={kind === 'stimulus'}
        />
      ) : (
        <p className="stroop-keys" aria-hidden={kind !== 'cue' && kind !== 'stimulus'}>
          <kbd>R</kbd> red · <kbd>G</kbd> green · <kbd>B</kbd> blue
        </p>
      )}
    </section>
  );
}

const noSubscribe = () => () => {};

function Completed({ summary }: { summary: RunSummary }) {
  return (
    <section className="stroop-complete card" aria-labelledby="stroop-complete-title">
      <h1 id="stroop-complete-title" tabIndex={-1}>
        Test Complete
      </h1>
      <p>Thank you for completing the Stroop Test.</p>
      <StroopScoreTiles summary={summary} />
      <Link to="/progress-tracking" className={buttonClassName('secondary')}>
        See all your results
      </Link>
    </section>
  );
}
