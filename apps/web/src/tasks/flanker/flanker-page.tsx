import {
  blockTrialCount,
  type Config,
  type Display,
  flankerTask,
  trialPeriodMs,
} from '@cogni/domain/tasks/flanker';
import { lazy, useMemo } from 'react';
import { TaskPage } from '../../components/task/task-page';
import { minutesText } from '../../lib/minutes-text';
import type { ResponseMode } from '../../lib/task-runtime/response-mode';
import { type RunSource, resolveRunConfig } from '../../lib/task-runtime/run-source';
import { ArrowRow } from './arrow-row';
import './flanker.css';

const loadRunner = () => import('./flanker-runner');
const FlankerRunner = lazy(loadRunner);

export default function FlankerPage({ source }: { source: RunSource }) {
  const { config, error } = useMemo(() => resolveRunConfig(flankerTask.settings, source), [source]);
  const duration = config ? ` It takes about ${minutesText(flankerTask.estimateMs(config))}.` : '';
  return (
    <TaskPage
      title="Flanker"
      summary={`A test of keeping your attention on one arrow among others.${duration}`}
      keysLabel="← and → (or F and J)"
      instructions={(mode) => config && <Instructions mode={mode} config={config} />}
      Runner={FlankerRunner}
      preloadRunner={loadRunner}
      source={source}
      configError={error}
    />
  );
}

/** One example display with what to answer. */
function Example(props: { display: Display; caption: string; answer: string }) {
  return (
    <figure className="flanker-example">
      <ArrowRow display={props.display} />
      <figcaption>
        <strong>{props.answer}</strong> <span>{props.caption}</span>
      </figcaption>
    </figure>
  );
}

function Instructions(props: { mode: ResponseMode; config: Config }) {
  const { mode, config } = props;
  const practice = blockTrialCount(config, 'practice');
  const test = blockTrialCount(config, 'test');
  const answer =
    mode === 'keyboard' ? (
      <>
        press <kbd>←</kbd> (or <kbd>F</kbd>) if it points left and <kbd>→</kbd> (or <kbd>J</kbd>) if
        it points right
      </>
    ) : (
      <>tap the Left or Right button at the bottom of the screen</>
    );
  return (
    <>
      <ol className="task-instructions__list">
        <li>
          Five arrows appear in a row in the middle of the screen. Look at the{' '}
          <strong>middle</strong> arrow only, and {answer}, as fast as you can without making
          mistakes.
        </li>
        <li>The other four arrows sometimes point the other way. Do not let them lead you.</li>
      </ol>
      <div className="task-example flanker-examples">
        <Example display=">>>>>" answer="Right" caption="all point the same way" />
        <Example display="<<><<" answer="Right" caption="the middle one points the other way" />
      </div>
      <ol className="task-instructions__list" start={3}>
        {practice > 0 && (
          <li>
            First you practise: {practice} trials, and after each one you are told whether you were
            right.
          </li>
        )}
        <li>
          Then the real task: {test} trials, about{' '}
          {minutesText(test * trialPeriodMs(config, 'test'))}, without feedback. A cross shows
          between the arrows; they keep coming at a steady pace whether you answer or not.
        </li>
        <li>
          {mode === 'keyboard'
            ? 'Keep your fingers on the arrow keys (or on F and J) of a physical keyboard, and find'
            : 'Hold the device so both thumbs rest over the two buttons, and find'}{' '}
          a quiet place where you will not be interrupted.
        </li>
      </ol>
    </>
  );
}
