import { type Config, getBlockTrialCount, sartTask } from '@cogni/domain/tasks/sart';
import { lazy, useMemo } from 'react';
import { TaskPage } from '../../components/task/task-page';
import { minutesText } from '../../lib/minutes-text';
import type { ResponseMode } from '../../lib/task-runtime/response-mode';
import { type RunSource, resolveRunConfig } from '../../lib/task-runtime/run-source';
import { sartTestMs } from './labels';
import './sart.css';

const loadRunner = () => import('./sart-runner');
const SartRunner = lazy(loadRunner);

export default function SartPage({ source }: { source: RunSource }) {
  const { config, error } = useMemo(() => resolveRunConfig(sartTask.settings, source), [source]);
  const duration = config ? ` It takes about ${minutesText(sartTask.estimateMs(config))}.` : '';
  return (
    <TaskPage
      title="SART"
      summary={`Sustained Attention to Response Task: a test of keeping your attention on a simple, repetitive task.${duration}`}
      keysLabel="Space"
      touchHint="Tap one large button"
      instructions={(mode) => config && <Instructions mode={mode} config={config} />}
      Runner={SartRunner}
      preloadRunner={loadRunner}
      source={source}
      configError={error}
    />
  );
}

/** A few digits as the test shows them, in different sizes, and the mask that follows each. */
const EXAMPLE = [
  { digit: 7, size: 'small' },
  { digit: 2, size: 'large' },
  { digit: 3, size: 'middle' },
  { digit: 9, size: 'small' },
] as const;

function Instructions(props: { mode: ResponseMode; config: Config }) {
  const { mode, config } = props;
  const nogo = config.nogoDigit;
  const respond = mode === 'keyboard' ? 'Press Space' : 'Tap the Tap button';
  const example = EXAMPLE.map((item) =>
    item.digit === 3
      ? { ...item, digit: nogo }
      : item.digit === nogo
        ? { ...item, digit: 3 }
        : item,
  );
  const testTrials = getBlockTrialCount(config, 'test');
  const practiceTrials = getBlockTrialCount(config, 'practice');
  return (
    <>
      <ol className="task-instructions__list">
        <li>
          The digits 1 to 9 appear one at a time, in different sizes, each followed by a crossed
          circle.
        </li>
        <li>
          <strong>{respond}</strong> for every digit <strong>except {nogo}</strong>.
        </li>
        <li>
          When you see <strong>{nogo}</strong>, do nothing: just wait for the next digit.
        </li>
      </ol>
      <div className="task-example sart-examples">
        {example.map((item) => (
          <figure key={item.digit} className="sart-example">
            <span
              className={`sart-example__digit sart-example__digit--${item.size}`}
              aria-hidden="true"
            >
              {item.digit}
            </span>
            <figcaption>
              <span className="visually-hidden">{item.digit}: </span>
              <strong>{item.digit === nogo ? 'Don’t respond' : 'Respond'}</strong>
            </figcaption>
          </figure>
        ))}
        <figure className="sart-example">
          <svg className="sart-example__mask" viewBox="0 0 100 100" aria-hidden="true">
            <circle cx="50" cy="50" r="45" />
            <line x1="18.2" y1="18.2" x2="81.8" y2="81.8" />
            <line x1="81.8" y1="18.2" x2="18.2" y2="81.8" />
          </svg>
          <figcaption>A crossed circle after each digit</figcaption>
        </figure>
      </div>
      <ol className="task-instructions__list" start={4}>
        <li>Give equal importance to speed and accuracy.</li>
        <li>Use the index finger of your dominant hand.</li>
        {practiceTrials > 0 && (
          <li>
            First some practice: {practiceTrials} digits, and you are told when you make an error.
          </li>
        )}
        <li>
          Then the real task: {testTrials} digits, about {minutesText(sartTestMs(config))}, without
          feedback. They keep coming at a steady pace whether you respond or not.
        </li>
        <li>
          {mode === 'keyboard'
            ? 'Keep a finger on the Space bar of a physical keyboard, and find'
            : 'Hold the device so you can tap the Tap button at the bottom, and find'}{' '}
          a quiet place where you will not be interrupted.
        </li>
      </ol>
    </>
  );
}
