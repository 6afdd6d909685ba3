import {
  type GoNoGoConfig,
  GoNoGoConfigSchema,
  type GoNoGoPosition,
  getGoNoGoNextPosition,
  getGoNoGoPracticeCorrectNeeded,
  MESSAGES,
  type Measurement,
  type Run,
  type RunSummary,
  type SavedTrial,
} from '@cogni/domain';
import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
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
import { blockName, describeStimulusRule } from './labels';
import { GoNoGoRuntime, type GoNoGoSnapshot } from './runtime/go-no-go-runtime';
import { GoNoGoScoreTiles } from './scores';

type Resume = { run: Run; saved: SavedTrial[]; next: GoNoGoPosition | null };

type Screen =
  | { kind: 'loading' }
  | { kind: 'ready'; resume: Resume | null; error?: string }
  | { kind: 'starting' }
  | {
      kind: 'running';
      run: Run;
      saved: SavedTrial[];
      measurement: Measurement;
      /** Fixed when the run starts: a pointer that changes later changes nothing in it. */
      mode: ResponseMode;
    }
  | { kind: 'complete'; summary: RunSummary };

/**
 * Where an unfinished run continues: the task's nextPosition (getGoNoGoNextPosition) after the
 * trials saved on the server and those still waiting in this browser's outbox (saved locally,
 * so done). Their correctness counts: a practice round is repeated while it is below the
 * criterion.
 */
async function findResumePoint(run: Run): Promise<Resume> {
  const queued = await getTrialQueue().pendingTrials(run.id);
  const saved = [...run.savedTrials, ...queued];
  return { run, saved, next: getGoNoGoNextPosition(configOf(run), saved) };
}

const configOf = (run: Run): GoNoGoConfig => GoNoGoConfigSchema.parse(run.config);

/** Touch mode's one answer button: wide, tall, at the bottom of the screen. */
const PAD_BUTTONS: readonly PadButton[] = [{ response: 'tap', label: 'Tap', className: 'gng-pad' }];

