import { type Config, pvtTask, resolveConfig } from '@cogni/domain/tasks/pvt';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const { config, error } = useMemo(() => resolveRunConfig(pvtTask.settings, source), [source]);
  const duration = config ? minutesText(pvtTask.estimateMs(config)) : null;
  return (
    <TaskPage
      title={t`PVT: reaction time`}
      summary={
        duration
          ? t`A test of how quickly and steadily you react. It takes about ${duration}.`
          : t`A test of how quickly and steadily you react.`
      }
      keysLabel={t({
        comment: 'the key the test is answered with: the Space bar',
        message: 'Space',
      })}
      touchLabel={t`Tap the screen`}
      touchHint={t`Anywhere on the dark area`}
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
  const duration = formatDuration(params.durationMs);
  return (
    <>
      <ol className="task-instructions__list">
        <li>
          <Trans>A red counter will appear at random times in a dark box.</Trans>
        </li>
        <li>
          {mode === 'keyboard' ? (
            <Trans>
              As soon as it appears, press <kbd>Space</kbd> as fast as you can. The counter stops.
            </Trans>
          ) : (
            <Trans>
              As soon as it appears, tap the dark area of the screen as fast as you can. The counter
              stops.
            </Trans>
          )}
        </li>
        <li>
          <Trans>
            Do <strong>not</strong> respond before it appears: you will see “Too soon!” and wait
            again.
          </Trans>
        </li>
        <li>
          <Trans>Your reaction time is shown for a moment after each response.</Trans>
        </li>
        <li>
          {params.habituationTrials > 0 ? (
            <Trans>
              A few practice counters come first, then the test, without a break. The test lasts{' '}
              {duration}: stay with it to the end.
            </Trans>
          ) : (
            <Trans>The test lasts {duration}: stay with it to the end.</Trans>
          )}
        </li>
      </ol>
      <div className="task-example pvt-example" aria-hidden="true">
        <span className="pvt-example__counter">000</span>
      </div>
      <ol className="task-instructions__list" start={6}>
        <li>
          {mode === 'keyboard' ? (
            <Trans>
              Keep a finger on the Space bar of a physical keyboard, and find a quiet place where
              you will not be interrupted. The screen stays on during the test.
            </Trans>
          ) : (
            <Trans>
              Hold the device so a finger rests over the dark area, and find a quiet place where you
              will not be interrupted. The screen stays on during the test.
            </Trans>
          )}
        </li>
      </ol>
    </>
  );
}
