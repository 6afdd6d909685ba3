import type { Run } from '@cogni/domain';
import {
  getSartBlockTrialCount,
  getSartNextPosition,
  type SartConfig,
  SartConfigSchema,
  type SartPosition,
} from '@cogni/domain/tasks/sart';
import { useMemo } from 'react';
import { BlockIntroPrompt } from '../../components/task/block-intro-prompt';
import type { PadButton } from '../../components/task/response-pad';
import { SoaRunLayout } from '../../components/task/soa-run-layout';
import { type RunningTaskProps, TaskRunner } from '../../components/task/task-runner';
import { useSoaRuntime } from '../../components/task/use-soa-runtime';
import type { ResponseMode } from '../../lib/task-runtime/response-mode';
import type { SoaRuntimeOptions } from '../../lib/task-runtime/soa-runtime';
import { blockName, minutesText } from './labels';
import { getSartTestMinutes } from './page-config';
import { SartRuntime, type SartSnapshot } from './runtime/sart-runtime';
import { SartScoreTiles } from './scores';

const configOf = (run: Run): SartConfig => SartConfigSchema.parse(run.config);

/** Touch mode's one answer button: wide, tall, at the bottom of the screen. */
const PAD_BUTTONS: readonly PadButton[] = [
  { response: 'tap', label: 'Tap', className: 'sart-pad' },
];

export default function SartRunner({ mode }: { mode: ResponseMode }) {
  return (
    <TaskRunner
      testType="sartTest"
      mode={mode}
      title="SART"
      completedName="the SART"
      instructions={`${
        mode === 'keyboard'
          ? 'Put a finger on the Space bar.'
          : 'Hold the device so you can tap the Tap button at the bottom.'
      } The digits start a second after you press the button.`}
      describeResume={(run, saved) => {
        const next = getSartNextPosition(configOf(run), saved);
        return next
          ? `: ${blockName(next)}, trial ${next.trialNumber + 1}.`
          : ': all trials are done.';
      }}
      Running={RunningTest}
      ScoreTiles={SartScoreTiles}
    />
  );
}

function progressText(snapshot: SartSnapshot | null): string {
  if (!snapshot) return '';
  if (snapshot.kind === 'get-ready') return 'Get ready…';
  if (snapshot.kind !== 'running' || !snapshot.position) return '';
  const { position, blockTrialCount } = snapshot;
  return `${blockName(position)} · trial ${position.trialNumber + 1} of ${blockTrialCount}`;
}

/** Made once per run by useSoaRuntime. */
const createRuntime = (options: SoaRuntimeOptions) => new SartRuntime(options);

function RunningTest(props: RunningTaskProps) {
  const { run, mode } = props;
  const config = useMemo(() => configOf(run), [run]);
  const soa = useSoaRuntime(props, createRuntime);
  return (
    <SoaRunLayout
      label="SART"
      mode={mode}
      progress={progressText(soa.snapshot)}
      stageTestId="sart-stage"
      className="sart-run"
      soa={soa}
      renderIntro={(snapshot, next, begin) => (
        <BlockIntro snapshot={snapshot} next={next} config={config} mode={mode} onBegin={begin} />
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
  snapshot: SartSnapshot;
  next: SartPosition;
  config: SartConfig;
  mode: ResponseMode;
  onBegin: () => void;
}) {
  const { snapshot, next, config } = props;
  const result = snapshot.roundResult;
  const nogo = config.nogoDigit;
  const rule = `${props.mode === 'keyboard' ? 'Press Space' : 'Tap'} for every digit except ${nogo}; for ${nogo}, do nothing.`;
  const left = getSartBlockTrialCount(config, next.phase) - next.trialNumber;
  let title: string;
  let lines: string[];
  let action: string;
  if (next.phase === 'test' && snapshot.resumed) {
    title = 'Test';
    lines = [`${left} digits are left. ${rule}`];
    action = 'Continue the test';
  } else if (next.phase === 'test') {
    title = result ? 'Practice is over.' : 'The task';
    lines = [
      'There will be no feedback now.',
      `${rule} The task takes about ${minutesText(getSartTestMinutes(config))}.`,
    ];
    if (result) lines.push(`(Practice: ${result.correct} of ${result.total} correct.)`);
    action = 'Start the test';
  } else {
    title = 'Practice';
    lines = [
      rule,
      `${left} digits, and after an error you are told what to do. Give equal importance to speed and accuracy.`,
    ];
    action = snapshot.resumed ? 'Continue' : 'Start';
  }
  return (
    <BlockIntroPrompt title={title} lines={lines} actionLabel={action} onAction={props.onBegin} />
  );
}
