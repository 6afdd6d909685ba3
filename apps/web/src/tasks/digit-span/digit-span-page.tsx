import {
  type Config,
  digitSpanTask,
  getDirections,
  getSoaMs,
} from '@cogni/domain/tasks/digit-span';
import { lazy, useMemo } from 'react';
import { TaskPage } from '../../components/task/task-page';
import { minutesText } from '../../lib/minutes-text';
import type { ResponseMode } from '../../lib/task-runtime/response-mode';
import { type RunSource, resolveRunConfig } from '../../lib/task-runtime/run-source';
import { BackwardExample } from './backward-example';
import './digit-span.css';

const loadRunner = () => import('./digit-span-runner');
const DigitSpanRunner = lazy(loadRunner);

export default function DigitSpanPage({ source }: { source: RunSource }) {
  const { config, error } = useMemo(
    () => resolveRunConfig(digitSpanTask.settings, source),
    [source],
  );
  const duration = config
    ? ` It takes about ${minutesText(digitSpanTask.estimateMs(config))}.`
    : '';
  return (
    <TaskPage
      title="Digit Span"
      summary={`A test of how many digits you can hold in mind.${duration}`}
      keysLabel="1-9, Backspace and Enter"
      instructions={(mode) => config && <Instructions mode={mode} config={config} />}
      Runner={DigitSpanRunner}
      preloadRunner={loadRunner}
      source={source}
      configError={error}
    />
  );
}

/** How fast the digits come, in words: 'one a second', 'one every 0.6 seconds'. */
function digitPace(config: Pick<Config, 'digitOnMs' | 'digitOffMs'>): string {
  const seconds = Number((getSoaMs(config) / 1000).toFixed(2));
  return seconds === 1 ? 'one a second' : `one every ${seconds} seconds`;
}

/** When a direction ends, in words: 'both lists of one length are missed'. */
function missedRule(listsPerLength: number): string {
  if (listsPerLength === 1) return 'a list is missed';
  if (listsPerLength === 2) return 'both lists of one length are missed';
  return `all ${listsPerLength} lists of one length are missed`;
}

function Instructions({ mode, config }: { mode: ResponseMode; config: Config }) {
  const directions = getDirections(config);
  const hasForward = directions.includes('forward');
  const hasBackward = directions.includes('backward');
  const enter =
    mode === 'keyboard'
      ? 'type them with the digit keys and press Enter (Backspace corrects a digit)'
      : 'tap them on the keypad and tap Submit (⌫ corrects a digit)';
  return (
    <ol className="task-instructions__list">
      <li>You will see digits one at a time, {digitPace(config)}, after the word “Ready”.</li>
      <li>
        When the list ends, {enter}.{' '}
        {hasForward ? (
          <>
            First enter them in the <strong>same order</strong> as you saw them.
          </>
        ) : (
          <>
            Enter them in <strong>reverse order</strong>: if you see 3 7 2, enter 2 7 3.
          </>
        )}
      </li>
      {hasForward && hasBackward && (
        <li>
          Later you enter them in <strong>reverse order</strong>:
          <BackwardExample />
        </li>
      )}
      <li>Do not write the digits down or say them aloud.</li>
      <li>
        The lists get longer as you go, and stop when {missedRule(config.trialsPerLength)}. It is
        fine not to remember them all.
      </li>
      {config.practiceMaxTries > 0 && (
        <li>Each part starts with a short practice list, and you are shown the right answer.</li>
      )}
    </ol>
  );
}
