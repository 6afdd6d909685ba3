import {
  DEFAULT_GO_NO_GO_CONFIG,
  getGoNoGoBlockCounts,
  getGoNoGoPracticeCorrectNeeded,
} from '@cogni/domain';
import { lazy, Suspense, useState } from 'react';
import { ResponseModeChoice } from '../../components/task/response-mode-choice';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { useResponseMode } from '../../lib/task-runtime/response-mode';
import './go-no-go.css';

const loadRunner = () => import('./go-no-go-runner');
const GoNoGoRunner = lazy(loadRunner);

const CONFIG = DEFAULT_GO_NO_GO_CONFIG;
const TEST_MINUTES = Math.round((CONFIG.testTrials * CONFIG.soaMs) / 60_000);

export default function GoNoGoPage() {
  const [hasStarted, setHasStarted] = useState(false);
  const [mode, setMode] = useResponseMode();

  if (hasStarted) {
    return (
      <Suspense fallback={<Spinner label="Loading the test…" />}>
        <GoNoGoRunner mode={mode} />
      </Suspense>
    );
  }

  const respond = mode === 'keyboard' ? 'press Space' : 'tap the Tap button';
  const practice = getGoNoGoBlockCounts(CONFIG, 'practice');
  return (
    <div className="gng-intro">
      <PageHeader title="Go/No-Go">
        A test of holding back a response. It takes about 5 minutes.
      </PageHeader>
      <section className="card gng-instructions" aria-labelledby="gng-instructions-title">
        <h2 id="gng-instructions-title">How it works</h2>
        <ol className="gng-instructions__list">
          <li>
            Shapes appear one at a time in the middle of the screen. When you see the{' '}
            <strong>solid square</strong>, {respond} as fast as you can. When you see the{' '}
            <strong>outlined square</strong>, do <strong>not</strong> respond.
          </li>
          <li>Most shapes will be solid.</li>
        </ol>
        <div className="gng-examples">
          <figure className="gng-example">
            <span className="gng-example__shape gng-example__shape--solid" aria-hidden="true" />
            <figcaption>
              <strong>Respond</strong>
              <span className="visually-hidden">: the solid square</span>
            </figcaption>
          </figure>
          <figure className="gng-example">
            <span className="gng-example__shape gng-example__shape--outline" aria-hidden="true" />
            <figcaption>
              <strong>Don’t respond</strong>
              <span className="visually-hidden">: the outlined square</span>
            </figcaption>
          </figure>
        </div>
        <ol className="gng-instructions__list" start={3}>
          <li>
            First you practise with feedback: {practice.trials} shapes, and after each one you are
            told whether you were right. With fewer than {getGoNoGoPracticeCorrectNeeded(CONFIG)} of{' '}
            {practice.trials} right you practise again (at most {CONFIG.practiceMaxRounds} rounds).
          </li>
          <li>
            Then the real task: {CONFIG.testTrials} shapes, about {TEST_MINUTES} minutes, without
            feedback. The shapes keep coming at a steady pace whether you respond or not.
          </li>
          <li>
            {mode === 'keyboard'
              ? 'Keep a finger on the Space bar of a physical keyboard, and find'
              : 'Hold the device so your thumb rests over the Tap button, and find'}{' '}
            a quiet place where you will not be interrupted.
          </li>
        </ol>
        <ResponseModeChoice mode={mode} onChange={setMode} keysLabel="Space" />
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
