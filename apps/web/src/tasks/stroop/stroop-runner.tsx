import { ConfigSchema, getResumePosition, PHASES, type Phase } from '@cogni/domain/tasks/stroop';
import { useMemo } from 'react';
import type { PadButton } from '../../components/task/response-pad';
import { TaskRunLayout } from '../../components/task/task-run-layout';
import { FinishPrompt, type RunningTaskProps, TaskRunner } from '../../components/task/task-runner';
import { useTaskHost } from '../../components/task/use-task-host';
import { Button } from '../../components/ui/button';
import type { TaskRuntimeOptions } from '../../lib/task-runtime/engine-loop';
import type { ResponseMode } from '../../lib/task-runtime/response-mode';
import type { RunSource } from '../../lib/task-runtime/run-source';
import { PHASE_NAMES } from './labels';
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
const PAD_BUTTONS: readonly PadButton[] = [
  { response: 'R', label: 'Red', className: 'stroop-pad--red' },
  { response: 'G', label: 'Green', className: 'stroop-pad--green' },
  { response: 'B', label: 'Blue', className: 'stroop-pad--blue' },
];

export default function StroopRunner({ mode, source }: { mode: ResponseMode; source: RunSource }) {
  return (
    <TaskRunner
      testType="stroopTest"
      mode={mode}
      source={source}
      title="Stroop Test"
      completedName="the Stroop Test"
      instructions={
        <>
          {mode === 'keyboard' ? (
            <>
              Put your fingers on <kbd>R</kbd>, <kbd>G</kbd> and <kbd>B</kbd>.
            </>
          ) : (
            'Hold the device so your thumbs reach the Red, Green and Blue buttons.'
          )}{' '}
          The test starts as soon as you press the button.
        </>
      }
      describeResume={(run, saved) => {
        const at = findStartAt({ run, saved });
        return at
          ? `: ${PHASE_NAMES[at.phase]} trial ${at.trialNumber + 1}.`
          : ': all trials are done.';
      }}
      Running={RunningTest}
      ScoreTiles={StroopScoreTiles}
    />
  );
}

/** Made once per run by useTaskHost. */
const createHost = (options: TaskRuntimeOptions) => createStroopHost(options);

function RunningTest(props: RunningTaskProps) {
  const { run } = props;
  const config = useMemo(() => ConfigSchema.parse(run.config), [run]);
  const { stageRef, runtime, snapshot: hostSnapshot, finishing } = useTaskHost(props, createHost);
  const snapshot = useMemo(
    () => hostSnapshot && stroopView(hostSnapshot, config),
    [hostSnapshot, config],
  );

  const kind = snapshot?.kind;
  return (
    <TaskRunLayout
      label="Stroop Test"
      mode={props.mode}
      progress={
        snapshot?.phase && snapshot.trialNumber !== null
          ? `${PHASE_NAMES[snapshot.phase]} · trial ${snapshot.trialNumber + 1} of ${snapshot.phaseTrialCount}`
          : ''
      }
      saveError={snapshot?.saveError}
      stageRef={stageRef}
      stageTestId="stroop-stage"
      overlay={
        <>
          {kind === 'rest' && (
            <div className="task-prompt" data-testid="rest-prompt">
              <h2>Take a short break</h2>
              <p>Continue when you are ready.</p>
              <Button autoFocus onClick={() => runtime?.begin()}>
                Continue
              </Button>
            </div>
          )}
          {kind === 'finished' && <FinishPrompt {...finishing} />}
        </>
      }
      pad={{ buttons: PAD_BUTTONS, input: runtime?.input ?? null, isActive: kind === 'stimulus' }}
      keys={
        <>
          <kbd>R</kbd> red · <kbd>G</kbd> green · <kbd>B</kbd> blue
        </>
      }
      areKeysActive={kind === 'cue' || kind === 'stimulus'}
    />
  );
}
