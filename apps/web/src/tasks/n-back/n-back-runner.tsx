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
import { useMemo } from 'react';
import { BlockIntroPrompt } from '../../components/task/block-intro-prompt';
import type { PadButton } from '../../components/task/response-pad';
import { TaskHostLayout } from '../../components/task/task-host-layout';
import { type RunningTaskProps, TaskRunner } from '../../components/task/task-runner';
import { useTaskHost } from '../../components/task/use-task-host';
import type { TaskRuntimeOptions } from '../../lib/task-runtime/engine-loop';
import type { ResponseMode } from '../../lib/task-runtime/response-mode';
import { type RunSource, resolveRunConfig } from '../../lib/task-runtime/run-source';
import type { TaskHostSnapshot } from '../../lib/task-runtime/task-host';
import { blockName, keysOf } from './labels';
import { createNBackHost } from './runtime/n-back-stage';
import { NBackScoreTiles } from './scores';

const configOf = (run: Run): Config => ConfigSchema.parse(run.config);

/**
 * Touch mode's two answer buttons, side by side: "Same as n back" on the side of the match key
 * (left under mapping A, where F is; right under B).
 */
export function nBackPadButtons(mapping: KeyMapping, level: number): PadButton[] {
  const same: PadButton = {
    response: 'match',
    label: `Same as ${level} back`,
    className: 'nback-pad nback-pad--match',
  };
  const different: PadButton = {
    response: 'no-match',
    label: 'Different',
    className: 'nback-pad nback-pad--no-match',
  };
  return mapping === 'A' ? [same, different] : [different, same];
}

/**
 * '2-back': the first level of a run from `source`. A preview whose settings do not parse never
 * reaches the runner (its page shows no start button); the defaults stand in for it here.
 */
function firstLevelName(source: RunSource): string {
  const { config } = resolveRunConfig(nBackTask.settings, source);
  const [first] = getLevels(config ?? nBackTask.settings.defaults);
  return `${first ?? 1}-back`;
}

export default function NBackRunner({ mode, source }: { mode: ResponseMode; source: RunSource }) {
  return (
    <TaskRunner
      testType="nbackTest"
      mode={mode}
      source={source}
      title="N-back"
      completedName="the N-back test"
      instructions={`${
        mode === 'keyboard'
          ? 'Put your left index finger on F and your right index finger on J.'
          : 'Hold the device so both thumbs rest over the two buttons at the bottom.'
      } The ${firstLevelName(source)} practice starts a second after you press the button; the keys are shown under the letters.`}
      describeResume={(run, saved) => {
        const next = getNextPosition(configOf(run), saved);
        return next
          ? `: ${blockName(next)}, trial ${next.trialNumber + 1}.`
          : ': all trials are done.';
      }}
      Running={RunningTest}
      ScoreTiles={NBackScoreTiles}
    />
  );
}

function progressText(snapshot: TaskHostSnapshot<Prompt> | null): string {
  if (!snapshot) return '';
  if (snapshot.phase === 'get-ready') return 'Get ready…';
  if (snapshot.phase !== 'running' || !snapshot.progress) return '';
  const { trialsInBlock, isReminder } = snapshot.progress;
  const position = snapshot.progress.position as Position;
  if (isReminder) return `${blockName(position)} · the last letters again`;
  return `${blockName(position)} · letter ${position.trialNumber + 1} of ${trialsInBlock}`;
}

/** Made once per run by useTaskHost. */
const createHost = (options: TaskRuntimeOptions) => createNBackHost(options);

function RunningTest(props: RunningTaskProps) {
  const { run, mode } = props;
  const config = useMemo(() => configOf(run), [run]);
  const hosted = useTaskHost(props, createHost);
  const { snapshot } = hosted;
  const position = snapshot?.progress?.position;
  const level = position ? splitBlock(position.block).level : 1;
  // The run's key mapping: A is F = same, B is J = same.
  const mapping = useMemo(() => plan(run.seed, config).keyMapping, [run, config]);
  const keys = keysOf(mapping);
  const buttons = useMemo(() => nBackPadButtons(mapping, level), [mapping, level]);
  return (
    <TaskHostLayout
      label="N-back"
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
        <>
          <kbd>{keys.match}</kbd> same as {level} back · <kbd>{keys.noMatch}</kbd> different
        </>
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
  const { prompt, config } = props;
  const { position: next, roundResult: result, reminders } = prompt;
  const { level, index } = splitBlock(next.block);
  const keys = keysOf(props.mapping);
  const before = level === 1 ? 'the letter just before it' : `the one ${level} letters before`;
  const rule =
    props.mode === 'keyboard'
      ? `Press ${keys.match} when the letter is the same as ${before}, otherwise ${keys.noMatch}.`
      : `Tap “Same as ${level} back” when the letter is the same as ${before}, otherwise “Different”.`;
  const fillers = `The first ${level === 1 ? 'letter has' : `${level} letters have`} nothing to compare: answer “different”.`;
  // On resume the letters before the break are shown again, so the next ones can be compared.
  const reminder =
    reminders > 0
      ? `To pick up where you left off, the last ${reminders === 1 ? 'letter is' : `${reminders} letters are`} shown again first: just watch ${reminders === 1 ? 'it' : 'them'}; answers count from the letter after ${reminders === 1 ? 'it' : 'them'}.`
      : null;
  let title: string;
  let lines: string[];
  let action: string;
  if (next.phase === 'test') {
    title = `${level}-back: block ${index + 1} of ${config.blocksPerLevel}`;
    lines = [rule, 'You will not be told whether you were right.'];
    if (result && !prompt.resumed && index === 0) {
      lines.push(`(Practice: ${result.correct} of ${result.total} correct.)`);
    }
    if (reminder) lines.push(reminder);
    action = prompt.resumed ? 'Continue' : 'Start the block';
  } else if (result && !prompt.resumed && splitBlock(result.block).level === level) {
    title = `Practice again: ${result.correct} of ${result.total} correct`;
    lines = [
      `You need ${getPracticeCorrectNeeded(config)} of ${result.total} correct to go on.`,
      rule,
    ];
    action = 'Practise again';
  } else {
    title = `${level}-back practice`;
    lines = [rule, fillers, 'After each letter you are told whether you were right.'];
    if (reminder) lines.push(reminder);
    action = prompt.resumed ? 'Continue' : 'Start the practice';
  }
  return (
    <BlockIntroPrompt title={title} lines={lines} actionLabel={action} onAction={props.onBegin} />
  );
}
