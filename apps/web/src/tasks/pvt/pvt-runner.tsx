import type { Run, SavedTrial } from '@cogni/domain';
import {
  ConfigSchema,
  getResumePoint,
  type Position,
  RUN_ORDER_FIELDS,
  resolveConfig,
} from '@cogni/domain/tasks/pvt';
import { BlockIntroPrompt } from '../../components/task/block-intro-prompt';
import { TaskRunLayout } from '../../components/task/task-run-layout';
import { FinishPrompt, type RunningTaskProps, TaskRunner } from '../../components/task/task-runner';
import { useTaskHost } from '../../components/task/use-task-host';
import type { TaskRuntimeOptions } from '../../lib/task-runtime/engine-loop';
import type { ResponseMode } from '../../lib/task-runtime/response-mode';
import type { RunSource } from '../../lib/task-runtime/run-source';
import { formatDuration } from './labels';
import {
  createPvtHost,
  type PvtHost,
  type PvtHostSnapshot,
  pvtAnnouncement,
  pvtShowsReminder,
} from './runtime/pvt-stage';
import { PvtScoreTiles } from './scores';

const paramsOf = (run: Run) => resolveConfig(ConfigSchema.parse(run.config));

export default function PvtRunner({ mode, source }: { mode: ResponseMode; source: RunSource }) {
  return (
    <TaskRunner
      testType="pvtTest"
      mode={mode}
      source={source}
      title="PVT"
      completedName="the PVT"
      instructions={`${
        mode === 'keyboard'
          ? 'Put a finger on the Space bar.'
          : 'Hold the device so a finger rests over the dark area.'
      } The first counter comes a few seconds after you press the button.`}
      describeResume={(run, saved) => {
        const params = paramsOf(run);
        const point = getResumePoint(params, saved);
        if (!point.next) return ': all trials are done.';
        if (point.next.phase === 'habituation') return ': the practice counters.';
        return `: ${formatDuration(Math.max(0, params.durationMs - point.carriedMs))} of the test remain.`;
      }}
      runOrderFields={RUN_ORDER_FIELDS}
      Running={RunningTest}
      ScoreTiles={PvtScoreTiles}
    />
  );
}

/**
 * Where the run is: the practice counter, or just 'Test' (a clock of the time left would invite
 * a final spurt; the resumed run's intro says how much is left).
 */
function progressText(snapshot: PvtHostSnapshot | null): string {
  if (snapshot?.phase !== 'running' || !snapshot.progress) return '';
  const { position } = snapshot.progress;
  if (position.phase === 'habituation') return `Practice · counter ${position.trialNumber + 1}`;
  return 'Test';
}

/** Made once per run by useTaskHost. */
const createHost = (options: TaskRuntimeOptions) => createPvtHost(options);

/**
 * A new run goes on at once: the participant has just pressed 'Ready ... Set ... Go!'. A
 * resumed run shows its intro (the time left) first.
 */
function beginIfNew(runtime: PvtHost, saved: readonly SavedTrial[]) {
  if (saved.length === 0) runtime.begin();
}

function RunningTest(props: RunningTaskProps) {
  const { mode } = props;
  const { stageRef, runtime, snapshot, finishing } = useTaskHost(props, createHost, beginIfNew);
  const phase = snapshot?.phase;
  const prompt = snapshot?.prompt;
  return (
    <TaskRunLayout
      label="PVT"
      mode={mode}
      progress={progressText(snapshot)}
      saveError={snapshot?.saveError}
      stageRef={stageRef}
      stageTestId="pvt-stage"
      stageClassName="pvt-stage"
      overlay={
        <>
          {phase === 'prompt' && prompt && runtime && (
            <ResumeIntro
              next={prompt.position}
              remainingMs={prompt.remainingMs}
              mode={mode}
              onBegin={() => runtime.begin()}
            />
          )}
          {snapshot && pvtShowsReminder(snapshot) && (
            <p className="pvt-reminder" data-testid="pvt-reminder">
              {mode === 'keyboard'
                ? 'Press SPACE as soon as the counter appears'
                : 'Tap the screen as soon as the counter appears'}
            </p>
          )}
          {phase === 'finished' && <FinishPrompt {...finishing} />}
          {/* Always on the page, so that its changes are announced. */}
          <p className="visually-hidden" role="status" data-testid="pvt-announcement">
            {snapshot ? pvtAnnouncement(snapshot, mode) : ''}
          </p>
        </>
      }
      keys={
        <>
          <kbd>Space</kbd> as soon as the red counter appears, not before
        </>
      }
      areKeysActive={phase === 'running'}
      className="pvt-run"
    />
  );
}

/** A resumed run's intro: where it goes on, and how much of the test is left. */
function ResumeIntro(props: {
  next: Position;
  remainingMs: number | null;
  mode: ResponseMode;
  onBegin: () => void;
}) {
  const respond = props.mode === 'keyboard' ? 'press Space' : 'tap the dark area';
  const lines = [
    props.next.phase === 'habituation'
      ? 'The practice counters go on where they stopped.'
      : `The test goes on where it stopped: ${formatDuration(props.remainingMs ?? 0)} left.`,
    `As soon as the red counter appears, ${respond}; not before.`,
  ];
  return (
    <BlockIntroPrompt
      title="Welcome back"
      lines={lines}
      actionLabel="Continue"
      onAction={props.onBegin}
    />
  );
}
