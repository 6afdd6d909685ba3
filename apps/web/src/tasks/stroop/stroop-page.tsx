import { type Config, stroopTask } from '@cogni/domain/tasks/stroop';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, useMemo } from 'react';
import { TaskPage } from '../../components/task/task-page';
import { minutesText } from '../../lib/minutes-text';
import type { ResponseMode } from '../../lib/task-runtime/response-mode';
import { type RunSource, resolveRunConfig } from '../../lib/task-runtime/run-source';
import { usePageStimuli } from './labels';
import './stroop.css';

const loadRunner = () => import('./stroop-runner');
const StroopRunner = lazy(loadRunner);

export default function StroopPage({ source }: { source: RunSource }) {
  const { t } = useLingui();
  // The keys are stimuli of the page's language, put into the messages.
  const { keys } = usePageStimuli();
  const [redKey, greenKey, blueKey] = [keys.R, keys.G, keys.B];
  const { config, error } = useMemo(() => resolveRunConfig(stroopTask.settings, source), [source]);
  const duration = config ? minutesText(stroopTask.estimateMs(config)) : null;
  return (
    <TaskPage
      title={t`Stroop Test`}
      summary={
        duration
          ? t`A cued task-switching test. It takes about ${duration}.`
          : t`A cued task-switching test.`
      }
      keysLabel={t({
        comment: 'The three response keys of the Stroop test',
        message: `${redKey}, ${greenKey} and ${blueKey}`,
      })}
      instructions={(mode) => config && <Instructions mode={mode} config={config} />}
      Runner={StroopRunner}
      preloadRunner={loadRunner}
      source={source}
      configError={error}
    />
  );
}

function Instructions({ mode, config }: { mode: ResponseMode; config: Config }) {
  const { t } = useLingui();
  // The cue words, colour words, keys and button words are stimuli, put into the messages.
  const { cues, keys, names, words } = usePageStimuli();
  const [redKey, greenKey, blueKey] = [keys.R, keys.G, keys.B];
  const [red, green, blue] = [names.red, names.green, names.blue];
  const [colorCue, wordCue, greenWord] = [cues.Color, cues.Word, words.GREEN];
  const { sampleTrials, practiceTrials, testTrials, restBreakEveryTrials } = config;
  return (
    <>
      <ol className="task-instructions__list">
        <li>
          <Trans>
            Each trial starts with a cue word. <strong>{colorCue}</strong> means answer the{' '}
            <em>ink colour</em> of the word that follows; <strong>{wordCue}</strong> means answer
            what the word <em>says</em>.
          </Trans>
        </li>
        {mode === 'keyboard' ? (
          <li>
            <Trans>
              Answer with the keys <kbd>{redKey}</kbd> for red, <kbd>{greenKey}</kbd> for green and{' '}
              <kbd>{blueKey}</kbd> for blue.
            </Trans>
          </li>
        ) : (
          <li>
            <Trans>
              Answer by tapping the <strong>{red}</strong>, <strong>{green}</strong> or{' '}
              <strong>{blue}</strong> button at the bottom of the screen.
            </Trans>
          </li>
        )}
        <li>
          {t`You start with ${plural(sampleTrials, { one: '# sample trial', other: '# sample trials' })} and ${plural(practiceTrials, { one: '# practice trial', other: '# practice trials' })}, both with feedback, then ${plural(testTrials, { one: '# test trial', other: '# test trials' })} without feedback.`}
        </li>
        {restBreakEveryTrials < testTrials && (
          <li>
            {t`You can rest every ${plural(restBreakEveryTrials, { one: '# test trial', other: '# test trials' })}; continue when you are ready.`}
          </li>
        )}
        <li>
          <Trans>Answer as fast and as accurately as you can.</Trans>
        </li>
        <li>
          {mode === 'keyboard' ? (
            <Trans>
              Use a physical keyboard, and find a quiet place where you will not be interrupted.
            </Trans>
          ) : (
            <Trans>
              Hold the device so your thumbs reach the buttons, and find a quiet place where you
              will not be interrupted.
            </Trans>
          )}
        </li>
      </ol>
      <div className="task-example" aria-hidden="true">
        <span className="example__cue">{colorCue}</span>
        <span className="example__word">{greenWord}</span>
        <span className="example__answer">
          {mode === 'keyboard' ? (
            <Trans>
              answer <kbd>{redKey}</kbd>
            </Trans>
          ) : (
            <Trans>
              answer <strong>{red}</strong>
            </Trans>
          )}
        </span>
      </div>
      <p className="visually-hidden">
        {mode === 'keyboard'
          ? t`Example: after the cue ${colorCue}, the word ${greenWord} printed in red ink is answered with ${redKey}.`
          : t`Example: after the cue ${colorCue}, the word ${greenWord} printed in red ink is answered with the ${red} button.`}
      </p>
    </>
  );
}
