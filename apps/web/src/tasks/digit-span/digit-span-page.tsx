import {
  type Config,
  digitSpanTask,
  getDirections,
  getSoaMs,
} from '@cogni/domain/tasks/digit-span';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const { config, error } = useMemo(
    () => resolveRunConfig(digitSpanTask.settings, source),
    [source],
  );
  const duration = config ? minutesText(digitSpanTask.estimateMs(config)) : null;
  return (
    <TaskPage
      title={t`Digit Span`}
      summary={
        duration
          ? t`A test of how many digits you can hold in mind. It takes about ${duration}.`
          : t`A test of how many digits you can hold in mind.`
      }
      keysLabel={t({
        comment: 'The keys of the Digit Span test',
        message: '1-9, Backspace and Enter',
      })}
      instructions={(mode) => config && <Instructions mode={mode} config={config} />}
      Runner={DigitSpanRunner}
      preloadRunner={loadRunner}
      source={source}
      configError={error}
    />
  );
}

function Instructions({ mode, config }: { mode: ResponseMode; config: Config }) {
  const { t, i18n } = useLingui();
  const directions = getDirections(config);
  const hasForward = directions.includes('forward');
  const hasBackward = directions.includes('backward');
  // How fast the digits come: one a second, or one every 0.6 seconds.
  const soaSeconds = Number((getSoaMs(config) / 1000).toFixed(2));
  const seconds = i18n.number(soaSeconds);
  const lists = config.trialsPerLength;
  return (
    <ol className="task-instructions__list">
      <li>
        {soaSeconds === 1
          ? t({
              comment: '“Ready” is the word the test shows before each list',
              message: 'You will see digits one at a time, one a second, after the word “Ready”.',
            })
          : t({
              comment: '“Ready” is the word the test shows before each list',
              message: `You will see digits one at a time, one every ${seconds} seconds, after the word “Ready”.`,
            })}
      </li>
      <li>
        {mode === 'keyboard' ? (
          <Trans>
            When the list ends, type them with the digit keys and press Enter (Backspace corrects a
            digit).
          </Trans>
        ) : (
          <Trans>
            When the list ends, tap them on the keypad and tap Submit (⌫ corrects a digit).
          </Trans>
        )}{' '}
        {hasForward ? (
          <Trans>
            First enter them in the <strong>same order</strong> as you saw them.
          </Trans>
        ) : (
          <Trans>
            Enter them in <strong>reverse order</strong>: if you see 3 7 2, enter 2 7 3.
          </Trans>
        )}
      </li>
      {hasForward && hasBackward && (
        <li>
          <Trans>
            Later you enter them in <strong>reverse order</strong>:
          </Trans>
          <BackwardExample />
        </li>
      )}
      <li>
        <Trans>Do not write the digits down or say them aloud.</Trans>
      </li>
      <li>
        {t`The lists get longer as you go, and stop when ${plural(lists, {
          1: 'a list is missed',
          2: 'both lists of one length are missed',
          other: 'all # lists of one length are missed',
        })}. It is fine not to remember them all.`}
      </li>
      {config.practiceMaxTries > 0 && (
        <li>
          <Trans>
            Each part starts with a short practice list, and you are shown the right answer.
          </Trans>
        </li>
      )}
    </ol>
  );
}
