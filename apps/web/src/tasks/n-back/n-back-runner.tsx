import type { Run } from '@cogni/domain';
import {
  type Config,
  ConfigSchema,
  getLevels,
  getNextPosition,
  getPracticeCorrectNeeded,
  type KeyMapping,
  nBackTask,
  type Position,
  type Prompt,
  plan,
  splitBlock,
} from '@cogni/domain/tasks/n-back';
import { msg } from '@lingui/core/macro';
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
import { type RunSource, resolveRunConfig } from '../../lib/task-runtime/run-source';
import type { TaskHostSnapshot } from '../../lib/task-runtime/task-host';
import { blockName, keysOf } from './labels';
import { createNBackHost, type Translate } from './runtime/n-back-stage';
import { NBackScoreTiles } from './scores';

const configOf = (run: Run): Config => ConfigSchema.parse(run.config);

/**
 * Touch mode's two answer buttons, side by side, named by `labels`: "Same as n back" on the side
 * of the match key (left under mapping A, where F is; right under B).
 */
export function nBackPadButtons(
  mapping: KeyMapping,
  labels: { same: string; different: string },
): PadButton[] {
  const same: PadButton = {
    response: 'match',
    label: labels.same,
    className: 'nback-pad nback-pad--match',
  };
  const different: PadButton = {
    response: 'no-match',
    label: labels.different,
    className: 'nback-pad nback-pad--no-match',
  };
  return mapping === 'A' ? [same, different] : [different, same];
}

/**
 * The first level of a run from `source` (2 for '2-back'). A preview whose settings do not parse
 * never reaches the runner (its page shows no start button); the defaults stand in for it here.
 */
function firstLevel(source: RunSource): number {
  const { config } = resolveRunConfig(nBackTask.settings, source);
  const [first] = getLevels(config ?? nBackTask.settings.defaults);
  return first ?? 1;
}

export default function NBackRunner({ mode, source }: { mode: ResponseMode; source: RunSource }) {
  const { t } = useLingui();
  const level = firstLevel(source);
  return (
    <TaskRunner
      testType="nbackTest"
      mode={mode}
      source={source}
      title={t`N-back`}
      completedName={t({
        comment: 'the test, as in "Thank you for completing the N-back test."',
        message: 'the N-back test',
      })}
      instructions={
        mode === 'keyboard'
          ? t`Put your left index finger on F and your right index finger on J. The ${level}-back practice starts a second after you press the button; the keys are shown under the letters.`
          : t`Hold the device so both thumbs rest over the two buttons at the bottom. The ${level}-back practice starts a second after you press the button; the keys are shown under the letters.`
      }
      describeResume={(run, saved) => {
        const next = getNextPosition(configOf(run), saved);
        if (!next) {
          return t({
            comment: 'ends "Welcome back. Your test continues where it stopped"',
            message: ': all trials are done.',
          });
        }
        const block = blockName(next);
        const trial = next.trialNumber + 1;
        return t({
          comment:
            'ends "Welcome back. Your test continues where it stopped"; the block is "2-back, block 3" or "2-back practice, round 1"',
          message: `: ${block}, trial ${trial}.`,
        });
      }}
      Running={RunningTest}
      ScoreTiles={NBackScoreTiles}
    />
  );
}

function progressText(snapshot: TaskHostSnapshot<Prompt> | null): string {
  if (!snapshot) return '';
  if (snapshot.phase === 'get-ready') return i18n._(msg`Get ready…`);
  if (snapshot.phase !== 'running' || !snapshot.progress) return '';
  const { trialsInBlock, isReminder } = snapshot.progress;
  const position = snapshot.progress.position as Position;
  const block = blockName(position);
  if (isReminder) return i18n._(msg`${block} · the last letters again`);
  const letter = position.trialNumber + 1;
  return i18n._(msg`${block} · letter ${letter} of ${trialsInBlock}`);
}

/** The stage's messages in the page's language, read as a run's stage is made. */
const inPageLanguage: Translate = (text, values) =>
  i18n._(text.id, values, { message: text.message });

/** Made once per run by useTaskHost, its feedback in the page's language then. */
const createHost = (options: TaskRuntimeOptions) => createNBackHost(options, inPageLanguage);

