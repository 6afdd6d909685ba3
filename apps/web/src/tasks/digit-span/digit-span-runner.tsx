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
import type { I18n } from '@lingui/core';
import { msg, select } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useMemo } from 'react';
import { BlockIntroPrompt } from '../../components/task/block-intro-prompt';
import type { PadButton } from '../../components/task/response-pad';
import { TaskRunLayout } from '../../components/task/task-run-layout';
import { FinishPrompt, type RunningTaskProps, TaskRunner } from '../../components/task/task-runner';
import { useTaskHost } from '../../components/task/use-task-host';
import { i18n } from '../../lib/i18n/i18n';
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
function padButtons(deleteLabel: string, submitLabel: string): readonly PadButton[] {
  return [
    ...['1', '2', '3', '4', '5', '6', '7', '8', '9'].map((digit) => ({
      response: digit,
      label: digit,
      className: 'ds-pad__digit',
    })),
    { response: 'backspace', label: deleteLabel, className: 'ds-pad__delete' },
    { response: 'submit', label: submitLabel, className: 'ds-pad__submit' },
  ];
}

export default function DigitSpanRunner({
  mode,
  source,
}: {
  mode: ResponseMode;
  source: RunSource;
}) {
  const { t } = useLingui();
  return (
    <TaskRunner
      testType="digitSpanTest"
      mode={mode}
      source={source}
      title={t`Digit Span`}
      completedName={t`the Digit Span test`}
      instructions={
        mode === 'keyboard'
          ? t`Keep your fingers near the digit keys and Enter. The first practice list starts a moment after you press the button.`
          : t`Hold the device so you can reach the keypad at the bottom. The first practice list starts a moment after you press the button.`
      }
      describeResume={(run, saved) => {
        const next = getNextPosition(configOf(run), saved);
        if (!next) {
          return t({
            comment: 'Ends "Your test continues where it stopped"',
            message: ': all lists are done.',
          });
        }
        const part = partKey(next);
        return t({
          comment: 'Ends "Your test continues where it stopped"',
          message: select(part, {
            forwardPractice:
              ': the forward practice, where you enter the digits in the same order.',
            forwardTest: ': the forward test, where you enter the digits in the same order.',
            backwardPractice:
              ': the backward practice, where you enter the digits in reverse order.',
            other: ': the backward test, where you enter the digits in reverse order.',
          }),
        });
      }}
      runOrderFields={RUN_ORDER_FIELDS}
      Running={RunningTest}
      ScoreTiles={DigitSpanScoreTiles}
    />
  );
}

/** A part of the run as a select's key: its direction and phase. */
function partKey(position: Pick<Position, 'phase' | 'block'>): string {
  const direction = directionOfBlock(position.block) ?? 'forward';
  return `${direction}${position.phase === 'practice' ? 'Practice' : 'Test'}`;
}

function progressText(snapshot: DigitSpanView | null, config: Config, i18n: I18n): string {
  if (!snapshot?.position || snapshot.kind === 'intro' || snapshot.kind === 'finished') return '';
  const { position } = snapshot;
  const part = i18n._(partName(position));
  if (position.phase === 'practice') {
    const list = position.trialNumber + 1;
    return i18n._(
      msg({
        comment: "Where a run stands, e.g. 'Forward practice · list 1'",
        message: `${part} · list ${list}`,
      }),
    );
  }
  const { length, attempt, repeat } = lengthOf(config, position);
  const lists = config.trialsPerLength;
  return repeat > 0
    ? i18n._(
        msg({
          comment: "Where a run stands, e.g. 'Forward test · 5 digits · list 1 of 2'",
          message: `${part} · ${length} digits · list ${attempt} of ${lists} · a new list: the last one was interrupted`,
        }),
      )
    : i18n._(
        msg({
          comment: "Where a run stands, e.g. 'Forward test · 5 digits · list 1 of 2'",
          message: `${part} · ${length} digits · list ${attempt} of ${lists}`,
        }),
      );
}

/**
 * What a screen reader hears while answering (a status region outside the stage, so that every
 * change is announced): the prompt when the keypad comes, then the answer so far.
 */
function answerAnnouncement(snapshot: DigitSpanView | null, i18n: I18n): string {
  if (snapshot?.kind !== 'answering' || !snapshot.position) return '';
  if (snapshot.confirmEmpty) {
    return i18n._(msg`Nothing entered yet. Submit again to give an empty answer.`);
  }
  if (snapshot.entered.length === 0) {
    return snapshot.position.block === 1
      ? i18n._(msg`Enter the digits in reverse order.`)
      : i18n._(msg`Enter the digits in the same order.`);
  }
  const answer = snapshot.entered.join(' ');
  return i18n._(msg`Your answer: ${answer}`);
}

/** Made once per run by useTaskHost, the stage's words in the language of the page then. */
const createHost = (options: TaskRuntimeOptions) =>
  createDigitSpanHost(options, {
    ready: i18n._(
      msg({ comment: 'Digit Span: shown before each list of digits', message: 'Ready' }),
    ),
    sameOrder: i18n._(msg`Enter the digits in the same order`),
    reverseOrder: i18n._(msg`Enter the digits in reverse order`),
    nothingEntered: i18n._(msg`Nothing entered yet.`),
  });

