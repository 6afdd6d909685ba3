import type { Run } from '@cogni/domain';
import {
  type Config,
  ConfigSchema,
  getBlockTrialCount,
  getNextPosition,
  type Position,
  type Prompt,
} from '@cogni/domain/tasks/sart';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { BlockIntroPrompt } from '../../components/task/block-intro-prompt';
import type { PadButton } from '../../components/task/response-pad';
import { TaskHostLayout } from '../../components/task/task-host-layout';
import { type RunningTaskProps, TaskRunner } from '../../components/task/task-runner';
import { useTaskHost } from '../../components/task/use-task-host';
import { i18n } from '../../lib/i18n/i18n';
import { minutesText } from '../../lib/minutes-text';
import type { TaskRuntimeOptions } from '../../lib/task-runtime/engine-loop';
import type { ResponseMode } from '../../lib/task-runtime/response-mode';
import type { RunSource } from '../../lib/task-runtime/run-source';
import type { TaskHostSnapshot } from '../../lib/task-runtime/task-host';
import { sartTestMs } from './labels';
import { createSartHost, type Translate } from './runtime/sart-stage';
import { SartScoreTiles } from './scores';

const configOf = (run: Run): Config => ConfigSchema.parse(run.config);

/** Touch mode's one answer button: wide, tall, at the bottom of the screen. */
const padButtons = (label: string): readonly PadButton[] => [
  { response: 'tap', label, className: 'sart-pad' },
];

export default function SartRunner({ mode, source }: { mode: ResponseMode; source: RunSource }) {
  const { t } = useLingui();
  return (
    <TaskRunner
      testType="sartTest"
      mode={mode}
      source={source}
      // i18n-ignore: the test's name, SART in every language
      title="SART"
      completedName={t({
        comment: 'the test, as in "Thank you for completing the SART."',
        message: 'the SART',
      })}
      instructions={
        mode === 'keyboard'
          ? t`Put a finger on the Space bar. The digits start a second after you press the button.`
          : t`Hold the device so you can tap the Tap button at the bottom. The digits start a second after you press the button.`
      }
      describeResume={(run, saved) => {
        const next = getNextPosition(configOf(run), saved);
        if (!next) {
          return t({
            comment: 'ends "Welcome back. Your test continues where it stopped"',
            message: ': all trials are done.',
          });
        }
        const trial = next.trialNumber + 1;
        return next.phase === 'practice'
          ? t({
              comment: 'ends "Welcome back. Your test continues where it stopped"',
              message: `: Practice, trial ${trial}.`,
            })
          : t({
              comment: 'ends "Welcome back. Your test continues where it stopped"',
              message: `: Test, trial ${trial}.`,
            });
      }}
      Running={RunningTest}
      ScoreTiles={SartScoreTiles}
    />
  );
}

function progressText(snapshot: TaskHostSnapshot<Prompt> | null): string {
  if (!snapshot) return '';
  if (snapshot.phase === 'get-ready') return i18n._(msg`Get ready…`);
  if (snapshot.phase !== 'running' || !snapshot.progress) return '';
  const { position, trialsInBlock } = snapshot.progress;
  const trial = position.trialNumber + 1;
  return (position as Position).phase === 'practice'
    ? i18n._(msg`Practice · trial ${trial} of ${trialsInBlock}`)
    : i18n._(msg`Test · trial ${trial} of ${trialsInBlock}`);
}

/** The stage's messages in the page's language, read as a run's stage is made. */
const inPageLanguage: Translate = (text, values) =>
  i18n._(text.id, values, { message: text.message });

/** Made once per run by useTaskHost, its stage's messages in the page's language then. */
const createHost = (options: TaskRuntimeOptions) => createSartHost(options, inPageLanguage);

function RunningTest(props: RunningTaskProps) {
  const { t } = useLingui();
  const { run, mode } = props;
  const config = useMemo(() => configOf(run), [run]);
  const hosted = useTaskHost(props, createHost);
  const tap = t({ comment: 'the button answered in touch mode', message: 'Tap' });
  const buttons = useMemo(() => padButtons(tap), [tap]);
  const nogo = config.nogoDigit;
  return (
    <TaskHostLayout
      // i18n-ignore: the test's name, SART in every language
      label="SART"
      mode={mode}
      progress={progressText(hosted.snapshot)}
      stageTestId="sart-stage"
      className="sart-run"
      hosted={hosted}
      renderPrompt={(prompt, begin) => (
        <BlockIntro prompt={prompt} config={config} mode={mode} onBegin={begin} />
      )}
      buttons={buttons}
      keys={
        <Trans>
          <kbd>Space</kbd> for every digit · nothing for {nogo}
        </Trans>
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
  const { t } = useLingui();
  const { prompt, config } = props;
  const { position: next, roundResult: result } = prompt;
  const nogo = config.nogoDigit;
  const rule =
    props.mode === 'keyboard'
      ? t`Press Space for every digit except ${nogo}; for ${nogo}, do nothing.`
      : t`Tap for every digit except ${nogo}; for ${nogo}, do nothing.`;
  const left = getBlockTrialCount(config, next.phase) - next.trialNumber;
  let title: string;
  let lines: string[];
  let action: string;
  if (next.phase === 'test' && prompt.resumed) {
    title = t`Test`;
    lines = [t`${plural(left, { one: '# digit is left.', other: '# digits are left.' })} ${rule}`];
    action = t`Continue the test`;
  } else if (next.phase === 'test') {
    const duration = minutesText(sartTestMs(config));
    title = result ? t`Practice is over.` : t`The task`;
    lines = [t`There will be no feedback now.`, t`${rule} The task takes about ${duration}.`];
    if (result) {
      const { correct, total } = result;
      lines.push(t`(Practice: ${correct} of ${total} correct.)`);
    }
    action = t`Start the test`;
  } else {
    title = t`Practice`;
    lines = [
      rule,
      t`${plural(left, { one: '# digit, and after an error you are told what to do.', other: '# digits, and after an error you are told what to do.' })} Give equal importance to speed and accuracy.`,
    ];
    action = prompt.resumed ? t`Continue` : t`Start`;
  }
  return (
    <BlockIntroPrompt title={title} lines={lines} actionLabel={action} onAction={props.onBegin} />
  );
}
