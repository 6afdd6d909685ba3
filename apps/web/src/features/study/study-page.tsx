import type { Participation, StudyLanding } from '@cogni/domain';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClassName } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { getLanding, getParticipation, startParticipation } from '../../lib/api/participation';
import { isApiError } from '../../lib/api-client';
import { minutesText } from '../../lib/minutes-text';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Markdown } from './markdown';
import { StudyEnd } from './study-end';
import { StudyStep } from './study-steps';
import './study.css';

type Screen =
  | { kind: 'loading' }
  | { kind: 'landing'; landing: StudyLanding }
  | { kind: 'unavailable'; message: string }
  | { kind: 'taking'; participation: Participation };

const UNAVAILABLE: Record<Exclude<StudyLanding['availability'], 'open'>, string> = {
  full: 'This study is full',
  paused: 'This study is paused for now. Please try again later.',
  closed: 'This study has closed and takes no more participants.',
};

/** The URL parameters of the link, for the study to keep the ones it names. */
function linkParams(search: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(search)) params[name] = value;
  return params;
}

/**
 * A study's link, `/s/<code>` or a personal `/s/<code>/<personal code>` (ADR 040): the landing
 * page, then each step in order, then the end. What the participant did is on the server; this
 * browser holds only its token, so a reload or a closed tab comes back to the same step.
 */
export default function StudyPage() {
  const { code = '', personalCode } = useParams();
  const { search } = useLocation();
  const [screen, setScreen] = useState<Screen>({ kind: 'loading' });
  const [startError, setStartError] = useState<{
    message: string;
    redirectUrl: string | null;
  } | null>(null);
  const [isStarting, setIsStarting] = useState(false);

  const showLanding = useCallback(async () => {
    try {
      const landing = await getLanding(code);
      setScreen({ kind: 'landing', landing });
    } catch (error) {
      setScreen({
        kind: 'unavailable',
        message:
          isApiError(error) && error.status === 404
            ? 'This study link is not valid, or the study is not open yet.'
            : 'The study could not be loaded. Check your connection and reload the page.',
      });
    }
  }, [code]);

  useEffect(() => {
    let isCurrent = true;
    getParticipation(code)
      .then((participation) => {
        if (isCurrent) setScreen({ kind: 'taking', participation });
      })
      .catch(() => {
        // No participation in this browser yet (a 401): the landing page.
        if (isCurrent) void showLanding();
      });
    return () => {
      isCurrent = false;
    };
  }, [code, showLanding]);

  const start = async () => {
    setIsStarting(true);
    setStartError(null);
    try {
      const participation = await startParticipation(code, {
        params: linkParams(search),
        ...(personalCode ? { personalCode } : {}),
      });
      setScreen({ kind: 'taking', participation });
    } catch (error) {
      setStartError(
        isApiError(error)
          ? { message: error.message, redirectUrl: error.redirectUrl }
          : { message: 'The study could not start. Please try again.', redirectUrl: null },
      );
    } finally {
      setIsStarting(false);
    }
  };

  if (screen.kind === 'loading') return <Spinner label="Loading the study…" />;
  if (screen.kind === 'unavailable') return <Unavailable message={screen.message} />;
  if (screen.kind === 'landing') {
    return (
      <Landing
        landing={screen.landing}
        isStarting={isStarting}
        error={startError}
        onStart={() => void start()}
      />
    );
  }
  const { participation } = screen;
  const update = (next: Participation) => setScreen({ kind: 'taking', participation: next });
  if (participation.end || participation.stepsDone >= participation.steps.length) {
    return <StudyEnd code={code} participation={participation} onChange={update} />;
  }
  return <StudyStep code={code} participation={participation} onChange={update} />;
}

function Unavailable({ message }: { message: string }) {
  useDocumentTitle('Study');
  return (
    <section className="study-card card" aria-labelledby="study-title">
      <h1 id="study-title">Study not available</h1>
      <Alert variant="info">{message}</Alert>
    </section>
  );
}

function Landing(props: {
  landing: StudyLanding;
  isStarting: boolean;
  error: { message: string; redirectUrl: string | null } | null;
  onStart: () => void;
}) {
  const { landing } = props;
  useDocumentTitle(landing.title);
  const unavailable = landing.availability === 'open' ? null : UNAVAILABLE[landing.availability];
  return (
    <section className="study-card card" aria-labelledby="study-title">
      <h1 id="study-title">{landing.title}</h1>
      {landing.description && <Markdown text={landing.description} />}
      <dl className="study-facts">
        <div>
          <dt>Time</dt>
          <dd>About {minutesText(landing.estimatedMs)}</dd>
        </div>
        <div>
          <dt>Parts</dt>
          <dd>{landing.steps}</dd>
        </div>
        <div>
          <dt>You need</dt>
          <dd>
            {landing.testTypes.length > 0
              ? 'A keyboard, or a touch screen, and a quiet place where nobody interrupts you'
              : 'A quiet place where nobody interrupts you'}
          </dd>
        </div>
      </dl>
      <p className="study-note">
        Your answers are saved as you go. If you are interrupted, open this link again in the same
        browser to carry on where you stopped.
      </p>
      {unavailable ? (
        <>
          <Alert variant="info">{unavailable}</Alert>
          {landing.screenOutUrl && <ReturnToPanel href={landing.screenOutUrl} />}
        </>
      ) : props.error?.redirectUrl ? (
        <>
          <Alert variant="info">{props.error.message}</Alert>
          <ReturnToPanel href={props.error.redirectUrl} />
        </>
      ) : (
        <>
          {props.error && <Alert variant="error">{props.error.message}</Alert>}
          <Button
            className="button--large"
            onClick={props.onStart}
            isBusy={props.isStarting}
            disabled={props.isStarting}
          >
            Start
          </Button>
        </>
      )}
    </section>
  );
}

/** The way back to the panel for a participant the study cannot take (its screen-out code). */
function ReturnToPanel({ href }: { href: string }) {
  return (
    <a className={buttonClassName('primary', 'button--large')} href={href}>
      Return to the panel
    </a>
  );
}
