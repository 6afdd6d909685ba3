import {
  type Config,
  getBlockCounts,
  getBlockTrialCount,
  getPracticeCorrectNeeded,
  getTrialPeriodMs,
  goNoGoTask,
} from '@cogni/domain/tasks/go-no-go';
import { plural, select } from '@lingui/core/macro';
import { Select, Trans, useLingui } from '@lingui/react/macro';
import { lazy, useMemo } from 'react';
import { TaskPage } from '../../components/task/task-page';
import { minutesText } from '../../lib/minutes-text';
import type { ResponseMode } from '../../lib/task-runtime/response-mode';
import { type RunSource, resolveRunConfig } from '../../lib/task-runtime/run-source';
import { describeStimulusRule, STIMULUS_PHRASES } from './labels';
import './go-no-go.css';

const loadRunner = () => import('./go-no-go-runner');
const GoNoGoRunner = lazy(loadRunner);

export default function GoNoGoPage({ source }: { source: RunSource }) {
  const { t } = useLingui();
  const { config, error } = useMemo(() => resolveRunConfig(goNoGoTask.settings, source), [source]);
  const duration = config ? minutesText(goNoGoTask.estimateMs(config)) : null;
  return (
    <TaskPage
      title={t({ comment: "the Go/No-Go test's name", message: 'Go/No-Go' })}
      summary={
        duration
          ? t`A test of holding back a response. It takes about ${duration}.`
          : t`A test of holding back a response.`
      }
      keysLabel={t({ comment: 'the space bar, the key of the Go/No-Go test', message: 'Space' })}
      instructions={(mode) => config && <Instructions mode={mode} config={config} />}
      Runner={GoNoGoRunner}
      preloadRunner={loadRunner}
      source={source}
      configError={error}
    />
  );
}

/** The test block's length at its steady pace, in ms. */
function testBlockMs(config: Config): number {
  return getBlockTrialCount(config, 'test') * getTrialPeriodMs(config, 'test');
}

function Instructions(props: { mode: ResponseMode; config: Config }) {
  const { t } = useLingui();
  const { mode, config } = props;
  const practice = getBlockCounts(config, 'practice');
  const { goId, nogoId } = describeStimulusRule(config);
  const stimuli = config.stimulusSet === 'letters-PR' ? 'letters' : 'shapes';
  const trials = practice.trials;
  const needed = getPracticeCorrectNeeded(config);
  const rounds = config.practiceMaxRounds;
  const testTrials = config.testTrials;
  const minutes = minutesText(testBlockMs(config));
  // A stimulus in a sentence is a select of the message, so each language words it in its place.
  return (
    <>
      <ol className="task-instructions__list">
        <li>
          {mode === 'keyboard' ? (
            <Trans comment="The go stimulus is responded to, the other (no-go) is left">
              <Select value={stimuli} _letters="Letters" other="Shapes" /> appear one at a time in
              the middle of the screen. When you see{' '}
              <strong>
                <Select
                  value={goId}
                  _solid="the solid square"
                  _outline="the outlined square"
                  _P="the letter P"
                  other="the letter R"
                />
              </strong>
              , press Space as fast as you can. When you see{' '}
              <strong>
                <Select
                  value={nogoId}
                  _solid="the solid square"
                  _outline="the outlined square"
                  _P="the letter P"
                  other="the letter R"
                />
              </strong>
              , do <strong>not</strong> respond.
            </Trans>
          ) : (
            <Trans comment="The go stimulus is responded to, the other (no-go) is left">
              <Select value={stimuli} _letters="Letters" other="Shapes" /> appear one at a time in
              the middle of the screen. When you see{' '}
              <strong>
                <Select
                  value={goId}
                  _solid="the solid square"
                  _outline="the outlined square"
                  _P="the letter P"
                  other="the letter R"
                />
              </strong>
              , tap the Tap button as fast as you can. When you see{' '}
              <strong>
                <Select
                  value={nogoId}
                  _solid="the solid square"
                  _outline="the outlined square"
                  _P="the letter P"
                  other="the letter R"
                />
              </strong>
              , do <strong>not</strong> respond.
            </Trans>
          )}
        </li>
        <li>
          {t({
            comment: 'The go stimulus, which most trials show',
            message: `Most of them will be ${select(goId, {
              solid: 'the solid square',
              outline: 'the outlined square',
              P: 'the letter P',
              other: 'the letter R',
            })}.`,
          })}
        </li>
      </ol>
      <div className="task-example gng-examples">
        <Example kind={goId} caption={t`Respond`} name={t(STIMULUS_PHRASES[goId])} />
        <Example kind={nogoId} caption={t`Don’t respond`} name={t(STIMULUS_PHRASES[nogoId])} />
      </div>
      <ol className="task-instructions__list" start={3}>
        <li>
          {t`First you practise with feedback: ${plural(trials, { one: '# trial', other: '# trials' })}, and after each one you are told whether you were right. With fewer than ${needed} of ${trials} right you practise again (at most ${plural(rounds, { one: '# round', other: '# rounds' })}).`}
        </li>
        <li>
          {t`Then the real task: ${plural(testTrials, { one: '# trial', other: '# trials' })}, about ${minutes}, without feedback. They keep coming at a steady pace whether you respond or not.`}
        </li>
        <li>
          {mode === 'keyboard' ? (
            <Trans>
              Keep a finger on the Space bar of a physical keyboard, and find a quiet place where
              you will not be interrupted.
            </Trans>
          ) : (
            <Trans>
              Hold the device so your thumb rests over the Tap button, and find a quiet place where
              you will not be interrupted.
            </Trans>
          )}
        </li>
      </ol>
    </>
  );
}

/** One stimulus drawn as the test draws it, with what to do on it. */
function Example(props: { kind: 'solid' | 'outline' | 'P' | 'R'; caption: string; name: string }) {
  const isLetter = props.kind === 'P' || props.kind === 'R';
  return (
    <figure className="gng-example">
      <span
        className={`gng-example__shape gng-example__shape--${isLetter ? 'letter' : props.kind}`}
        aria-hidden="true"
      >
        {isLetter ? props.kind : null}
      </span>
      <figcaption>
        <strong>{props.caption}</strong>
        {/* i18n-ignore: a colon before the stimulus's name */}
        <span className="visually-hidden">: {props.name}</span>
      </figcaption>
    </figure>
  );
}
