import type { Run, SavedTrial } from '@cogni/domain';
import {
  type Config,
  ConfigSchema,
  getNextPosition,
  type Position,
  problemCounts,
  showsMoves,
} from '@cogni/domain/tasks/tower-of-hanoi';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useMemo } from 'react';
import { BlockIntroPrompt } from '../../components/task/block-intro-prompt';
import { SaveStatus } from '../../components/task/save-status';
import { FinishPrompt, type RunningTaskProps, TaskRunner } from '../../components/task/task-runner';
import { useTaskHost } from '../../components/task/use-task-host';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { i18n } from '../../lib/i18n/i18n';
import type { TaskRuntimeOptions } from '../../lib/task-runtime/engine-loop';
import type { ResponseMode } from '../../lib/task-runtime/response-mode';
import type { RunSource } from '../../lib/task-runtime/run-source';
import { TRIAL_NOT_STORED } from '../../lib/task-runtime/task-host';
import { END_REASON_TEXT, formatLimit, movesText } from './labels';
import { isTowerOfHanoiRestartPending } from './runtime/open-problem';
import {
  createTowerOfHanoiHost,
  type TowerOfHanoiHost,
  type TowerOfHanoiView,
  towerOfHanoiView,
} from './runtime/tower-of-hanoi-stage';
import { TowerOfHanoiScoreTiles } from './scores';
import './tower-of-hanoi.css';

const configOf = (run: Run): Config => ConfigSchema.parse(run.config);

export default function TowerOfHanoiRunner({
  mode,
  source,
}: {
  mode: ResponseMode;
  source: RunSource;
}) {
  const { t } = useLingui();
  return (
    <TaskRunner
      testType="towerOfHanoiTest"
      mode={mode}
      source={source}
      title={t`Tower of Hanoi`}
      completedName={t({
        comment: 'the test, as in "Thank you for completing the Tower of Hanoi."',
        message: 'the Tower of Hanoi',
      })}
      instructions={
        mode === 'keyboard'
          ? t`Keep your fingers near 1, 2 and 3 (or the arrow keys and Enter). The practice problem starts when you press the button.`
          : t`Hold the device so you can tap all three pegs. The practice problem starts when you press the button.`
      }
      describeResume={(run, saved) => {
        const next = getNextPosition(configOf(run), saved);
        if (!next) {
          return t({
            comment: 'ends "Welcome back. Your test continues where it stopped"',
            message: ': all problems are done.',
          });
        }
        const restarting = isTowerOfHanoiRestartPending(run.id, next);
        const problem = next.trialNumber + 1;
        if (next.phase === 'practice') {
          return restarting
            ? t({
                comment: 'ends "Welcome back. Your test continues where it stopped"',
                message: ': practice, from its start.',
              })
            : t({
                comment: 'ends "Welcome back. Your test continues where it stopped"',
                message: ': practice.',
              });
        }
        return restarting
          ? t({
              comment: 'ends "Welcome back. Your test continues where it stopped"',
              message: `: problem ${problem}, from its start.`,
            })
          : t({
              comment: 'ends "Welcome back. Your test continues where it stopped"',
              message: `: problem ${problem}.`,
            });
      }}
      Running={RunningTest}
      ScoreTiles={TowerOfHanoiScoreTiles}
    />
  );
}

/** Where the run stands: 'Problem 3 of 13 · 2 moves'. */
function progressText(snapshot: TowerOfHanoiView | null, config: Config): string {
  if (snapshot?.kind !== 'problem' || !snapshot.position) return '';
  const { test } = problemCounts(config);
  const { position, attempt } = snapshot;
  const problem = position.trialNumber + 1;
  const parts = [
    position.phase === 'practice'
      ? i18n._(msg`Practice problem`)
      : i18n._(msg`Problem ${problem} of ${test}`),
    movesText(snapshot.moves),
  ];
  const attempts = config.maxAttempts;
  if (attempts > 1) parts.push(i18n._(msg`attempt ${attempt} of ${attempts}`));
  return parts.join(' · ');
}

/** Made once per run by useTaskHost. */
const createHost = (options: TaskRuntimeOptions) => createTowerOfHanoiHost(options);

/**
 * A new run goes on at once: the participant has just read the instructions and pressed 'Ready
 * ... Set ... Go!'. A resumed run shows where it goes on first, and so does a run whose first
 * problem was begun before a reload (it starts again, and the intro says so).
 */
function beginIfNew(runtime: TowerOfHanoiHost, saved: readonly SavedTrial[]) {
  const { prompt } = runtime.getSnapshot();
  const restarting = prompt?.kind === 'intro' && prompt.restarting;
  if (saved.length === 0 && !restarting) runtime.begin(true);
}

