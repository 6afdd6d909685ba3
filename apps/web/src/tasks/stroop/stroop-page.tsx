import { STROOP_REST_BREAK_EVERY, STROOP_TRIAL_COUNTS } from '@cogni/domain';
import { lazy, Suspense, useState } from 'react';
import { ResponseModeChoice } from '../../components/task/response-mode-choice';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { useResponseMode } from '../../lib/task-runtime/response-mode';
import './stroop.css';

const loadRunner = () => import('./stroop-runner');
const StroopRunner = lazy(loadRunner);

export default function StroopPage() {
  const [hasStarted, setHasStarted] = useState(false);
  const [mode, setMode] = useResponseMode();

  if (hasStarted) {
    return (
      <Suspense fallback={<Spinner label="Loading the test…" />}>
        <StroopRunner mode={mode} />
      </Suspense>
    );
  }

  return (
    <div className="stroop-intro">
      <PageHeader title="Stroop Test">
        A cued task-switching test. It takes about 10 minutes.
      </PageHeader>
      <section className="card instructions" aria-labelledby="instructions-title">
        <h2 id="instructions-title">How it works</h2>
        <ol className="instructions__list">
          <li>
            Each trial starts with a cue word. <strong>Color</strong> means answer the{' '}
            <em>ink colour</em> of the word that follows; <strong>Word</strong> means answer what
            the word <em>says</em>.
          </li>
          {mode === 'keyboard' ? (
            <li>
              Answer with the keys <kbd>R</kbd> for red, <kbd>G</kbd> for green and <kbd>B</kbd> for
              blue.
            </li>
          ) : (
            <li>
              Answer by tapping the <strong>Red</strong>, <strong>Green</strong> or{' '}
              <strong>Blue</strong> button at the bottom of the screen.
            </li>
          )}
          <li>
            You start with {STROOP_TRIAL_COUNTS.sample} sample trials and{' '}
            {STROOP_TRIAL_COUNTS.practice} practice trials, both with feedback, then{' '}
            {STROOP_TRIAL_COUNTS.test} test trials without feedback.
          </li>
          <li>
            You can rest every {STROOP_REST_BREAK_EVERY} test trials; continue when you are ready.
          </li>
          <li>Answer as fast and as accurately as you can.</li>
          <li>
            {mode === 'keyboard'
              ? 'Use a physical keyboard, and find'
              : 'Hold the device so your thumbs reach the buttons, and find'}{' '}
            a quiet place where you will not be interrupted.
          </li>
        </ol>
        <div className="example" aria-hidden="true">
          <span className="example__cue">Color</span>
          <span className="example__word">GREEN</span>
          <span className="example__answer">
            answer {mode === 'keyboard' ? <kbd>R</kbd> : <strong>Red</strong>}
          </span>
        </div>
        <p className="visually-hidden">
          Example: after the cue Color, the word GREEN printed in red ink is answered with{' '}
          {mode === 'keyboard' ? 'R' : 'the Red button'}.
        </p>
        <ResponseModeChoice mode={mode} onChange={setMode} keysLabel="R, G and B" />
        <Button
          className="button--large"
          onClick={() => setHasStarted(true)}
          onFocus={() => void loadRunner()}
          onPointerEnter={() => void loadRunner()}
        >
          Start Test
        </Button>
      </section>
    </div>
  );
}
