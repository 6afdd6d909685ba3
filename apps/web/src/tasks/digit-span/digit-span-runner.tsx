import type { Run, SavedTrial } from '@cogni/domain';
import {
  type Config,
  ConfigSchema,
  directionOfBlock,
  getLengths,
  getNextPosition,
  lengthOf,
  type Position,
  RUN_ORDER_FIELDS,
} from '@cogni/domain/tasks/digit-span';
import { useId, useMemo } from 'react';
import { BlockIntroPrompt } from '../../components/task/block-intro-prompt';
import type { PadButton } from '../../components/task/response-pad';
import { TaskRunLayout } from '../../components/task/task-run-layout';
import { FinishPrompt, type RunningTaskProps, TaskRunner } from '../../components/task/task-runner';
import { useTaskHost } from '../../components/task/use-task-host';
import type { TaskRuntimeOptions } from '../../lib/task-runtime/engine-loop';
import type { ResponseMode } from '../../lib/task-runtime/response-mode';
import type { RunSource } from '../../lib/task-runtime/run-source';
import { BackwardExample } from './backward-example';
import { partName, spaced } from './labels';
import { PromptButton } from './prompt-button';
import {
  createDigitSpanHost,
  type DigitSpanHost,
  type DigitSpanView,
  digitSpanView,
} from './runtime/digit-span-stage';
import { DigitSpanScoreTiles } from './scores';

const configOf = (run: Run): Config => ConfigSchema.parse(run.config);

/** Touch mode's keypad in phone order: 1 2 3 / 4 5 6 / 7 8 9 / delete, submit (no 0). */
const PAD_BUTTONS: readonly PadButton[] = [
  ...['1', '2', '3', '4', '5', '6', '7', '8', '9'].map((digit) => ({
    response: digit,
    label: digit,
    className: 'ds-pad__digit',
  })),
  { response: 'backspace', label: '⌫ Delete', className: 'ds-pad__delete' },
  { response: 'submit', label: 'Submit', className: 'ds-pad__submit' },
];

export default function DigitSpanRunner({
  mode,
  source,
}: {
  mode: ResponseMode;
  source: RunSource;
}) {
  return (
    <TaskRunner
      testType="digitSpanTest"
      mode={mode}
      source={source}
      title="Digit Span"
      completedName="the Digit Span test"
      instructions={`${
        mode === 'keyboard'
          ? 'Keep your fingers near the digit keys and Enter.'
          : 'Hold the device so you can reach the keypad at the bottom.'
      } The first practice list starts a moment after you press the button.`}
      describeResume={(run, saved) => {
        const next = getNextPosition(configOf(run), saved);
        if (!next) return ': all lists are done.';
        const order = next.block === 1 ? 'in reverse order' : 'in the same order';
        return `: the ${partName(next).toLowerCase()}, where you enter the digits ${order}.`;
      }}
      runOrderFields={RUN_ORDER_FIELDS}
      Running={RunningTest}
      ScoreTiles={DigitSpanScoreTiles}
    />
  );
}

function progressText(snapshot: DigitSpanView | null, config: Config): string {
  if (!snapshot?.position || snapshot.kind === 'intro' || snapshot.kind === 'finished') return '';
  const { position } = snapshot;
  if (position.phase === 'practice') {
    return `${partName(position)} · list ${position.trialNumber + 1}`;
  }
  const { length, attempt, repeat } = lengthOf(config, position);
  const again = repeat > 0 ? ' · a new list: the last one was interrupted' : '';
  return `${partName(position)} · ${length} digits · list ${attempt} of ${config.trialsPerLength}${again}`;
}

/**
 * What a screen reader hears while answering (a status region outside the stage, so that every
 * change is announced): the prompt when the keypad comes, then the answer so far.
 */
function answerAnnouncement(snapshot: DigitSpanView | null): string {
  if (snapshot?.kind !== 'answering' || !snapshot.position) return '';
  if (snapshot.confirmEmpty) return 'Nothing entered yet. Submit again to give an empty answer.';
  if (snapshot.entered.length === 0) {
    const order = snapshot.position.block === 1 ? 'in reverse order' : 'in the same order';
    return `Enter the digits ${order}.`;
  }
  return `Your answer: ${snapshot.entered.join(' ')}`;
}

/** Made once per run by useTaskHost. */
const createHost = (options: TaskRuntimeOptions) => createDigitSpanHost(options);

/**
 * A new run goes on at once: the participant has just read the instructions and pressed 'Ready
 * ... Set ... Go!'. A resumed run shows the intro of the part it goes on in (its order, and the
 * worked example before backward lists) first.
 */
function beginIfNew(runtime: DigitSpanHost, saved: readonly SavedTrial[]) {
  if (saved.length === 0) runtime.begin();
}

