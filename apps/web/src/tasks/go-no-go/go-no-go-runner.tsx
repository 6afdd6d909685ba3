import type { Run } from '@cogni/domain';
import {
  type Config,
  ConfigSchema,
  getNextPosition,
  getPracticeCorrectNeeded,
  type Position,
  type Prompt,
} from '@cogni/domain/tasks/go-no-go';
import type { I18n } from '@lingui/core';
import { msg, plural, select } from '@lingui/core/macro';
import { Select, Trans, useLingui } from '@lingui/react/macro';
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
import { blockName, describeStimulusRule } from './labels';
import { createGoNoGoHost } from './runtime/go-no-go-stage';
import { GoNoGoScoreTiles } from './scores';

const configOf = (run: Run): Config => ConfigSchema.parse(run.config);

export default function GoNoGoRunner({ mode, source }: { mode: ResponseMode; source: RunSource }) {
  const { t } = useLingui();
  return (
    <TaskRunner
      testType="goNoGoTest"
      mode={mode}
      source={source}
      title={t({ comment: "the Go/No-Go test's name", message: 'Go/No-Go' })}
      completedName={t`the Go/No-Go test`}
      instructions={
        mode === 'keyboard'
          ? t`Put a finger on the Space bar. The practice starts a second after you press the button.`
          : t`Hold the device so your thumb rests over the Tap button at the bottom. The practice starts a second after you press the button.`
      }
      describeResume={(run, saved) => {
        // The task's run order after the trials done; their correctness counts, since a
        // practice round below the criterion is repeated.
        const next = getNextPosition(configOf(run), saved);
        if (!next) {
          return t({
            comment: 'Ends "Your test continues where it stopped"',
            message: ': all trials are done.',
          });
        }
        const { phase } = next;
        const round = next.block + 1;
        const trial = next.trialNumber + 1;
        return t({
          comment: 'Ends "Your test continues where it stopped"',
          message: `: ${select(phase, {
            practice: `Practice round ${round}, trial ${trial}`,
            other: `Test, trial ${trial}`,
          })}.`,
        });
      }}
      Running={RunningTest}
      ScoreTiles={GoNoGoScoreTiles}
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
      comment: "Where a run stands, e.g. 'Practice round 1 · trial 3 of 12'",
      message: `${block} · trial ${trial} of ${trialsInBlock}`,
    }),
  );
}

/** Made once per run by useTaskHost, its feedback in the language of the page then. */
const createHost = (options: TaskRuntimeOptions) =>
  createGoNoGoHost(options, {
    correct: i18n._(msg({ comment: 'Feedback on an answer', message: 'Correct' })),
    incorrect: i18n._(msg({ comment: 'Feedback on an answer', message: 'Incorrect' })),
    'too-slow': i18n._(msg({ comment: 'Feedback on an answer', message: 'Too slow' })),
  });

function RunningTest(props: RunningTaskProps) {
  const { t, i18n } = useLingui();
  const { run, mode } = props;
  const config = useMemo(() => configOf(run), [run]);
  const { goId, nogoId } = describeStimulusRule(config);
  const hosted = useTaskHost(props, createHost);
  /** Touch mode's one answer button: wide, tall, at the bottom of the screen. */
  const buttons: readonly PadButton[] = useMemo(
    () => [
      {
        response: 'tap',
        label: t({ comment: 'the button the Go/No-Go test is answered with', message: 'Tap' }),
        className: 'gng-pad',
      },
    ],
    [t],
  );
  return (
    <TaskHostLayout
      label={t({ comment: "the Go/No-Go test's name", message: 'Go/No-Go' })}
      mode={mode}
      progress={progressText(hosted.snapshot, i18n)}
      stageTestId="gng-stage"
      className="gng-run"
      hosted={hosted}
      renderPrompt={(prompt, begin) => (
        <BlockIntro prompt={prompt} config={config} mode={mode} onBegin={begin} />
      )}
      buttons={buttons}
      keys={
        <Trans>
          <kbd>Space</kbd> for{' '}
          <Select
            value={goId}
            _solid="the solid square"
            _outline="the outlined square"
            _P="the letter P"
            other="the letter R"
          />{' '}
          · nothing for{' '}
          <Select
            value={nogoId}
            _solid="the solid square"
            _outline="the outlined square"
            _P="the letter P"
            other="the letter R"
          />
        </Trans>
      }
    />
  );
}