function RunningTest(props: RunningTaskProps) {
  const { t } = useLingui();
  const { run, mode } = props;
  const config = useMemo(() => configOf(run), [run]);
  const hosted = useTaskHost(props, createHost);
  const { snapshot } = hosted;
  const position = snapshot?.progress?.position;
  const level = position ? splitBlock(position.block).level : 1;
  // The run's key mapping: A is F = same, B is J = same.
  const mapping = useMemo(() => plan(run.seed, config).keyMapping, [run, config]);
  const { match, noMatch } = keysOf(mapping);
  const same = t({
    comment: 'a button: the letter is the same as n back',
    message: `Same as ${level} back`,
  });
  const different = t({
    comment: 'a button: the letter is not the same as n back',
    message: 'Different',
  });
  const buttons = useMemo(
    () => nBackPadButtons(mapping, { same, different }),
    [mapping, same, different],
  );
  return (
    <TaskHostLayout
      label={t`N-back`}
      mode={mode}
      progress={progressText(snapshot)}
      stageTestId="nback-stage"
      className="nback-run"
      hosted={hosted}
      renderPrompt={(prompt, begin) => (
        <BlockIntro prompt={prompt} config={config} mapping={mapping} mode={mode} onBegin={begin} />
      )}
      buttons={buttons}
      keys={
        <Trans>
          <kbd>{match}</kbd> same as {level} back · <kbd>{noMatch}</kbd> different
        </Trans>
      }
    />
  );
}

/** Between blocks: how the practice round went, what follows (and its n), and a button to go on. */
function BlockIntro(props: {
  prompt: Prompt;
  config: Config;
  mapping: KeyMapping;
  mode: ResponseMode;
  onBegin: () => void;
}) {
  const { t } = useLingui();
  const { prompt, config } = props;
  const { position: next, roundResult: result, reminders } = prompt;
  const { level, index } = splitBlock(next.block);
  const { match, noMatch } = keysOf(props.mapping);
  let rule: string;
  if (props.mode === 'keyboard') {
    rule =
      level === 1
        ? t`Press ${match} when the letter is the same as the letter just before it, otherwise ${noMatch}.`
        : t`Press ${match} when the letter is the same as the one ${level} letters before, otherwise ${noMatch}.`;
  } else {
    rule =
      level === 1
        ? t`Tap “Same as ${level} back” when the letter is the same as the letter just before it, otherwise “Different”.`
        : t`Tap “Same as ${level} back” when the letter is the same as the one ${level} letters before, otherwise “Different”.`;
  }
  const fillers =
    level === 1
      ? t`The first letter has nothing to compare: answer “different”.`
      : t`The first ${level} letters have nothing to compare: answer “different”.`;
  // On resume the letters before the break are shown again, so the next ones can be compared.
  let reminder: string | null = null;
  if (reminders === 1) {
    reminder = t`To pick up where you left off, the last letter is shown again first: just watch it; answers count from the letter after it.`;
  } else if (reminders > 1) {
    reminder = t`To pick up where you left off, the last ${reminders} letters are shown again first: just watch them; answers count from the letter after them.`;
  }
  let title: string;
  let lines: string[];
  let action: string;
  if (next.phase === 'test') {
    const block = index + 1;
    const blocks = config.blocksPerLevel;
    title = t`${level}-back: block ${block} of ${blocks}`;
    lines = [rule, t`You will not be told whether you were right.`];
    if (result && !prompt.resumed && index === 0) {
      const { correct, total } = result;
      lines.push(t`(Practice: ${correct} of ${total} correct.)`);
    }
    if (reminder) lines.push(reminder);
    action = prompt.resumed ? t`Continue` : t`Start the block`;
  } else if (result && !prompt.resumed && splitBlock(result.block).level === level) {
    const { correct, total } = result;
    const needed = getPracticeCorrectNeeded(config);
    title = t`Practice again: ${correct} of ${total} correct`;
    lines = [t`You need ${needed} of ${total} correct to go on.`, rule];
    action = t`Practise again`;
  } else {
    title = t`${level}-back practice`;
    lines = [rule, fillers, t`After each letter you are told whether you were right.`];
    if (reminder) lines.push(reminder);
    action = prompt.resumed ? t`Continue` : t`Start the practice`;
  }
  return (
    <BlockIntroPrompt title={title} lines={lines} actionLabel={action} onAction={props.onBegin} />
  );
}
