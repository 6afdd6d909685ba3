import { type Config, getBlockTrialCount, sartTask } from '@cogni/domain/tasks/sart';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const { config, error } = useMemo(() => resolveRunConfig(sartTask.settings, source), [source]);
  const duration = config ? minutesText(sartTask.estimateMs(config)) : null;
  return (
    <TaskPage
      // i18n-ignore: the test's name, SART in every language
      title="SART"
      summary={
        duration
          ? t`Sustained Attention to Response Task: a test of keeping your attention on a simple, repetitive task. It takes about ${duration}.`
          : t`Sustained Attention to Response Task: a test of keeping your attention on a simple, repetitive task.`
      }
      keysLabel={t({
        comment: 'the key the test is answered with: the Space bar',
        message: 'Space',
      })}
      touchHint={t`Tap one large button`}
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
  const { t } = useLingui();
  const nogo = config.nogoDigit;
  const example = EXAMPLE.map((item) =>
    item.digit === 3
      ? { ...item, digit: nogo }
      : item.digit === nogo
        ? { ...item, digit: 3 }
        : item,
  );
  const testTrials = getBlockTrialCount(config, 'test');
  const practiceTrials = getBlockTrialCount(config, 'practice');
  const duration = minutesText(sartTestMs(config));
  return (
    <>
      <ol className="task-instructions__list">
        <li>
          <Trans>
            The digits 1 to 9 appear one at a time, in different sizes, each followed by a crossed
            circle.
          </Trans>
        </li>
        <li>
          {mode === 'keyboard' ? (
            <Trans>
              <strong>Press Space</strong> for every digit <strong>except {nogo}</strong>.
            </Trans>
          ) : (
            <Trans>
              <strong>Tap the Tap button</strong> for every digit <strong>except {nogo}</strong>.
            </Trans>
          )}
        </li>
        <li>
          <Trans>
            When you see <strong>{nogo}</strong>, do nothing: just wait for the next digit.
          </Trans>
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
              <strong>{item.digit === nogo ? t`Don’t respond` : t`Respond`}</strong>
            </figcaption>
          </figure>
        ))}
        <figure className="sart-example">
          <svg className="sart-example__mask" viewBox="0 0 100 100" aria-hidden="true">
            <circle cx="50" cy="50" r="45" />
            <line x1="18.2" y1="18.2" x2="81.8" y2="81.8" />
            <line x1="81.8" y1="18.2" x2="18.2" y2="81.8" />
          </svg>
          <figcaption>
            <Trans>A crossed circle after each digit</Trans>
          </figcaption>
        </figure>
      </div>
      <ol className="task-instructions__list" start={4}>
        <li>
          <Trans>Give equal importance to speed and accuracy.</Trans>
        </li>
        <li>
          <Trans>Use the index finger of your dominant hand.</Trans>
        </li>
        {practiceTrials > 0 && (
          <li>
            <Plural
              value={practiceTrials}
              one="First some practice: # digit, and you are told when you make an error."
              other="First some practice: # digits, and you are told when you make an error."
            />
          </li>
        )}
        <li>
          <Plural
            value={testTrials}
            one={`Then the real task: # digit, about ${duration}, without feedback. They keep coming at a steady pace whether you respond or not.`}
            other={`Then the real task: # digits, about ${duration}, without feedback. They keep coming at a steady pace whether you respond or not.`}
          />
        </li>
        <li>
          {mode === 'keyboard' ? (
            <Trans>
              Keep a finger on the Space bar of a physical keyboard, and find a quiet place where
              you will not be interrupted.
            </Trans>
          ) : (
            <Trans>
              Hold the device so you can tap the Tap button at the bottom, and find a quiet place
              where you will not be interrupted.
            </Trans>
          )}
        </li>
      </ol>
    </>
  );
}
