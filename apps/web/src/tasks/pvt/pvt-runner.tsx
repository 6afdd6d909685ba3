import type { Run, SavedTrial } from '@cogni/domain';
import {
  ConfigSchema,
  getResumePoint,
  type Position,
  RUN_ORDER_FIELDS,
  resolveConfig,
} from '@cogni/domain/tasks/pvt';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { BlockIntroPrompt } from '../../components/task/block-intro-prompt';
import { TaskRunLayout } from '../../components/task/task-run-layout';
import { FinishPrompt, type RunningTaskProps, TaskRunner } from '../../components/task/task-runner';
import { useTaskHost } from '../../components/task/use-task-host';
import { i18n } from '../../lib/i18n/i18n';
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
  type Translate,
} from './runtime/pvt-stage';
import { PvtScoreTiles } from './scores';

const paramsOf = (run: Run) => resolveConfig(ConfigSchema.parse(run.config));

export default function PvtRunner({ mode, source }: { mode: ResponseMode; source: RunSource }) {
  const { t } = useLingui();
  return (
    <TaskRunner
      testType="pvtTest"
      mode={mode}
      source={source}
      // i18n-ignore: the test's name, PVT in every language
      title="PVT"
      completedName={t({
        comment: 'the test, as in "Thank you for completing the PVT."',
        message: 'the PVT',
      })}
      instructions={
        mode === 'keyboard'
          ? t`Put a finger on the Space bar. The first counter comes a few seconds after you press the button.`
          : t`Hold the device so a finger rests over the dark area. The first counter comes a few seconds after you press the button.`
      }
      describeResume={(run, saved) => {
        const params = paramsOf(run);
        const point = getResumePoint(params, saved);
        if (!point.next) {
          return t({
            comment: 'ends "Welcome back. Your test continues where it stopped"',
            message: ': all trials are done.',
          });
        }
        if (point.next.phase === 'habituation') {
          return t({
            comment: 'ends "Welcome back. Your test continues where it stopped"',
            message: ': the practice counters.',
          });
        }
        const left = formatDuration(Math.max(0, params.durationMs - point.carriedMs));
        return t({
          comment: 'ends "Welcome back. Your test continues where it stopped"',
          message: `: ${left} of the test remain.`,
        });
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
  if (position.phase === 'habituation') {
    const counter = position.trialNumber + 1;
    return i18n._(msg`Practice · counter ${counter}`);
  }
  return i18n._(msg`Test`);
}

/**
 * The stage's messages in the page's language: read as a run's stage is made, and for the
 * announcements as they render.
 */
const inPageLanguage: Translate = (text, values) =>
  i18n._(text.id, values, { message: text.message });

/** Made once per run by useTaskHost, its stage's messages in the page's language then. */
const createHost = (options: TaskRuntimeOptions) => createPvtHost(options, inPageLanguage);

/**
 * A new run goes on at once: the participant has just pressed 'Ready ... Set ... Go!'. A
 * resumed run shows its intro (the time left) first.
 */
function beginIfNew(runtime: PvtHost, saved: readonly SavedTrial[]) {
  if (saved.length === 0) runtime.begin();
}

function RunningTest(props: RunningTaskProps) {
  const { t } = useLingui();
  const { mode } = props;
  const { stageRef, runtime, snapshot, finishing } = useTaskHost(props, createHost, beginIfNew);
  const phase = snapshot?.phase;
  const prompt = snapshot?.prompt;
  return (
    <TaskRunLayout
      // i18n-ignore: the test's name, PVT in every language
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
                ? t`Press SPACE as soon as the counter appears`
                : t`Tap the screen as soon as the counter appears`}
            </p>
          )}
          {phase === 'finished' && <FinishPrompt {...finishing} />}
          {/* Always on the page, so that its changes are announced. */}
          <p className="visually-hidden" role="status" data-testid="pvt-announcement">
            {snapshot ? pvtAnnouncement(snapshot, mode, inPageLanguage) : ''}
          </p>
        </>
      }
      keys={
        <Trans>
          <kbd>Space</kbd> as soon as the red counter appears, not before
        </Trans>
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
  const { t } = useLingui();
  const left = formatDuration(props.remainingMs ?? 0);
  const lines = [
    props.next.phase === 'habituation'
      ? t`The practice counters go on where they stopped.`
      : t`The test goes on where it stopped: ${left} left.`,
    props.mode === 'keyboard'
      ? t`As soon as the red counter appears, press Space; not before.`
      : t`As soon as the red counter appears, tap the dark area; not before.`,
  ];
  return (
    <BlockIntroPrompt
      title={t`Welcome back`}
      lines={lines}
      actionLabel={t`Continue`}
      onAction={props.onBegin}
    />
  );
}
