import type { Run } from '@cogni/domain';
import {
  blockTrialCount,
  type Config,
  ConfigSchema,
  nextPosition,
  type Position,
  type Prompt,
} from '@cogni/domain/tasks/flanker';
import { useMemo } from 'react';
import { BlockIntroPrompt } from '../../components/task/block-intro-prompt';
import type { PadButton } from '../../components/task/response-pad';
import { TaskHostLayout } from '../../components/task/task-host-layout';
import { type RunningTaskProps, TaskRunner } from '../../components/task/task-runner';
import { useTaskHost } from '../../components/task/use-task-host';
import type { TaskRuntimeOptions } from '../../lib/task-runtime/engine-loop';
import type { ResponseMode } from '../../lib/task-runtime/response-mode';
import type { RunSource } from '../../lib/task-runtime/run-source';
import type { TaskHostSnapshot } from '../../lib/task-runtime/task-host';
import { blockName } from './labels';
import { createFlankerHost } from './runtime/flanker-stage';
import { FlankerScoreTiles } from './scores';

const configOf = (run: Run): Config => ConfigSchema.parse(run.config);

/** Touch mode's two answer buttons, side by side: Left under the left thumb, Right under the right. */
const PAD_BUTTONS: readonly PadButton[] = [
  { response: 'left', label: '← Left', className: 'flanker-pad' },
  { response: 'right', label: 'Right →', className: 'flanker-pad' },
];

export default function FlankerRunner({ mode, source }: { mode: ResponseMode; source: RunSource }) {
  return (
    <TaskRunner
      testType="flankerTest"
      mode={mode}
      source={source}
      title="Flanker"
      completedName="the Flanker test"
      instructions={`${
        mode === 'keyboard'
          ? 'Put your fingers on the ← and → keys (or on F and J).'
          : 'Hold the device so both thumbs rest over the two buttons at the bottom.'
      } The arrows start a second after you press the button.`}
      describeResume={(run, saved) => {
        const next = nextPosition(configOf(run), saved);
        return next
          ? `: ${blockName(next)}, trial ${next.trialNumber + 1}.`
          : ': all trials are done.';
      }}
      Running={RunningTest}
      ScoreTiles={FlankerScoreTiles}
    />
  );
}

function progressText(snapshot: TaskHostSnapshot<Prompt> | null): string {
  if (!snapshot) return '';
  if (snapshot.phase === 'get-ready') return 'Get ready…';
  if (snapshot.phase !== 'running' || !snapshot.progress) return '';
  const { position, trialsInBlock } = snapshot.progress;
  return `${blockName(position as Position)} · trial ${position.trialNumber + 1} of ${trialsInBlock}`;
}

/** Made once per run by useTaskHost. */
const createHost = (options: TaskRuntimeOptions) => createFlankerHost(options);

function RunningTest(props: RunningTaskProps) {
  const { run, mode } = props;
  const config = useMemo(() => configOf(run), [run]);
  const hosted = useTaskHost(props, createHost);
  return (
    <TaskHostLayout
      label="Flanker"
      mode={mode}
      progress={progressText(hosted.snapshot)}
      stageTestId="flanker-stage"
      className="flanker-run"
      hosted={hosted}
      renderPrompt={(prompt, begin) => (
        <BlockIntro prompt={prompt} config={config} mode={mode} onBegin={begin} />
      )}
      buttons={PAD_BUTTONS}
      keys={
        <>
          <kbd>←</kbd> or <kbd>F</kbd> middle arrow left · <kbd>→</kbd> or <kbd>J</kbd> right
        </>
      }
    />
  );
}

/** Before practice and before the test: what to do, how practice went, and a button to go on. */
function BlockIntro(props: {
  prompt: Prompt;
  config: Config;
  mode: ResponseMode;
  onBegin: () => void;
}) {
  const { position: next, roundResult: result, resumed } = props.prompt;
  const rule =
    props.mode === 'keyboard'
      ? 'Press ← (or F) when the middle arrow points left, → (or J) when it points right.'
      : 'Tap Left when the middle arrow points left, Right when it points right.';
  const left = blockTrialCount(props.config, next.phase) - next.trialNumber;
  let title: string;
  let lines: string[];
  let action: string;
  if (next.phase === 'test' && resumed) {
    title = 'Test';
    lines = [`${left} trials are left. ${rule}`];
    action = 'Continue the test';
  } else if (next.phase === 'test') {
    title = result ? 'Now the real task.' : 'The task';
    lines = [
      'You will no longer be told when you make an error.',
      `${left} trials follow. ${rule} Be fast, and try not to make mistakes.`,
    ];
    if (result) lines.push(`(Practice: ${result.correct} of ${result.total} correct.)`);
    action = 'Start the test';
  } else {
    title = 'Practice';
    lines = [rule, `${left} trials, and after each one you are told whether you were right.`];
    action = resumed ? 'Continue' : 'Start';
  }
  return (
    <BlockIntroPrompt title={title} lines={lines} actionLabel={action} onAction={props.onBegin} />
  );
}