function RunningTest(props: RunningTaskProps) {
  const { run, mode } = props;
  const config = useMemo(() => configOf(run), [run]);
  const {
    stageRef,
    runtime,
    snapshot: hostSnapshot,
    finishing,
  } = useTaskHost(props, createHost, beginIfNew);
  const snapshot = useMemo(() => hostSnapshot && digitSpanView(hostSnapshot), [hostSnapshot]);
  const kind = snapshot?.kind;
  return (
    <TaskRunLayout
      label="Digit Span"
      mode={mode}
      progress={progressText(snapshot, config)}
      saveError={snapshot?.saveError}
      stageRef={stageRef}
      stageTestId="ds-stage"
      stageClassName="ds-stage"
      overlay={
        <>
          {kind === 'intro' && snapshot?.position && runtime && (
            <PartIntro
              snapshot={snapshot}
              next={snapshot.position}
              config={config}
              mode={mode}
              onBegin={() => runtime.begin()}
            />
          )}
          {kind === 'feedback' && snapshot?.feedback && runtime && (
            <Feedback
              feedback={snapshot.feedback}
              config={config}
              onContinue={() => runtime.begin()}
            />
          )}
          {kind === 'finished' && <FinishPrompt {...finishing} />}
          <p role="status" className="visually-hidden" data-testid="ds-announcement">
            {answerAnnouncement(snapshot)}
          </p>
        </>
      }
      pad={{ buttons: PAD_BUTTONS, input: runtime?.input ?? null, isActive: kind === 'answering' }}
      keys={
        <>
          Type the digits · <kbd>Backspace</kbd> corrects · <kbd>Enter</kbd> submits
          {snapshot?.confirmEmpty && ' · press Enter again to submit an empty answer'}
        </>
      }
      areKeysActive={kind === 'answering'}
      className={`ds-run${snapshot?.confirmEmpty ? ' ds-run--confirm-empty' : ''}`}
    />
  );
}

/** Before a part: what to do in it (a worked example before the backward lists). */
function PartIntro(props: {
  snapshot: DigitSpanView;
  next: Position;
  config: Config;
  mode: ResponseMode;
  onBegin: () => void;
}) {
  const { snapshot, next, config } = props;
  const direction = directionOfBlock(next.block) ?? 'forward';
  const isBackward = direction === 'backward';
  const order = isBackward ? 'in reverse order' : 'in the same order';
  const { start } = getLengths(config, direction);
  let title: string;
  const lines: string[] = [];
  if (next.phase === 'practice') {
    title = isBackward ? 'Now in reverse order' : 'Practice: same order';
    lines.push(`Enter the digits ${order}. First a practice list of 2 digits.`);
  } else {
    title = isBackward ? 'The test, in reverse order' : 'The test, in the same order';
    lines.push(`Lists start at ${start} digits and get longer. Enter the digits ${order}.`);
    if (!config.testFeedback) lines.push('You will no longer be shown the right answer.');
    const { practice } = snapshot;
    if (practice && !snapshot.resumed) {
      lines.push(
        practice.passed
          ? `(Practice: right on list ${practice.tries}.)`
          : '(Practice: not right this time; the test starts anyway. Do your best.)',
      );
    }
  }
  if (snapshot.resumed) lines.unshift('Welcome back: the lists go on where they stopped.');
  const action = snapshot.resumed
    ? 'Continue'
    : next.phase === 'practice'
      ? 'Start practice'
      : 'Start the test';
  return (
    <BlockIntroPrompt
      title={title}
      lines={lines}
      actionLabel={action}
      onAction={props.onBegin}
      Action={PromptButton}
    >
      {isBackward && <BackwardExample />}
    </BlockIntroPrompt>
  );
}

/** After a practice list (or a test list, with test feedback): right or not, and the answer. */
function Feedback({
  feedback,
  config,
  onContinue,
}: {
  feedback: NonNullable<DigitSpanView['feedback']>;
  config: Config;
  onContinue: () => void;
}) {
  const messageId = useId();
  const { trial, next } = feedback;
  // The list was interrupted and a new one takes its place: it counts neither way.
  const isGivenAgain =
    next !== null &&
    next.phase === 'test' &&
    next.block === trial.block &&
    lengthOf(config, next).repeat > 0;
  const title = trial.isCorrect ? 'Correct' : trial.timedOut ? 'Time is up' : 'Not quite';
  return (
    <div
      className="task-prompt ds-feedback"
      data-testid="ds-feedback"
      data-correct={trial.isCorrect}
    >
      <h2 className={`task-feedback task-feedback--${trial.isCorrect ? 'correct' : 'wrong'}`}>
        {title}
      </h2>
      <div id={messageId}>
        <p>
          The digits were <strong className="ds-feedback__digits">{spaced(trial.presented)}</strong>
          .
        </p>
        {trial.direction === 'backward' && (
          <p>
            In reverse order:{' '}
            <strong className="ds-feedback__digits">{spaced(trial.expected)}</strong>.
          </p>
        )}
        {!trial.isCorrect && (
          <p>
            You entered <strong className="ds-feedback__digits">{spaced(trial.entered)}</strong>.
          </p>
        )}
        {isGivenAgain && (
          <p>
            The page was left during this list, so it does not count: a new list of the same length
            follows.
          </p>
        )}
      </div>
      <PromptButton describedBy={messageId} onPress={onContinue}>
        Continue
      </PromptButton>
    </div>
  );
}
