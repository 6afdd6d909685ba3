import type { Participation } from '@cogni/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { buttonClassName } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { finishParticipation } from '../../lib/api/participation';
import { getTrialQueue } from '../../lib/task-runtime/page-trial-queue';
import { useDocumentTitle } from '../../lib/use-document-title';
import { StopControl } from './stop-control';
import { StudyScores } from './study-scores';

/** After this long saving, the page says what it is waiting for. */
const SLOW_SAVE_MS = 10_000;
/** Between two tries to finish while the server cannot be reached. */
const RETRY_MS = 2_000;

type EndProps = {
  code: string;
  participation: Participation;
  onChange: (participation: Participation) => void;
};

/**
 * The end of a participation: every step done, it waits until this browser's outbox holds no
 * trial of the study's runs and the server confirms the end ("Saving your answers"), and only
 * then shows the completion code and sends the participant on to the completion URL.
 */
export function StudyEnd(props: EndProps) {
  const { participation } = props;
  if (participation.end?.kind === 'declined') return <Declined end={participation.end} />;
  if (participation.end?.kind === 'completed') {
    return (
      <Completed
        end={participation.end}
        code={props.code}
        participation={participation}
        onChange={props.onChange}
      />
    );
  }
  if (participation.end?.kind === 'stopped') return <Stopped {...props} end={participation.end} />;
  if (participation.end?.kind === 'withdrawn') return <Withdrawn end={participation.end} />;
  return <Saving {...props} />;
}

function Saving({ code, participation, onChange }: EndProps) {
  const { t } = useLingui();
  useDocumentTitle(t`Saving your answers`);
  const [isSlow, setIsSlow] = useState(false);
  useEffect(() => {
    let isCurrent = true;
    const slow = window.setTimeout(() => setIsSlow(true), SLOW_SAVE_MS);
    const queue = getTrialQueue();
    const attempt = async () => {
      await Promise.all(participation.runs.map((run) => queue.whenDrained(run.runId)));
      while (isCurrent) {
        try {
          const finished = await finishParticipation(code);
          if (isCurrent) onChange(finished);
          return;
        } catch {
          queue.flush();
          await new Promise((resolve) => window.setTimeout(resolve, RETRY_MS));
        }
      }
    };
    void attempt();
    return () => {
      isCurrent = false;
      window.clearTimeout(slow);
    };
  }, [code, participation.runs, onChange]);
  return (
    <section className="study-card card" aria-labelledby="study-saving-title" aria-busy="true">
      <h1 id="study-saving-title">
        <Trans>Saving your answers</Trans>
      </h1>
      <Spinner label={t`Saving your answers…`} />
      {isSlow && (
        <Alert variant="info">
          <Trans>
            This is taking longer than usual, perhaps because the connection dropped. Please keep
            this page open: your answers are kept in this browser and the page moves on by itself as
            soon as the server has them all.
          </Trans>
        </Alert>
      )}
    </section>
  );
}

type EndOf<Kind> = Extract<NonNullable<Participation['end']>, { kind: Kind }>;

/** Where a panel's participant goes back to, when the panel gives an address. */
function ContinueLink({ redirectUrl }: { redirectUrl: string | null }) {
  if (!redirectUrl) {
    return (
      <p>
        <Trans>You may close this page.</Trans>
      </p>
    );
  }
  return (
    <a className={buttonClassName('primary', 'button--large')} href={redirectUrl}>
      <Trans>Continue</Trans>
    </a>
  );
}

/** A stop: the answers stay; the participant may still withdraw them. */
function Stopped({
  code,
  onChange,
  end,
}: Pick<EndProps, 'code' | 'onChange'> & { end: EndOf<'stopped'> }) {
  const { t } = useLingui();
  useDocumentTitle(t`You have stopped`);
  return (
    <section className="study-card card" aria-labelledby="study-end-title">
      <h1 id="study-end-title" tabIndex={-1}>
        <Trans>You have stopped</Trans>
      </h1>
      <p>
        <Trans>Thank you for your time. The answers you gave before stopping are kept.</Trans>
      </p>
      <ContinueLink redirectUrl={end.redirectUrl} />
      <StopControl code={code} onChange={onChange} offers="withdraw" />
    </section>
  );
}

/** A withdrawal: nothing of the participant's answers is left on the server or in this browser. */
function Withdrawn({ end }: { end: EndOf<'withdrawn'> }) {
  const { t } = useLingui();
  useDocumentTitle(t`Your answers are deleted`);
  return (
    <section className="study-card card" aria-labelledby="study-end-title">
      <h1 id="study-end-title" tabIndex={-1}>
        <Trans>Your answers are deleted</Trans>
      </h1>
      <p role="status">
        <Trans>
          You have withdrawn from the study. Every answer you gave is deleted; the study keeps only
          the fact that you took part and withdrew.
        </Trans>
      </p>
      <ContinueLink redirectUrl={end.redirectUrl} />
    </section>
  );
}

function Completed({
  end,
  code,
  participation,
  onChange,
}: {
  end: EndOf<'completed'>;
  code: string;
  participation: Participation;
  onChange: (participation: Participation) => void;
}) {
  const { t } = useLingui();
  useDocumentTitle(t`Thank you`);
  const { redirectUrl, completionCode } = end;
  const { isPreview, showScores } = participation;
  // A preview stays here, so the researcher sees the end as participants do; a participant shown
  // their scores leaves when they have read them, by the Continue button.
  const isRedirectedAtOnce = redirectUrl !== null && !isPreview && !showScores;
  useEffect(() => {
    if (isRedirectedAtOnce && redirectUrl) window.location.assign(redirectUrl);
  }, [redirectUrl, isRedirectedAtOnce]);
  return (
    <section className="study-card card" aria-labelledby="study-end-title">
      <h1 id="study-end-title">
        <Trans>Thank you</Trans>
      </h1>
      <p>
        <Trans>All your answers are saved. You have completed the study.</Trans>
      </p>
      {completionCode && (
        <p className="study-completion">
          <Trans>
            Your completion code: <strong data-testid="completion-code">{completionCode}</strong>
          </Trans>
        </p>
      )}
      {showScores && <StudyScores code={code} participation={participation} />}
      {redirectUrl && (
        <>
          <p role="status">
            {isPreview
              ? t`A participant would now be sent to the completion address.`
              : isRedirectedAtOnce
                ? t`Taking you back to where you came from…`
                : t`When you have read your results, continue to finish.`}
          </p>
          <a className={buttonClassName('primary', 'button--large')} href={redirectUrl}>
            <Trans>Continue</Trans>
          </a>
        </>
      )}
      {!redirectUrl && (
        <p>
          <Trans>You may close this page.</Trans>
        </p>
      )}
      <StopControl code={code} onChange={onChange} offers="withdraw" />
    </section>
  );
}

function Declined({ end }: { end: EndOf<'declined'> }) {
  const { t } = useLingui();
  useDocumentTitle(t`Thank you`);
  useEffect(() => {
    if (end.redirectUrl) window.location.assign(end.redirectUrl);
  }, [end.redirectUrl]);
  return (
    <section className="study-card card" aria-labelledby="study-end-title">
      <h1 id="study-end-title">
        <Trans>Thank you</Trans>
      </h1>
      {/* The researcher's own words, written in the study's language. */}
      <p>{end.message || t`You chose not to take part. Nothing more is asked of you.`}</p>
      {end.redirectUrl && (
        <a className={buttonClassName('primary', 'button--large')} href={end.redirectUrl}>
          <Trans>Continue</Trans>
        </a>
      )}
    </section>
  );
}
