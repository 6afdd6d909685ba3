import { type Config, stroopTask } from '@cogni/domain/tasks/stroop';
import { lazy, useMemo } from 'react';
import { TaskPage } from '../../components/task/task-page';
import { minutesText } from '../../lib/minutes-text';
import type { ResponseMode } from '../../lib/task-runtime/response-mode';
import { type RunSource, resolveRunConfig } from '../../lib/task-runtime/run-source';
import './stroop.css';

const loadRunner = () => import('./stroop-runner');
const StroopRunner = lazy(loadRunner);

export default function StroopPage({ source }: { source: RunSource }) {
  const { config, error } = useMemo(() => resolveRunConfig(stroopTask.settings, source), [source]);
  const duration = config ? ` It takes about ${minutesText(stroopTask.estimateMs(config))}.` : '';
  return (
    <TaskPage
      title="Stroop Test"
      summary={`A cued task-switching test.${duration}`}
      keysLabel="R, G and B"
      instructions={(mode) => config && <Instructions mode={mode} config={config} />}
      Runner={StroopRunner}
      preloadRunner={loadRunner}
      source={source}
      configError={error}
    />
  );
}

function Instructions({ mode, config }: { mode: ResponseMode; config: Config }) {
  return (
    <>
      <ol className="task-instructions__list">
        <li>
          Each trial starts with a cue word. <strong>Color</strong> means answer the{' '}
          <em>ink colour</em> of the word that follows; <strong>Word</strong> means answer what the
          word <em>says</em>.
        </li>
        {mode === 'keyboard' ? (
          <li>
            Answer with the keys <kbd>R</kbd> for red, <kbd>G</kbd> for green and <kbd>B</kbd> for
            blue.
          </li>
        ) : (
          <li>
            Answer by tapping the <strong>Red</strong>, <strong>Green</strong> or{' '}
            <strong>Blue</strong> button at the bottom of the screen.
          </li>
        )}
        <li>
          You start with {trials(config.sampleTrials, 'sample')} and{' '}
          {trials(config.practiceTrials, 'practice')}, both with feedback, then{' '}
          {trials(config.testTrials, 'test')} without feedback.
        </li>
        {config.restBreakEveryTrials < config.testTrials && (
          <li>
            You can rest every {trials(config.restBreakEveryTrials, 'test')}; continue when you are
            ready.
          </li>
        )}
        <li>Answer as fast and as accurately as you can.</li>
        <li>
          {mode === 'keyboard'
            ? 'Use a physical keyboard, and find'
            : 'Hold the device so your thumbs reach the buttons, and find'}{' '}
          a quiet place where you will not be interrupted.
        </li>
      </ol>
      <div className="task-example" aria-hidden="true">
        <span className="example__cue">Color</span>
        <span className="example__word">GREEN</span>
        <span className="example__answer">
          answer {mode === 'keyboard' ? <kbd>R</kbd> : <strong>Red</strong>}
        </span>
      </div>
      <p className="visually-hidden">
        Example: after the cue Color, the word GREEN printed in red ink is answered with{' '}
        {mode === 'keyboard' ? 'R' : 'the Red button'}.
      </p>
    </>
  );
}

/** '1 test trial', '20 test trials'. */
function trials(count: number, kind: string): string {
  return `${count} ${kind} ${count === 1 ? 'trial' : 'trials'}`;
}