/**
 * A new run goes on at once: the participant has just read the instructions and pressed 'Ready
 * ... Set ... Go!'. A resumed run shows the intro of the part it goes on in (its order, and the
 * worked example before backward lists) first.
 */
function beginIfNew(runtime: DigitSpanHost, saved: readonly SavedTrial[]) {
  if (saved.length === 0) runtime.begin();
}

function RunningTest(props: RunningTaskProps) {
  const { t, i18n } = useLingui();
  const { run, mode } = props;
  const config = useMemo(() => configOf(run), [run]);
  const {
    stageRef,
    runtime,
    snapshot: hostSnapshot,
    finishing,
  } = useTaskHost(props, createHost, beginIfNew);
  const snapshot = useMemo(() => hostSnapshot && digitSpanView(hostSnapshot), [hostSnapshot]);
  const buttons = useMemo(
    () =>
      padButtons(
        t({ comment: "the keypad's key that deletes the last digit", message: '⌫ Delete' }),
        t({ comment: "the keypad's key that gives the answer", message: 'Submit' }),
      ),
    [t],
  );
  const kind = snapshot?.kind;
  return (
    <TaskRunLayout
      label={t`Digit Span`}
      mode={mode}
      progress={progressText(snapshot, config, i18n)}
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
            {answerAnnouncement(snapshot, i18n)}
          </p>
        </>
      }
      pad={{ buttons, input: runtime?.input ?? null, isActive: kind === 'answering' }}
      keys={
        snapshot?.confirmEmpty ? (
          <Trans>
            Type the digits · <kbd>Backspace</kbd> corrects · <kbd>Enter</kbd> submits · press Enter
            again to submit an empty answer
          </Trans>
        ) : (
          <Trans>
            Type the digits · <kbd>Backspace</kbd> corrects · <kbd>Enter</kbd> submits
          </Trans>
        )
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
  const { t } = useLingui();
  const { snapshot, next, config } = props;
  const direction = directionOfBlock(next.block) ?? 'forward';
  const isBackward = direction === 'backward';
  const { start } = getLengths(config, direction);
  let title: string;
  const lines: string[] = [];
  if (next.phase === 'practice') {
    title = isBackward ? t`Now in reverse order` : t`Practice: same order`;
    lines.push(
      isBackward
        ? t`Enter the digits in reverse order. First a practice list of 2 digits.`
        : t`Enter the digits in the same order. First a practice list of 2 digits.`,
    );
  } else {
    title = isBackward ? t`The test, in reverse order` : t`The test, in the same order`;
    lines.push(
      isBackward
        ? t`Lists start at ${start} digits and get longer. Enter the digits in reverse order.`
        : t`Lists start at ${start} digits and get longer. Enter the digits in the same order.`,
    );
    if (!config.testFeedback) lines.push(t`You will no longer be shown the right answer.`);
    const { practice } = snapshot;
    if (practice && !snapshot.resumed) {
      const tries = practice.tries;
      lines.push(
        practice.passed
          ? t`(Practice: right on list ${tries}.)`
          : t`(Practice: not right this time; the test starts anyway. Do your best.)`,
      );
    }
  }
  if (snapshot.resumed) lines.unshift(t`Welcome back: the lists go on where they stopped.`);
  const action = snapshot.resumed
    ? t`Continue`
    : next.phase === 'practice'
      ? t`Start practice`
      : t`Start the test`;
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
  const { t } = useLingui();
  const messageId = useId();
  const { trial, next } = feedback;
  // The list was interrupted and a new one takes its place: it counts neither way.
  const isGivenAgain =
    next !== null &&
    next.phase === 'test' &&
    next.block === trial.block &&
    lengthOf(config, next).repeat > 0;
  const title = trial.isCorrect
    ? t({ comment: 'Feedback on an answer', message: 'Correct' })
    : trial.timedOut
      ? t`Time is up`
      : t`Not quite`;
  const presented = spaced(trial.presented);
  const expected = spaced(trial.expected);
  const entered = spaced(trial.entered);
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
          <Trans>
            The digits were <strong className="ds-feedback__digits">{presented}</strong>.
          </Trans>
        </p>
        {trial.direction === 'backward' && (
          <p>
            <Trans>
              In reverse order: <strong className="ds-feedback__digits">{expected}</strong>.
            </Trans>
          </p>
        )}
        {!trial.isCorrect && (
          <p>
            <Trans>
              You entered <strong className="ds-feedback__digits">{entered}</strong>.
            </Trans>
          </p>
        )}
        {isGivenAgain && (
          <p>
            <Trans>
              The page was left during this list, so it does not count: a new list of the same
              length follows.
            </Trans>
          </p>
        )}
      </div>
      <PromptButton describedBy={messageId} onPress={onContinue}>
        <Trans>Continue</Trans>
      </PromptButton>
    </div>
  );
}
