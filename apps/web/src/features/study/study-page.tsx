import type { Participation, StudyLanding } from '@cogni/domain';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClassName } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { getLanding, getParticipation, startParticipation } from '../../lib/api/participation';
import { isApiError } from '../../lib/api-client';
import { useErrorText } from '../../lib/i18n/error-text';
import { useStudyLanguage } from '../../lib/i18n/language-provider';
import { wholeMinutes } from '../../lib/minutes-text';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Markdown } from './markdown';
import { StudyEnd } from './study-end';
import { StudyStep } from './study-steps';
import './study.css';

type Screen =
  | { kind: 'loading' }
  | { kind: 'landing'; landing: StudyLanding }
  | { kind: 'unavailable'; message: MessageDescriptor }
  | { kind: 'taking'; participation: Participation };

const UNAVAILABLE: Record<Exclude<StudyLanding['availability'], 'open'>, MessageDescriptor> = {
  full: msg`This study is full`,
  paused: msg`This study is paused for now. Please try again later.`,
  closed: msg`This study has closed and takes no more participants.`,
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
 * browser holds only its token, so a reload or a closed tab comes back to the same step. While
 * the landing page or a participation shows, the page is in the study's language (ADR 042).
 */
export default function StudyPage() {
  const { code = '', personalCode } = useParams();
  const { search } = useLocation();
  const { t } = useLingui();
  const [screen, setScreen] = useState<Screen>({ kind: 'loading' });
  /** Why the participation could not start: the server's answer, or a failed request. */
  const [startFailure, setStartFailure] = useState<{ error: unknown } | null>(null);
  const [isStarting, setIsStarting] = useState(false);
  useStudyLanguage(
    screen.kind === 'landing'
      ? screen.landing.language
      : screen.kind === 'taking'
        ? screen.participation.language
        : undefined,
  );

  const showLanding = useCallback(async () => {
    try {
      const landing = await getLanding(code);
      setScreen({ kind: 'landing', landing });
    } catch (error) {
      setScreen({
        kind: 'unavailable',
        message:
          isApiError(error) && error.status === 404
            ? msg`This study link is not valid, or the study is not open yet.`
            : msg`The study could not be loaded. Check your connection and reload the page.`,
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
    setStartFailure(null);
    try {
      const participation = await startParticipation(code, {
        params: linkParams(search),
        ...(personalCode ? { personalCode } : {}),
      });
      setScreen({ kind: 'taking', participation });
    } catch (error) {
      setStartFailure({ error });
    } finally {
      setIsStarting(false);
    }
  };

  if (screen.kind === 'loading') return <Spinner label={t`Loading the study…`} />;
  if (screen.kind === 'unavailable') return <Unavailable message={screen.message} />;
  if (screen.kind === 'landing') {
    return (
      <Landing
        landing={screen.landing}
        isStarting={isStarting}
        failure={startFailure}
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

function Unavailable({ message }: { message: MessageDescriptor }) {
  const { t } = useLingui();
  useDocumentTitle(t`Study`);
  return (
    <section className="study-card card" aria-labelledby="study-title">
      <h1 id="study-title">
        <Trans>Study not available</Trans>
      </h1>
      <Alert variant="info">{t(message)}</Alert>
    </section>
  );
}

function Landing(props: {
  landing: StudyLanding;
  isStarting: boolean;
  failure: { error: unknown } | null;
  onStart: () => void;
}) {
  const { landing, failure } = props;
  const { i18n, t } = useLingui();
  const { errorText } = useErrorText();
  useDocumentTitle(landing.title);
  const unavailable = landing.availability === 'open' ? null : t(UNAVAILABLE[landing.availability]);
  const error = failure && {
    message: isApiError(failure.error)
      ? errorText(failure.error)
      : t`The study could not start. Please try again.`,
    redirectUrl: isApiError(failure.error) ? failure.error.redirectUrl : null,
  };
  const minutes = wholeMinutes(landing.estimatedMs);
  return (
    <section className="study-card card" aria-labelledby="study-title">
      <h1 id="study-title">{landing.title}</h1>
      {landing.description && <Markdown text={landing.description} />}
      <dl className="study-facts">
        <div>
          <dt>
            <Trans comment="how long the study takes">Time</Trans>
          </dt>
          <dd>
            <Plural value={minutes} one="About # minute" other="About # minutes" />
          </dd>
        </div>
        <div>
          <dt>
            <Trans comment="how many parts (steps) the study has">Parts</Trans>
          </dt>
          <dd>{i18n.number(landing.steps)}</dd>
        </div>
        <div>
          <dt>
            <Trans>You need</Trans>
          </dt>
          <dd>
            {landing.testTypes.length > 0
              ? t`A keyboard, or a touch screen, and a quiet place where nobody interrupts you`
              : t`A quiet place where nobody interrupts you`}
          </dd>
        </div>
      </dl>
      <p className="study-note">
        <Trans>
          Your answers are saved as you go. If you are interrupted, open this link again in the same
          browser to carry on where you stopped.
        </Trans>
      </p>
      {unavailable ? (
        <>
          <Alert variant="info">{unavailable}</Alert>
          {landing.screenOutUrl && <ReturnToPanel href={landing.screenOutUrl} />}
        </>
      ) : error?.redirectUrl ? (
        <>
          <Alert variant="info">{error.message}</Alert>
          <ReturnToPanel href={error.redirectUrl} />
        </>
      ) : (
        <>
          {error && <Alert variant="error">{error.message}</Alert>}
          <Button
            className="button--large"
            onClick={props.onStart}
            isBusy={props.isStarting}
            disabled={props.isStarting}
          >
            <Trans comment="a button that starts taking part in a study">Start</Trans>
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
      <Trans>Return to the panel</Trans>
    </a>
  );
}
