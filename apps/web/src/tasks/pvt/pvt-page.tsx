import { type Config, pvtTask, resolveConfig } from '@cogni/domain/tasks/pvt';
import { lazy, useMemo } from 'react';
import { TaskPage } from '../../components/task/task-page';
import { minutesText } from '../../lib/minutes-text';
import type { ResponseMode } from '../../lib/task-runtime/response-mode';
import { type RunSource, resolveRunConfig } from '../../lib/task-runtime/run-source';
import { formatDuration } from './labels';
import './pvt.css';

const loadRunner = () => import('./pvt-runner');
const PvtRunner = lazy(loadRunner);

export default function PvtPage({ source }: { source: RunSource }) {
  const { config, error } = useMemo(() => resolveRunConfig(pvtTask.settings, source), [source]);
  const duration = config ? ` It takes about ${minutesText(pvtTask.estimateMs(config))}.` : '';
  return (
    <TaskPage
      title="PVT: reaction time"
      summary={`A test of how quickly and steadily you react.${duration}`}
      keysLabel="Space"
      touchLabel="Tap the screen"
      touchHint="Anywhere on the dark area"
      instructions={(mode) => config && <Instructions mode={mode} config={config} />}
      Runner={PvtRunner}
      preloadRunner={loadRunner}
      source={source}
      configError={error}
    />
  );
}

function Instructions({ mode, config }: { mode: ResponseMode; config: Config }) {
  const params = resolveConfig(config);
  const respond =
    mode === 'keyboard' ? (
      <>
        press <kbd>Space</kbd>
      </>
    ) : (
      'tap the dark area of the screen'
    );
  return (
    <>
      <ol className="task-instructions__list">
        <li>A red counter will appear at random times in a dark box.</li>
        <li>As soon as it appears, {respond} as fast as you can. The counter stops.</li>
        <li>
          Do <strong>not</strong> respond before it appears: you will see “Too soon!” and wait
          again.
        </li>
        <li>Your reaction time is shown for a moment after each response.</li>
        <li>
          {params.habituationTrials > 0
            ? `A few practice counters come first, then the test, without a break. `
            : ''}
          The test lasts {formatDuration(params.durationMs)}: stay with it to the end.
        </li>
      </ol>
      <div className="task-example pvt-example" aria-hidden="true">
        <span className="pvt-example__counter">000</span>
      </div>
      <ol className="task-instructions__list" start={6}>
        <li>
          {mode === 'keyboard'
            ? 'Keep a finger on the Space bar of a physical keyboard, and find'
            : 'Hold the device so a finger rests over the dark area, and find'}{' '}
          a quiet place where you will not be interrupted. The screen stays on during the test.
        </li>
      </ol>
    </>
  );
}
