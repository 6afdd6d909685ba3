import { STROOP_REST_BREAK_EVERY, STROOP_TRIAL_COUNTS } from '@cogni/domain';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import './stroop.css';

const loadRunner = () => import('./stroop-runner');
const StroopRunner = lazy(loadRunner);

export default function StroopPage() {
  const [hasStarted, setHasStarted] = useState(false);

  if (hasStarted) {
    return (
      <Suspense fallback={<Spinner label="Loading the test…" />}>
        <StroopRunner />
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
          <li>
            Answer with the keys <kbd>R</kbd> for red, <kbd>G</kbd> for green and <kbd>B</kbd> for
            blue.
          </li>
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
            Use a physical keyboard, and find a quiet place where you will not be interrupted.
          </li>
        </ol>
        <div className="example" aria-hidden="true">
          <span className="example__cue">Color</span>
          <span className="example__word">GREEN</span>
          <span className="example__answer">
            answer <kbd>R</kbd>
          </span>
        </div>
        <p className="visually-hidden">
          Example: after the cue Color, the word GREEN printed in red ink is answered with R.
        </p>
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
