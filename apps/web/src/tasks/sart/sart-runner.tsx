import type { Run } from '@cogni/domain';
import {
  type Config,
  ConfigSchema,
  getBlockTrialCount,
  getNextPosition,
  type Position,
  type Prompt,
} from '@cogni/domain/tasks/sart';
import { useMemo } from 'react';
import { BlockIntroPrompt } from '../../components/task/block-intro-prompt';
import type { PadButton } from '../../components/task/response-pad';
import { TaskHostLayout } from '../../components/task/task-host-layout';
import { type RunningTaskProps, TaskRunner } from '../../components/task/task-runner';
import { useTaskHost } from '../../components/task/use-task-host';
import { minutesText } from '../../lib/minutes-text';
import type { TaskRuntimeOptions } from '../../lib/task-runtime/engine-loop';
import type { ResponseMode } from '../../lib/task-runtime/response-mode';
import type { RunSource } from '../../lib/task-runtime/run-source';
import type { TaskHostSnapshot } from '../../lib/task-runtime/task-host';
import { blockName, sartTestMs } from './labels';
import { createSartHost } from './runtime/sart-stage';
import { SartScoreTiles } from './scores';

const configOf = (run: Run): Config => ConfigSchema.parse(run.config);

/** Touch mode's one answer button: wide, tall, at the bottom of the screen. */
const PAD_BUTTONS: readonly PadButton[] = [
  { response: 'tap', label: 'Tap', className: 'sart-pad' },
];

export default function SartRunner({ mode, source }: { mode: ResponseMode; source: RunSource }) {
  return (
    <TaskRunner
      testType="sartTest"
      mode={mode}
      source={source}
      title="SART"
      completedName="the SART"
      instructions={`${
        mode === 'keyboard'
          ? 'Put a finger on the Space bar.'
          : 'Hold the device so you can tap the Tap button at the bottom.'
      } The digits start a second after you press the button.`}
      describeResume={(run, saved) => {
        const next = getNextPosition(configOf(run), saved);
        return next
          ? `: ${blockName(next)}, trial ${next.trialNumber + 1}.`
          : ': all trials are done.';
      }}
      Running={RunningTest}
      ScoreTiles={SartScoreTiles}
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
const createHost = (options: TaskRuntimeOptions) => createSartHost(options);

function RunningTest(props: RunningTaskProps) {
  const { run, mode } = props;
  const config = useMemo(() => configOf(run), [run]);
  const hosted = useTaskHost(props, createHost);
  return (
    <TaskHostLayout
      label="SART"
      mode={mode}
      progress={progressText(hosted.snapshot)}
      stageTestId="sart-stage"
      className="sart-run"
      hosted={hosted}
      renderPrompt={(prompt, begin) => (
        <BlockIntro prompt={prompt} config={config} mode={mode} onBegin={begin} />
      )}
      buttons={PAD_BUTTONS}
      keys={
        <>
          <kbd>Space</kbd> for every digit · nothing for {config.nogoDigit}
        </>
      }
    />
  );
}

/** Before practice and before the test: what to do, and a button to go on. */
function BlockIntro(props: {
  prompt: Prompt;
  config: Config;
  mode: ResponseMode;
  onBegin: () => void;
}) {
  const { prompt, config } = props;
  const { position: next, roundResult: result } = prompt;
  const nogo = config.nogoDigit;
  const rule = `${props.mode === 'keyboard' ? 'Press Space' : 'Tap'} for every digit except ${nogo}; for ${nogo}, do nothing.`;
  const left = getBlockTrialCount(config, next.phase) - next.trialNumber;
  let title: string;
  let lines: string[];
  let action: string;
  if (next.phase === 'test' && prompt.resumed) {
    title = 'Test';
    lines = [`${left} digits are left. ${rule}`];
    action = 'Continue the test';
  } else if (next.phase === 'test') {
    title = result ? 'Practice is over.' : 'The task';
    lines = [
      'There will be no feedback now.',
      `${rule} The task takes about ${minutesText(sartTestMs(config))}.`,
    ];
    if (result) lines.push(`(Practice: ${result.correct} of ${result.total} correct.)`);
    action = 'Start the test';
  } else {
    title = 'Practice';
    lines = [
      rule,
      `${left} digits, and after an error you are told what to do. Give equal importance to speed and accuracy.`,
    ];
    action = prompt.resumed ? 'Continue' : 'Start';
  }
  return (
    <BlockIntroPrompt title={title} lines={lines} actionLabel={action} onAction={props.onBegin} />
  );
}
