import type { Run } from '@cogni/domain';
import {
  blockTrialCount,
  type Config,
  ConfigSchema,
  nextPosition,
  type Position,
  type Prompt,
} from '@cogni/domain/tasks/flanker';
import type { I18n } from '@lingui/core';
import { msg, plural, select } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { BlockIntroPrompt } from '../../components/task/block-intro-prompt';
import type { PadButton } from '../../components/task/response-pad';
import { TaskHostLayout } from '../../components/task/task-host-layout';
import { type RunningTaskProps, TaskRunner } from '../../components/task/task-runner';
import { useTaskHost } from '../../components/task/use-task-host';
import { i18n } from '../../lib/i18n/i18n';
import type { TaskRuntimeOptions } from '../../lib/task-runtime/engine-loop';
import type { ResponseMode } from '../../lib/task-runtime/response-mode';
import type { RunSource } from '../../lib/task-runtime/run-source';
import type { TaskHostSnapshot } from '../../lib/task-runtime/task-host';
import { arrowsLabel, blockName } from './labels';
import { createFlankerHost } from './runtime/flanker-stage';
import { FlankerScoreTiles } from './scores';

const configOf = (run: Run): Config => ConfigSchema.parse(run.config);

export default function FlankerRunner({ mode, source }: { mode: ResponseMode; source: RunSource }) {
  const { t } = useLingui();
  return (
    <TaskRunner
      testType="flankerTest"
      mode={mode}
      source={source}
      title={t({ comment: "the flanker test's name", message: 'Flanker' })}
      completedName={t`the Flanker test`}
      instructions={
        mode === 'keyboard'
          ? t`Put your fingers on the ← and → keys (or on F and J). The arrows start a second after you press the button.`
          : t`Hold the device so both thumbs rest over the two buttons at the bottom. The arrows start a second after you press the button.`
      }
      describeResume={(run, saved) => {
        const next = nextPosition(configOf(run), saved);
        if (!next) {
          return t({
            comment: 'Ends "Your test continues where it stopped"',
            message: ': all trials are done.',
          });
        }
        const { phase } = next;
        const trial = next.trialNumber + 1;
        return t({
          comment: 'Ends "Your test continues where it stopped"',
          message: `: ${select(phase, { practice: `Practice, trial ${trial}`, other: `Test, trial ${trial}` })}.`,
        });
      }}
      Running={RunningTest}
      ScoreTiles={FlankerScoreTiles}
    />
  );
}

function progressText(snapshot: TaskHostSnapshot<Prompt> | null, i18n: I18n): string {
  if (!snapshot) return '';
  if (snapshot.phase === 'get-ready') return i18n._(msg`Get ready…`);
  if (snapshot.phase !== 'running' || !snapshot.progress) return '';
  const { position, trialsInBlock } = snapshot.progress;
  const block = i18n._(blockName(position as Position));
  const trial = position.trialNumber + 1;
  return i18n._(
    msg({
      comment: "Where a run stands, e.g. 'Practice · trial 3 of 12'",
      message: `${block} · trial ${trial} of ${trialsInBlock}`,
    }),
  );
}

/** Made once per run by useTaskHost, its words in the language of the page then. */
const createHost = (options: TaskRuntimeOptions) =>
  createFlankerHost(options, {
    feedback: {
      correct: i18n._(msg({ comment: 'Feedback on an answer', message: 'Correct' })),
      incorrect: i18n._(msg({ comment: 'Feedback on an answer', message: 'Incorrect' })),
      'too-slow': i18n._(msg({ comment: 'Feedback on an answer', message: 'Too slow' })),
    },
    arrows: {
      left: {
        congruent: i18n._(arrowsLabel('left', 'congruent')),
        incongruent: i18n._(arrowsLabel('left', 'incongruent')),
      },
      right: {
        congruent: i18n._(arrowsLabel('right', 'congruent')),
        incongruent: i18n._(arrowsLabel('right', 'incongruent')),
      },
    },
  });

function RunningTest(props: RunningTaskProps) {
  const { t, i18n } = useLingui();
  const { run, mode } = props;
  const config = useMemo(() => configOf(run), [run]);
  const hosted = useTaskHost(props, createHost);
  /** Touch mode's two answer buttons, side by side: Left under the left thumb, Right under the right. */
  const buttons: readonly PadButton[] = useMemo(
    () => [
      { response: 'left', label: t`← Left`, className: 'flanker-pad' },
      { response: 'right', label: t`Right →`, className: 'flanker-pad' },
    ],
    [t],
  );
  return (
    <TaskHostLayout
      label={t({ comment: "the flanker test's name", message: 'Flanker' })}
      mode={mode}
      progress={progressText(hosted.snapshot, i18n)}
      stageTestId="flanker-stage"
      className="flanker-run"
      hosted={hosted}
      renderPrompt={(prompt, begin) => (
        <BlockIntro prompt={prompt} config={config} mode={mode} onBegin={begin} />
      )}
      buttons={buttons}
      keys={
        <Trans>
          <kbd>←</kbd> or <kbd>F</kbd> middle arrow left · <kbd>→</kbd> or <kbd>J</kbd> right
        </Trans>
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
  const { t } = useLingui();
  const { position: next, roundResult: result, resumed } = props.prompt;
  const rule =
    props.mode === 'keyboard'
      ? t`Press ← (or F) when the middle arrow points left, → (or J) when it points right.`
      : t`Tap Left when the middle arrow points left, Right when it points right.`;
  const left = blockTrialCount(props.config, next.phase) - next.trialNumber;
  let title: string;
  let lines: string[];
  let action: string;
  if (next.phase === 'test' && resumed) {
    title = t({ comment: 'a phase of a test: the trials that are scored', message: 'Test' });
    const isLeft = t`${plural(left, { one: '# trial is left.', other: '# trials are left.' })}`;
    lines = [`${isLeft} ${rule}`];
    action = t`Continue the test`;
  } else if (next.phase === 'test') {
    title = result ? t`Now the real task.` : t`The task`;
    const follow = t`${plural(left, { one: '# trial follows.', other: '# trials follow.' })}`;
    const beFast = t`Be fast, and try not to make mistakes.`;
    lines = [t`You will no longer be told when you make an error.`, `${follow} ${rule} ${beFast}`];
    if (result) {
      const { correct, total } = result;
      lines.push(t`(Practice: ${correct} of ${total} correct.)`);
    }
    action = t`Start the test`;
  } else {
    title = t({ comment: 'a phase of a test: trials with feedback', message: 'Practice' });
    lines = [
      rule,
      t`${plural(left, { one: '# trial, and after each one you are told whether you were right.', other: '# trials, and after each one you are told whether you were right.' })}`,
    ];
    action = resumed
      ? t`Continue`
      : t({ comment: 'a button that starts the practice', message: 'Start' });
  }
  return (
    <BlockIntroPrompt title={title} lines={lines} actionLabel={action} onAction={props.onBegin} />
  );
}
