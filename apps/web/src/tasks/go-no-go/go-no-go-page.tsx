import {
  DEFAULT_GO_NO_GO_CONFIG,
  type GoNoGoConfig,
  GoNoGoConfigSchema,
  getGoNoGoBlockCounts,
  getGoNoGoPracticeCorrectNeeded,
} from '@cogni/domain/tasks/go-no-go';
import { lazy, useState } from 'react';
import { TaskPage } from '../../components/task/task-page';
import { readPreviewConfig } from '../../lib/preview';
import type { ResponseMode } from '../../lib/task-runtime/response-mode';
import { describeStimulusRule } from './labels';
import './go-no-go.css';

const loadRunner = () => import('./go-no-go-runner');
const GoNoGoRunner = lazy(loadRunner);

/** The settings the run will use: an admin preview's, or the defaults. */
function readPageConfig(): GoNoGoConfig {
  const preview = readPreviewConfig(window.location.search);
  const parsed = preview ? GoNoGoConfigSchema.safeParse(preview) : null;
  return parsed?.success ? parsed.data : DEFAULT_GO_NO_GO_CONFIG;
}

export default function GoNoGoPage() {
  const [config] = useState(readPageConfig);
  const minutes = Math.max(1, Math.round((config.testTrials * config.soaMs) / 60_000));
  return (
    <TaskPage
      title="Go/No-Go"
      summary={`A test of holding back a response. It takes about ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`}
      keysLabel="Space"
      instructions={(mode) => <Instructions mode={mode} config={config} minutes={minutes} />}
      Runner={GoNoGoRunner}
      preloadRunner={loadRunner}
    />
  );
}

function Instructions(props: { mode: ResponseMode; config: GoNoGoConfig; minutes: number }) {
  const { mode, config } = props;
  const respond = mode === 'keyboard' ? 'press Space' : 'tap the Tap button';
  const practice = getGoNoGoBlockCounts(config, 'practice');
  const rule = describeStimulusRule(config.stimulusSet);
  const isLetters = config.stimulusSet === 'letters-PR';
  return (
    <>
      <ol className="task-instructions__list">
        <li>
          {isLetters ? 'Letters' : 'Shapes'} appear one at a time in the middle of the screen. When
          you see <strong>{rule.go}</strong>, {respond} as fast as you can. When you see{' '}
          <strong>{rule.nogo}</strong>, do <strong>not</strong> respond.
        </li>
        <li>Most of them will be {rule.go}.</li>
      </ol>
      <div className="task-example gng-examples">
        <Example kind={isLetters ? 'P' : 'solid'} caption="Respond" name={rule.go} />
        <Example kind={isLetters ? 'R' : 'outline'} caption="Don’t respond" name={rule.nogo} />
      </div>
      <ol className="task-instructions__list" start={3}>
        <li>
          First you practise with feedback: {practice.trials} trials, and after each one you are
          told whether you were right. With fewer than {getGoNoGoPracticeCorrectNeeded(config)} of{' '}
          {practice.trials} right you practise again (at most {config.practiceMaxRounds}{' '}
          {config.practiceMaxRounds === 1 ? 'round' : 'rounds'}).
        </li>
        <li>
          Then the real task: {config.testTrials} trials, about {props.minutes}{' '}
          {props.minutes === 1 ? 'minute' : 'minutes'}, without feedback. They keep coming at a
          steady pace whether you respond or not.
        </li>
        <li>
          {mode === 'keyboard'
            ? 'Keep a finger on the Space bar of a physical keyboard, and find'
            : 'Hold the device so your thumb rests over the Tap button, and find'}{' '}
          a quiet place where you will not be interrupted.
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
        <span className="visually-hidden">: {props.name}</span>
      </figcaption>
    </figure>
  );
}
