import {
  blockTrialCount,
  type Config,
  type Display,
  flankerTask,
  trialPeriodMs,
} from '@cogni/domain/tasks/flanker';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const { config, error } = useMemo(() => resolveRunConfig(flankerTask.settings, source), [source]);
  const duration = config ? minutesText(flankerTask.estimateMs(config)) : null;
  return (
    <TaskPage
      title={t({ comment: "the flanker test's name", message: 'Flanker' })}
      summary={
        duration
          ? t`A test of keeping your attention on one arrow among others. It takes about ${duration}.`
          : t`A test of keeping your attention on one arrow among others.`
      }
      keysLabel={t({
        comment: 'The response keys of the flanker test',
        message: '← and → (or F and J)',
      })}
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
  const { t } = useLingui();
  const { mode, config } = props;
  const practice = blockTrialCount(config, 'practice');
  const test = blockTrialCount(config, 'test');
  const minutes = minutesText(test * trialPeriodMs(config, 'test'));
  const right = t({
    comment: 'the answer to an example: the middle arrow points right',
    message: 'Right',
  });
  return (
    <>
      <ol className="task-instructions__list">
        <li>
          {mode === 'keyboard' ? (
            <Trans>
              Five arrows appear in a row in the middle of the screen. Look at the{' '}
              <strong>middle</strong> arrow only, and press <kbd>←</kbd> (or <kbd>F</kbd>) if it
              points left and <kbd>→</kbd> (or <kbd>J</kbd>) if it points right, as fast as you can
              without making mistakes.
            </Trans>
          ) : (
            <Trans>
              Five arrows appear in a row in the middle of the screen. Look at the{' '}
              <strong>middle</strong> arrow only, and tap the Left or Right button at the bottom of
              the screen, as fast as you can without making mistakes.
            </Trans>
          )}
        </li>
        <li>
          <Trans>
            The other four arrows sometimes point the other way. Do not let them lead you.
          </Trans>
        </li>
      </ol>
      <div className="task-example flanker-examples">
        <Example display=">>>>>" answer={right} caption={t`all point the same way`} />
        <Example display="<<><<" answer={right} caption={t`the middle one points the other way`} />
      </div>
      <ol className="task-instructions__list" start={3}>
        {practice > 0 && (
          <li>
            {t`First you practise: ${plural(practice, { one: '# trial', other: '# trials' })}, and after each one you are told whether you were right.`}
          </li>
        )}
        <li>
          {t`Then the real task: ${plural(test, { one: '# trial', other: '# trials' })}, about ${minutes}, without feedback. A cross shows between the arrows; they keep coming at a steady pace whether you answer or not.`}
        </li>
        <li>
          {mode === 'keyboard' ? (
            <Trans>
              Keep your fingers on the arrow keys (or on F and J) of a physical keyboard, and find a
              quiet place where you will not be interrupted.
            </Trans>
          ) : (
            <Trans>
              Hold the device so both thumbs rest over the two buttons, and find a quiet place where
              you will not be interrupted.
            </Trans>
          )}
        </li>
      </ol>
    </>
  );
}
