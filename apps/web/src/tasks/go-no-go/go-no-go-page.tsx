import {
  type Config,
  getBlockCounts,
  getBlockTrialCount,
  getPracticeCorrectNeeded,
  getTrialPeriodMs,
  goNoGoTask,
} from '@cogni/domain/tasks/go-no-go';
import { lazy, useMemo } from 'react';
import { TaskPage } from '../../components/task/task-page';
import { minutesText } from '../../lib/minutes-text';
import type { ResponseMode } from '../../lib/task-runtime/response-mode';
import { type RunSource, resolveRunConfig } from '../../lib/task-runtime/run-source';
import { describeStimulusRule } from './labels';
import './go-no-go.css';

const loadRunner = () => import('./go-no-go-runner');
const GoNoGoRunner = lazy(loadRunner);

export default function GoNoGoPage({ source }: { source: RunSource }) {
  const { config, error } = useMemo(() => resolveRunConfig(goNoGoTask.settings, source), [source]);
  const duration = config ? ` It takes about ${minutesText(goNoGoTask.estimateMs(config))}.` : '';
  return (
    <TaskPage
      title="Go/No-Go"
      summary={`A test of holding back a response.${duration}`}
      keysLabel="Space"
      instructions={(mode) => config && <Instructions mode={mode} config={config} />}
      Runner={GoNoGoRunner}
      preloadRunner={loadRunner}
      source={source}
      configError={error}
    />
  );
}

/** The test block's length at its steady pace, in ms. */
function testBlockMs(config: Config): number {
  return getBlockTrialCount(config, 'test') * getTrialPeriodMs(config, 'test');
}

function Instructions(props: { mode: ResponseMode; config: Config }) {
  const { mode, config } = props;
  const respond = mode === 'keyboard' ? 'press Space' : 'tap the Tap button';
  const practice = getBlockCounts(config, 'practice');
  const rule = describeStimulusRule(config);
  const isLetters = config.stimulusSet === 'letters-PR';
  return (
    <>
      <ol className="task-instructions__list">
        <li>
          {isLetters ? 'Letters' : 'Shapes'} appear one at a time in the middle of the screen. When
          you see <strong>{rule.go}</strong>, {respond} as fast as you can. When you see{' '}
          <strong>{rule.nogo}</strong>, do <strong>not</strong> respond.
        </li>
        <li>Most of them will be {rule.go}.</li>
      </ol>
      <div className="task-example gng-examples">
        <Example kind={rule.goId} caption="Respond" name={rule.go} />
        <Example kind={rule.nogoId} caption="Don’t respond" name={rule.nogo} />
      </div>
      <ol className="task-instructions__list" start={3}>
        <li>
          First you practise with feedback: {practice.trials} trials, and after each one you are
          told whether you were right. With fewer than {getPracticeCorrectNeeded(config)} of{' '}
          {practice.trials} right you practise again (at most {config.practiceMaxRounds}{' '}
          {config.practiceMaxRounds === 1 ? 'round' : 'rounds'}).
        </li>
        <li>
          Then the real task: {config.testTrials} trials, about {minutesText(testBlockMs(config))},
          without feedback. They keep coming at a steady pace whether you respond or not.
        </li>
        <li>
          {mode === 'keyboard'
            ? 'Keep a finger on the Space bar of a physical keyboard, and find'
            : 'Hold the device so your thumb rests over the Tap button, and find'}{' '}
          a quiet place where you will not be interrupted.
        </li>
      </ol>
    </>
  );
}

/** One stimulus drawn as the test draws it, with what to do on it. */
function Example(props: { kind: 'solid' | 'outline' | 'P' | 'R'; caption: string; name: string }) {
  const isLetter = props.kind === 'P' || props.kind === 'R';
  return (
    <figure className="gng-example">
      <span
        className={`gng-example__shape gng-example__shape--${isLetter ? 'letter' : props.kind}`}
        aria-hidden="true"
      >
        {isLetter ? props.kind : null}
      </span>
      <figcaption>
        <strong>{props.caption}</strong>
        <span className="visually-hidden">: {props.name}</span>
      </figcaption>
    </figure>
  );
}