export default function GoNoGoRunner({ mode }: { mode: ResponseMode }) {
  useDocumentTitle('Go/No-Go');
  const [screen, setScreen] = useState<Screen>({ kind: 'loading' });
  const [preview] = useState(() => readPreviewConfig(window.location.search));

  useEffect(() => {
    let isCurrent = true;
    // An admin preview (ADR 028) always starts a new run with its own settings.
    (preview ? Promise.resolve(null) : getActiveRun('goNoGoTest'))
      .then(async (run) => {
        const resume = run ? await findResumePoint(run) : null;
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
      const measurement = { ...(await measureEnvironment()), inputType: mode };
      if (resume) {
        setScreen({ kind: 'running', run: resume.run, saved: resume.saved, measurement, mode });
        return;
      }
      const run = await startRun({
        testType: 'goNoGoTest',
        deviceInfo: readDeviceInfo(),
        measurement,
        ...(preview ? { config: preview } : {}),
      });
      setScreen({ kind: 'running', run, saved: [], measurement, mode });
    } catch (error) {
      setScreen({ kind: 'ready', resume, error: MESSAGES.stroopStartFailed });
      createErrorLog({
        errorType: 'TEST_START_ERROR',
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
        mode={screen.mode}
        run={screen.run}
        saved={screen.saved}
        measurement={screen.measurement}
        onComplete={(summary) => setScreen({ kind: 'complete', summary })}
      />
    );
  }
  if (screen.kind === 'complete') return <Completed summary={screen.summary} />;

  const { resume } = screen;
  return (
    <section className="gng-ready card" aria-labelledby="gng-ready-title">
      <h1 id="gng-ready-title" tabIndex={-1}>
        Go/No-Go
      </h1>
      {screen.error && <Alert variant="error">{screen.error}</Alert>}
      {resume ? (
        <p>
          Welcome back. Your test continues where it stopped
          {resume.next
            ? `: ${blockName(resume.next)}, trial ${resume.next.trialNumber + 1}.`
            : ': all trials are done.'}
        </p>
      ) : (
        <p>
          {mode === 'keyboard'
            ? 'Put a finger on the Space bar.'
            : 'Hold the device so your thumb rests over the Tap button at the bottom.'}{' '}
          The practice starts a second after you press the button.
        </p>
      )}
      <Button className="button--large" onClick={() => void go()} autoFocus>
        {resume ? 'Continue test' : 'Ready ... Set ... Go!'}
      </Button>
    </section>
  );
}

function progressText(snapshot: GoNoGoSnapshot | null): string {
  if (!snapshot) return '';
  if (snapshot.kind === 'get-ready') return 'Get ready…';
  if (snapshot.kind !== 'running' || !snapshot.position) return '';
  const { position, blockTrialCount } = snapshot;
  return `${blockName(position)} · trial ${position.trialNumber + 1} of ${blockTrialCount}`;
}

function RunningTest(props: {
  mode: ResponseMode;
  run: Run;
  saved: SavedTrial[];
  measurement: Measurement;
  onComplete: (summary: RunSummary) => void;
}) {
  const stageRef = useRef<HTMLDivElement>(null);
  const [runtime, setRuntime] = useState<GoNoGoRuntime | null>(null);
  const [finishError, setFinishError] = useState<string | null>(null);
  const [isFinishing, setIsFinishing] = useState(false);
  const { run, saved, mode, measurement } = props;
  const config = useMemo(() => configOf(run), [run]);
  const rule = describeStimulusRule(config.stimulusSet);

  useEffect(() => {
    if (!stageRef.current) return;
    const created = new GoNoGoRuntime({
      run,
      stage: stageRef.current,
      sink: getTrialQueue(),
      saved,
      inputModality: mode === 'touch' ? 'touch' : 'keyboard',
      frameIntervalMs: measurement.frameIntervalMs,
    });
    setRuntime(created);
    created.start();
    // The participant has just pressed 'Ready ... Set ... Go!' or 'Continue test'.
    created.begin();
    return () => created.dispose();
  }, [run, saved, mode, measurement]);

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
      if (completed.summary) props.onComplete(completed.summary);
    } catch {
      setFinishError('Your results could not be saved yet. Please try again.');
    } finally {
      setIsFinishing(false);
    }
  };

  const kind = snapshot?.kind;
  const isBlockOn = kind === 'running' || kind === 'get-ready';
  return (
    <section
      className={`gng-run${mode === 'touch' ? ' has-response-pad gng-run--touch' : ''}`}
      aria-label="Go/No-Go"
    >
      <div className="gng-run__bar">
        <p className="gng-progress" aria-live="off">
          {progressText(snapshot) || ' '}
        </p>
        <SaveStatus className="gng-save-status" />
      </div>
      {snapshot?.saveError && <Alert variant="error">{snapshot.saveError}</Alert>}
      <div className="gng-stage-frame">
        <div className="gng-stage" ref={stageRef} data-testid="gng-stage" />
        {kind === 'between' && snapshot?.position && runtime && (
          <BlockIntro
            snapshot={snapshot}
            next={snapshot.position}
            config={config}
            rule={rule}
            mode={mode}
            onBegin={() => runtime.begin()}
          />
        )}
        {kind === 'finished' && (
          <div className="gng-prompt">
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
      </div>
      {mode === 'touch' ? (
        <ResponsePad buttons={PAD_BUTTONS} input={runtime?.input ?? null} isActive={isBlockOn} />
      ) : (
        <p className="gng-keys" aria-hidden={!isBlockOn}>
          <kbd>Space</kbd> for {rule.go} · nothing for {rule.nogo}
        </p>
      )}
    </section>
  );
}

/** Between blocks: how the practice round went, what follows, and a button to go on. */
function BlockIntro(props: {
  snapshot: GoNoGoSnapshot;
  next: GoNoGoPosition;
  config: GoNoGoConfig;
  rule: { go: string; nogo: string };
  mode: ResponseMode;
  onBegin: () => void;
}) {
  const messageId = useId();
  const { snapshot, next, config, rule } = props;
  const result = snapshot.roundResult;
  const respond = props.mode === 'keyboard' ? 'press Space' : 'tap';
  let title: string;
  let lines: string[];
  let action: string;
  if (next.phase === 'test') {
    title = 'Now the real task.';
    lines = [
      'You will no longer be told when you make an error.',
      `${config.testTrials - next.trialNumber} shapes follow: ${respond} as fast as you can for ${rule.go}, and do nothing for ${rule.nogo}.`,
    ];
    if (result && !snapshot.resumed) {
      lines.push(`(Practice: ${result.correct} of ${result.total} correct.)`);
    }
    action = snapshot.resumed ? 'Continue the test' : 'Start the test';
  } else if (result && !snapshot.resumed) {
    title = `Practice again: ${result.correct} of ${result.total} correct`;
    lines = [
      `You need ${getGoNoGoPracticeCorrectNeeded(config)} of ${result.total} correct to go on. ${respond[0]?.toUpperCase()}${respond.slice(1)} as fast as you can for ${rule.go}, and do nothing for ${rule.nogo}.`,
    ];
    action = 'Practise again';
  } else {
    title = blockName(next);
    lines = [
      `${respond[0]?.toUpperCase()}${respond.slice(1)} for ${rule.go}; do nothing for ${rule.nogo}.`,
    ];
    action = snapshot.resumed ? 'Continue' : 'Start';
  }
  return (
    <div className="gng-prompt" data-testid="block-intro">
      <h2>{title}</h2>
      <div id={messageId}>
        {lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
      <Button autoFocus aria-describedby={messageId} onClick={props.onBegin}>
        {action}
      </Button>
    </div>
  );
}

const noSubscribe = () => () => {};

function Completed({ summary }: { summary: RunSummary }) {
  return (
    <section className="gng-complete card" aria-labelledby="gng-complete-title">
      <h1 id="gng-complete-title" tabIndex={-1}>
        Test Complete
      </h1>
      <p>Thank you for completing the Go/No-Go test.</p>
      <GoNoGoScoreTiles summary={summary} />
      <Link to="/progress-tracking" className={buttonClassName('secondary')}>
        See all your results
      </Link>
    </section>
  );
}