function RunningTest(props: RunningTaskProps) {
  const { t } = useLingui();
  const { run, mode } = props;
  const config = useMemo(() => configOf(run), [run]);
  const {
    stageRef,
    runtime,
    snapshot: hostSnapshot,
    finishing,
  } = useTaskHost(props, createHost, beginIfNew);
  const snapshot = useMemo(
    () => hostSnapshot && towerOfHanoiView(hostSnapshot, config),
    [hostSnapshot, config],
  );
  const kind = snapshot?.kind;
  const isTouch = mode === 'touch';
  // The outbox's own message if it gave one (as TaskRunLayout shows it).
  const saveError =
    snapshot?.saveError === TRIAL_NOT_STORED
      ? t`This trial could not be stored`
      : snapshot?.saveError;
  return (
    <section
      className={`task-run toh-run${isTouch ? ' toh-run--touch' : ''}`}
      aria-label={t`Tower of Hanoi`}
    >
      <div className="task-run__bar">
        <p className="task-progress" aria-live="off" data-testid="toh-progress">
          {progressText(snapshot, config) || ' '}
        </p>
        <SaveStatus className="task-save-status" />
      </div>
      {saveError && <Alert variant="error">{saveError}</Alert>}
      <div className="task-stage-frame">
        <div className="task-stage toh-stage" ref={stageRef} data-testid="toh-stage" />
        {kind === 'intro' && snapshot?.position && runtime && (
          <PhaseIntro
            next={snapshot.position}
            resumed={snapshot.resumed}
            restarting={snapshot.restarting}
            config={config}
            mode={mode}
            onBegin={() => runtime.begin()}
          />
        )}
        {kind === 'result' && snapshot?.result && runtime && (
          <Result result={snapshot.result} config={config} onContinue={() => runtime.begin()} />
        )}
        {kind === 'finished' && <FinishPrompt {...finishing} />}
      </div>
      <p className="task-keys toh-keys" aria-hidden={kind !== 'problem'}>
        {isTouch ? (
          <Trans>
            Tap a peg to lift its top disc, then tap the peg to put it on (or drag it there).
          </Trans>
        ) : (
          <Trans>
            <kbd>1</kbd> <kbd>2</kbd> <kbd>3</kbd> lift and put down · or <kbd>←</kbd> <kbd>→</kbd>{' '}
            and <kbd>Enter</kbd> · <kbd>Esc</kbd> puts a disc back
          </Trans>
        )}
      </p>
      <p role="status" className="visually-hidden" data-testid="toh-announcement">
        {snapshot?.announcement.text && (
          <span key={snapshot.announcement.key}>{snapshot.announcement.text}</span>
        )}
      </p>
    </section>
  );
}

/**
 * Before the practice, before the test, and where a resumed run goes on: with a problem begun
 * before a reload, that it starts again from the beginning.
 */
function PhaseIntro(props: {
  next: Position;
  resumed: boolean;
  restarting: boolean;
  config: Config;
  mode: ResponseMode;
  onBegin: () => void;
}) {
  const { t } = useLingui();
  const { next, resumed, restarting, config } = props;
  const { test } = problemCounts(config);
  const lines: string[] = [];
  let title: string;
  if (next.phase === 'practice') {
    title = t`Practice`;
    lines.push(t`Move the discs so that your pegs look like the goal drawn above them.`);
  } else {
    title = t`The test`;
    if (test === 1) {
      lines.push(t`One problem. Plan before your first move, and use as few moves as you can.`);
    } else if (config.problemSet === 'bishop') {
      lines.push(
        t`${test} problems, getting harder as you go. Plan before your first move, and use as few moves as you can.`,
      );
    } else {
      lines.push(
        t`${test} problems. Plan before your first move, and use as few moves as you can.`,
      );
    }
    const limit = formatLimit(config.timeLimitS);
    lines.push(t`You have ${limit} for each problem.`);
  }
  const problem = next.trialNumber + 1;
  if (restarting) {
    lines.unshift(
      next.phase === 'practice'
        ? t`Welcome back: the practice problem starts again from the beginning.`
        : t`Welcome back: problem ${problem} starts again from the beginning.`,
    );
  } else if (resumed) {
    lines.unshift(
      next.phase === 'practice'
        ? t`Welcome back: the run goes on with the practice problem.`
        : t`Welcome back: the run goes on with problem ${problem}.`,
    );
  }
  return (
    <BlockIntroPrompt
      title={title}
      lines={lines}
      actionLabel={
        resumed || restarting
          ? t`Continue`
          : next.phase === 'practice'
            ? t`Start practice`
            : t`Start the test`
      }
      onAction={props.onBegin}
    />
  );
}

/** After a problem: solved or not, and (in practice, or with test feedback) the moves it took. */
function Result({
  result,
  config,
  onContinue,
}: {
  result: NonNullable<TowerOfHanoiView['result']>;
  config: Config;
  onContinue: () => void;
}) {
  const { t } = useLingui();
  const messageId = useId();
  const { trial, next } = result;
  const showMoves = showsMoves(config, trial.phase);
  let message: string;
  if (trial.solved) {
    const { moves, minMoves } = trial;
    message = showMoves
      ? t`Solved in ${plural(moves, { one: '# move', other: '# moves' })}. The fewest possible is ${minMoves}.`
      : t`Solved.`;
  } else {
    const reason = t(END_REASON_TEXT[trial.endReason]);
    message = t`${reason}: this problem is not solved.`;
  }
  const action =
    next === null ? t`Finish` : next.phase !== trial.phase ? t`Continue` : t`Next problem`;
  return (
    <div className="task-prompt toh-result" data-testid="toh-result" data-solved={trial.solved}>
      <h2 className={`task-feedback task-feedback--${trial.solved ? 'correct' : 'wrong'}`}>
        {trial.solved
          ? trial.moves === trial.minMoves && showMoves
            ? t`Well done`
            : t`Solved`
          : t`Not solved`}
      </h2>
      <div id={messageId}>
        <p>{message}</p>
      </div>
      <Button autoFocus aria-describedby={messageId} onClick={onContinue}>
        {action}
      </Button>
    </div>
  );
}
