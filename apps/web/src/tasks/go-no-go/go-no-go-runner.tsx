import type { Run } from '@cogni/domain';
import {
  type Config,
  ConfigSchema,
  getNextPosition,
  getPracticeCorrectNeeded,
  type Position,
  type Prompt,
} from '@cogni/domain/tasks/go-no-go';
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
import { blockName, describeStimulusRule } from './labels';
import { createGoNoGoHost } from './runtime/go-no-go-stage';
import { GoNoGoScoreTiles } from './scores';

const configOf = (run: Run): Config => ConfigSchema.parse(run.config);

/** Touch mode's one answer button: wide, tall, at the bottom of the screen. */
const PAD_BUTTONS: readonly PadButton[] = [{ response: 'tap', label: 'Tap', className: 'gng-pad' }];

export default function GoNoGoRunner({ mode, source }: { mode: ResponseMode; source: RunSource }) {
  return (
    <TaskRunner
      testType="goNoGoTest"
      mode={mode}
      source={source}
      title="Go/No-Go"
      completedName="the Go/No-Go test"
      instructions={`${
        mode === 'keyboard'
          ? 'Put a finger on the Space bar.'
          : 'Hold the device so your thumb rests over the Tap button at the bottom.'
      } The practice starts a second after you press the button.`}
      describeResume={(run, saved) => {
        // The task's run order after the trials done; their correctness counts, since a
        // practice round below the criterion is repeated.
        const next = getNextPosition(configOf(run), saved);
        return next
          ? `: ${blockName(next)}, trial ${next.trialNumber + 1}.`
          : ': all trials are done.';
      }}
      Running={RunningTest}
      ScoreTiles={GoNoGoScoreTiles}
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
const createHost = (options: TaskRuntimeOptions) => createGoNoGoHost(options);

function RunningTest(props: RunningTaskProps) {
  const { run, mode } = props;
  const config = useMemo(() => configOf(run), [run]);
  const rule = describeStimulusRule(config);
  const hosted = useTaskHost(props, createHost);
  return (
    <TaskHostLayout
      label="Go/No-Go"
      mode={mode}
      progress={progressText(hosted.snapshot)}
      stageTestId="gng-stage"
      className="gng-run"
      hosted={hosted}
      renderPrompt={(prompt, begin) => (
        <BlockIntro prompt={prompt} config={config} rule={rule} mode={mode} onBegin={begin} />
      )}
      buttons={PAD_BUTTONS}
      keys={
        <>
          <kbd>Space</kbd> for {rule.go} · nothing for {rule.nogo}
        </>
      }
    />
  );
}

/** Between blocks: how the practice round went, what follows, and a button to go on. */
function BlockIntro(props: {
  prompt: Prompt;
  config: Config;
  rule: { go: string; nogo: string };
  mode: ResponseMode;
  onBegin: () => void;
}) {
  const { prompt, config, rule } = props;
  const { position: next, roundResult: result } = prompt;
  const respond = props.mode === 'keyboard' ? 'press Space' : 'tap';
  let title: string;
  let lines: string[];
  let action: string;
  if (next.phase === 'test') {
    title = 'Now the real task.';
    lines = [
      'You will no longer be told when you make an error.',
      `${config.testTrials - next.trialNumber} ${config.stimulusSet === 'letters-PR' ? 'letters' : 'shapes'} follow: ${respond} as fast as you can for ${rule.go}, and do nothing for ${rule.nogo}.`,
    ];
    if (result && !prompt.resumed) {
      lines.push(`(Practice: ${result.correct} of ${result.total} correct.)`);
    }
    action = prompt.resumed ? 'Continue the test' : 'Start the test';
  } else if (result && !prompt.resumed) {
    title = `Practice again: ${result.correct} of ${result.total} correct`;
    lines = [
      `You need ${getPracticeCorrectNeeded(config)} of ${result.total} correct to go on. ${respond[0]?.toUpperCase()}${respond.slice(1)} as fast as you can for ${rule.go}, and do nothing for ${rule.nogo}.`,
    ];
    action = 'Practise again';
  } else {
    title = blockName(next);
    lines = [
      `${respond[0]?.toUpperCase()}${respond.slice(1)} for ${rule.go}; do nothing for ${rule.nogo}.`,
    ];
    action = prompt.resumed ? 'Continue' : 'Start';
  }
  return (
    <BlockIntroPrompt title={title} lines={lines} actionLabel={action} onAction={props.onBegin} />
  );
}