/** Between blocks: how the practice round went, what follows, and a button to go on. */
function BlockIntro(props: {
  prompt: Prompt;
  config: Config;
  mode: ResponseMode;
  onBegin: () => void;
}) {
  const { t } = useLingui();
  const { prompt, config } = props;
  const { goId } = describeStimulusRule(config);
  const isKeyboard = props.mode === 'keyboard';
  const { position: next, roundResult: result } = prompt;
  let title: string;
  let lines: string[];
  let action: string;
  if (next.phase === 'test') {
    const left = config.testTrials - next.trialNumber;
    title = t`Now the real task.`;
    // The go stimulus is a select of each message; the other stimulus is the no-go.
    lines = [
      t`You will no longer be told when you make an error.`,
      isKeyboard
        ? t({
            comment: 'What follows, and what to do: the go stimulus is pressed for, the other left',
            message: select(goId, {
              solid: `${plural(left, { one: '# shape follows', other: '# shapes follow' })}: press Space as fast as you can for the solid square, and do nothing for the outlined square.`,
              outline: `${plural(left, { one: '# shape follows', other: '# shapes follow' })}: press Space as fast as you can for the outlined square, and do nothing for the solid square.`,
              P: `${plural(left, { one: '# letter follows', other: '# letters follow' })}: press Space as fast as you can for the letter P, and do nothing for the letter R.`,
              other: `${plural(left, { one: '# letter follows', other: '# letters follow' })}: press Space as fast as you can for the letter R, and do nothing for the letter P.`,
            }),
          })
        : t({
            comment: 'What follows, and what to do: the go stimulus is tapped for, the other left',
            message: select(goId, {
              solid: `${plural(left, { one: '# shape follows', other: '# shapes follow' })}: tap as fast as you can for the solid square, and do nothing for the outlined square.`,
              outline: `${plural(left, { one: '# shape follows', other: '# shapes follow' })}: tap as fast as you can for the outlined square, and do nothing for the solid square.`,
              P: `${plural(left, { one: '# letter follows', other: '# letters follow' })}: tap as fast as you can for the letter P, and do nothing for the letter R.`,
              other: `${plural(left, { one: '# letter follows', other: '# letters follow' })}: tap as fast as you can for the letter R, and do nothing for the letter P.`,
            }),
          }),
    ];
    if (result && !prompt.resumed) {
      const { correct, total } = result;
      lines.push(t`(Practice: ${correct} of ${total} correct.)`);
    }
    action = prompt.resumed ? t`Continue the test` : t`Start the test`;
  } else if (result && !prompt.resumed) {
    const { correct, total } = result;
    const needed = getPracticeCorrectNeeded(config);
    title = t`Practice again: ${correct} of ${total} correct`;
    lines = [
      isKeyboard
        ? t({
            comment: 'The go stimulus is pressed for, the other left',
            message: select(goId, {
              solid: `You need ${needed} of ${total} correct to go on. Press Space as fast as you can for the solid square, and do nothing for the outlined square.`,
              outline: `You need ${needed} of ${total} correct to go on. Press Space as fast as you can for the outlined square, and do nothing for the solid square.`,
              P: `You need ${needed} of ${total} correct to go on. Press Space as fast as you can for the letter P, and do nothing for the letter R.`,
              other: `You need ${needed} of ${total} correct to go on. Press Space as fast as you can for the letter R, and do nothing for the letter P.`,
            }),
          })
        : t({
            comment: 'The go stimulus is tapped for, the other left',
            message: select(goId, {
              solid: `You need ${needed} of ${total} correct to go on. Tap as fast as you can for the solid square, and do nothing for the outlined square.`,
              outline: `You need ${needed} of ${total} correct to go on. Tap as fast as you can for the outlined square, and do nothing for the solid square.`,
              P: `You need ${needed} of ${total} correct to go on. Tap as fast as you can for the letter P, and do nothing for the letter R.`,
              other: `You need ${needed} of ${total} correct to go on. Tap as fast as you can for the letter R, and do nothing for the letter P.`,
            }),
          }),
    ];
    action = t`Practise again`;
  } else {
    title = t(blockName(next));
    lines = [
      isKeyboard
        ? t({
            comment: 'The go stimulus is pressed for, the other left',
            message: select(goId, {
              solid: 'Press Space for the solid square; do nothing for the outlined square.',
              outline: 'Press Space for the outlined square; do nothing for the solid square.',
              P: 'Press Space for the letter P; do nothing for the letter R.',
              other: 'Press Space for the letter R; do nothing for the letter P.',
            }),
          })
        : t({
            comment: 'The go stimulus is tapped for, the other left',
            message: select(goId, {
              solid: 'Tap for the solid square; do nothing for the outlined square.',
              outline: 'Tap for the outlined square; do nothing for the solid square.',
              P: 'Tap for the letter P; do nothing for the letter R.',
              other: 'Tap for the letter R; do nothing for the letter P.',
            }),
          }),
    ];
    action = prompt.resumed
      ? t`Continue`
      : t({ comment: 'a button that starts the practice', message: 'Start' });
  }
  return (
    <BlockIntroPrompt title={title} lines={lines} actionLabel={action} onAction={props.onBegin} />
  );
}
