import { ConfigSchema, getResumePosition, PHASES, type Phase } from '@cogni/domain/tasks/stroop';
import { msg, select } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { PadButton } from '../../components/task/response-pad';
import { TaskRunLayout } from '../../components/task/task-run-layout';
import { FinishPrompt, type RunningTaskProps, TaskRunner } from '../../components/task/task-runner';
import { useTaskHost } from '../../components/task/use-task-host';
import { Button } from '../../components/ui/button';
import { i18n } from '../../lib/i18n/i18n';
import type { TaskRuntimeOptions } from '../../lib/task-runtime/engine-loop';
import type { ResponseMode } from '../../lib/task-runtime/response-mode';
import type { RunSource } from '../../lib/task-runtime/run-source';
import { PHASE_NAMES, shownStimuli, usePageStimuli } from './labels';
import { createStroopHost, stroopView } from './runtime/stroop-stage';
import { StroopScoreTiles } from './stroop-scores';

const isPhase = (phase: string): phase is Phase => (PHASES as readonly string[]).includes(phase);

/** The position after the trials done (saved or queued); null when every trial is done. */
function findStartAt({ run, saved }: Pick<RunningTaskProps, 'run' | 'saved'>) {
  const done = saved.flatMap(({ phase, trialNumber }) =>
    isPhase(phase) ? [{ phase, trialNumber }] : [],
  );
  return getResumePosition(ConfigSchema.parse(run.config), done);
}

/** The answer buttons of touch mode: one per ink, labelled with the colour's name. */
function padButtonsOf(names: ReturnType<typeof shownStimuli>['names']): readonly PadButton[] {
  return [
    { response: 'R', label: names.red, className: 'stroop-pad--red' },
    { response: 'G', label: names.green, className: 'stroop-pad--green' },
    { response: 'B', label: names.blue, className: 'stroop-pad--blue' },
  ];
}

export default function StroopRunner({ mode, source }: { mode: ResponseMode; source: RunSource }) {
  const { t } = useLingui();
  // The keys and the buttons' colour names are stimuli of the page's language, which the run
  // is taken in, put into the messages.
  const { keys, names } = usePageStimuli();
  const [redKey, greenKey, blueKey] = [keys.R, keys.G, keys.B];
  const [red, green, blue] = [names.red, names.green, names.blue];
  return (
    <TaskRunner
      testType="stroopTest"
      mode={mode}
      source={source}
      title={t`Stroop Test`}
      completedName={t`the Stroop Test`}
      instructions={
        mode === 'keyboard' ? (
          <Trans>
            Put your fingers on <kbd>{redKey}</kbd>, <kbd>{greenKey}</kbd> and <kbd>{blueKey}</kbd>.
            The test starts as soon as you press the button.
          </Trans>
        ) : (
          t`Hold the device so your thumbs reach the ${red}, ${green} and ${blue} buttons. The test starts as soon as you press the button.`
        )
      }
      describeResume={(run, saved) => {
        const at = findStartAt({ run, saved });
        if (!at) {
          return t({
            comment: 'Ends "Your test continues where it stopped"',
            message: ': all trials are done.',
          });
        }
        const { phase } = at;
        const trial = at.trialNumber + 1;
        return t({
          comment: 'Ends "Your test continues where it stopped"',
          message: `: ${select(phase, {
            sample: `Sample trial ${trial}`,
            practice: `Practice trial ${trial}`,
            other: `Test trial ${trial}`,
          })}.`,
        });
      }}
      Running={RunningTest}
      ScoreTiles={StroopScoreTiles}
    />
  );
}

/** Made once per run by useTaskHost, its feedback in the language of the page then. */
const createHost = (options: TaskRuntimeOptions) =>
  createStroopHost(options, {
    correct: i18n._(msg({ comment: 'Feedback on an answer', message: 'Correct' })),
    wrong: i18n._(msg({ comment: 'Feedback on an answer', message: 'Wrong' })),
  });

function RunningTest(props: RunningTaskProps) {
  const { t } = useLingui();
  const { run } = props;
  const config = useMemo(() => ConfigSchema.parse(run.config), [run]);
  // A run shows its own language's keys and colour names, whatever the page shows around it.
  const { keys, names } = shownStimuli(run.language);
  const [redKey, greenKey, blueKey] = [keys.R, keys.G, keys.B];
  const padButtons = useMemo(() => padButtonsOf(names), [names]);
  const { stageRef, runtime, snapshot: hostSnapshot, finishing } = useTaskHost(props, createHost);
  const snapshot = useMemo(
    () => hostSnapshot && stroopView(hostSnapshot, config),
    [hostSnapshot, config],
  );

  const kind = snapshot?.kind;
  let progress = '';
  if (snapshot?.phase && snapshot.trialNumber !== null) {
    const phase = t(PHASE_NAMES[snapshot.phase]);
    const trial = snapshot.trialNumber + 1;
    const trials = snapshot.phaseTrialCount;
    progress = t({
      comment: "Where a run stands, e.g. 'Practice · trial 3 of 12'",
      message: `${phase} · trial ${trial} of ${trials}`,
    });
  }
  return (
    <TaskRunLayout
      label={t`Stroop Test`}
      mode={props.mode}
      progress={progress}
      saveError={snapshot?.saveError}
      stageRef={stageRef}
      stageTestId="stroop-stage"
      overlay={
        <>
          {kind === 'rest' && (
            <div className="task-prompt" data-testid="rest-prompt">
              <h2>
                <Trans>Take a short break</Trans>
              </h2>
              <p>
                <Trans>Continue when you are ready.</Trans>
              </p>
              <Button autoFocus onClick={() => runtime?.begin()}>
                <Trans>Continue</Trans>
              </Button>
            </div>
          )}
          {kind === 'finished' && <FinishPrompt {...finishing} />}
        </>
      }
      pad={{ buttons: padButtons, input: runtime?.input ?? null, isActive: kind === 'stimulus' }}
      keys={
        <Trans>
          <kbd>{redKey}</kbd> red · <kbd>{greenKey}</kbd> green · <kbd>{blueKey}</kbd> blue
        </Trans>
      }
      areKeysActive={kind === 'cue' || kind === 'stimulus'}
    />
  );
}
