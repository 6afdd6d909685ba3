import type { StudyDetail, StudyState, StudySummary } from '@cogni/domain';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClassName } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { TableScroll } from '../../components/ui/table-scroll';
import { changeStudyState, getStudy, listStudies, startStudyPreview } from '../../lib/api/studies';
import { isApiError } from '../../lib/api-client';
import { useErrorText } from '../../lib/i18n/error-text';
import { StudyData } from './study-data';
import { StudyEditor } from './study-editor';
import { StudyLinks } from './study-links';
import './studies.css';

const STATE_NAMES: Record<StudyState, MessageDescriptor> = {
  draft: msg({ context: 'study state', message: 'Draft' }),
  open: msg({ context: 'study state', message: 'Open' }),
  paused: msg({ context: 'study state', message: 'Paused' }),
  closed: msg({ context: 'study state', message: 'Closed' }),
};

const PAUSE = msg({ comment: 'a button that pauses the study', message: 'Pause' });
const CLOSE = msg({
  context: 'study action',
  comment: 'a button that closes the study to new participants',
  message: 'Close',
});
const OPEN_AGAIN = msg({ comment: 'a button that opens the study again', message: 'Open again' });

/** The state changes a study offers from each state (never back to draft). */
const NEXT_STATES: Record<StudyState, { state: StudyState; label: MessageDescriptor }[]> = {
  draft: [{ state: 'open', label: msg`Open the study` }],
  open: [
    { state: 'paused', label: PAUSE },
    { state: 'closed', label: CLOSE },
  ],
  paused: [
    { state: 'open', label: OPEN_AGAIN },
    { state: 'closed', label: CLOSE },
  ],
  closed: [{ state: 'open', label: OPEN_AGAIN }],
};

/** A study's last change: the date alone, as toLocaleDateString shows it. */
const CHANGED_FORMAT: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
};

/**
 * The researcher's studies (ADR 040): the list at /studies, a new study at /studies/new, and a
 * study at /studies/:id with its sections (the editor, the links).
 */
export default function StudiesPage() {
  const { id } = useParams();
  if (id === 'new') return <NewStudy />;
  if (id) return <StudyView id={id} />;
  return <StudyList />;
}

function StudyList() {
  const { t } = useLingui();
  const [studies, setStudies] = useState<StudySummary[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  useEffect(() => {
    listStudies()
      .then(setStudies)
      .catch(() => setLoadFailed(true));
  }, []);
  return (
    <>
      <PageHeader title={t`Studies`}>
        <Trans>Send a battery of tasks to participants as one link, with consent, in order.</Trans>
      </PageHeader>
      <div className="studies-actions">
        <Link to="/studies/new" className={buttonClassName('primary')}>
          <Trans>New study</Trans>
        </Link>
      </div>
      {loadFailed && (
        <Alert variant="error">
          <Trans>The studies could not be loaded. Reload the page to try again.</Trans>
        </Alert>
      )}
      {!studies && !loadFailed && <Spinner label={t`Loading the studies…`} />}
      {studies && studies.length === 0 && (
        <p className="empty-state">
          <Trans>No studies yet: make the first one.</Trans>
        </p>
      )}
      {studies && studies.length > 0 && (
        <TableScroll label={t`Studies`}>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">
                  <Trans comment="the study's name">Name</Trans>
                </th>
                <th scope="col">
                  <Trans comment="the study's state: draft, open, paused or closed">State</Trans>
                </th>
                <th scope="col">
                  <Trans>Version</Trans>
                </th>
                <th scope="col">
                  <Trans>Your access</Trans>
                </th>
                <th scope="col">
                  <Trans comment="when the study last changed">Changed</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {studies.map((study) => (
                <StudyRow key={study.id} study={study} />
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </>
  );
}

function StudyRow({ study }: { study: StudySummary }) {
  const { i18n } = useLingui();
  const { ownerName } = study;
  return (
    <tr>
      <td>
        <Link to={`/studies/${study.id}`}>{study.name}</Link>
      </td>
      <td>
        <StateBadge state={study.state} />
      </td>
      <td>{study.version}</td>
      <td>
        {study.access === 'owner' ? (
          <Trans comment="your access to a study: you own it">Owner</Trans>
        ) : study.access === 'admin' ? (
          <Trans comment="your access to a study: as an administrator">Admin</Trans>
        ) : (
          <Trans>Collaborator (owner: {ownerName})</Trans>
        )}
      </td>
      <td>{i18n.date(study.updatedAt, CHANGED_FORMAT)}</td>
    </tr>
  );
}

function StateBadge({ state }: { state: StudyState }) {
  const { t } = useLingui();
  return <span className={`studies-state studies-state--${state}`}>{t(STATE_NAMES[state])}</span>;
}

function NewStudy() {
  const { t } = useLingui();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={t`New study`} />
      <StudyEditor study={null} onSaved={(study) => navigate(`/studies/${study.id}`)} />
    </>
  );
}

const SECTIONS = [
  { id: 'edit', label: msg`Steps and settings` },
  { id: 'links', label: msg`Links` },
  { id: 'data', label: msg`Participants and data` },
] as const;
type SectionId = (typeof SECTIONS)[number]['id'];

function StudyView({ id }: { id: string }) {
  const { t } = useLingui();
  const { errorText } = useErrorText();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('section');
  const section: SectionId = SECTIONS.find((item) => item.id === requested)?.id ?? 'edit';
  const [study, setStudy] = useState<StudyDetail | null>(null);
  /** Why the study did not load: it is not there (or not the reader's), or the request failed. */
  const [loadError, setLoadError] = useState<'missing' | 'failed' | null>(null);
  /** Why a change of state or a preview did not work. */
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  useEffect(() => {
    getStudy(id)
      .then(setStudy)
      .catch((failure) =>
        setLoadError(isApiError(failure) && failure.status === 404 ? 'missing' : 'failed'),
      );
  }, [id]);

  if (error || loadError) {
    return (
      <>
        <PageHeader title={t`Study`} />
        <Alert variant="error">
          {error ??
            (loadError === 'missing'
              ? t`This study does not exist, or is not yours to see.`
              : t`The study could not be loaded. Reload the page to try again.`)}
        </Alert>
      </>
    );
  }
  if (!study) return <Spinner label={t`Loading the study…`} />;

  const act = async (action: () => Promise<void>) => {
    setIsBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(isApiError(failure) ? errorText(failure) : t`That did not work. Try again.`);
    } finally {
      setIsBusy(false);
    }
  };
  const preview = () =>
    act(async () => {
      const code = await startStudyPreview(study.id);
      window.open(`/s/${code}`, '_blank', 'noopener');
    });

  const { name, version, ownerName } = study;
  return (
    <>
      <PageHeader title={name} documentTitle={t`${name} · Studies`}>
        <StateBadge state={study.state} />{' '}
        {study.access !== 'owner' ? (
          <Trans>
            Version {version} · owner {ownerName}
          </Trans>
        ) : (
          <Trans>Version {version}</Trans>
        )}
      </PageHeader>
      <div className="studies-actions">
        {NEXT_STATES[study.state].map(({ state, label }) => (
          <Button
            key={state}
            variant={state === 'open' ? 'primary' : 'secondary'}
            disabled={isBusy}
            onClick={() => void act(async () => setStudy(await changeStudyState(study.id, state)))}
          >
            {t(label)}
          </Button>
        ))}
        <Button variant="secondary" disabled={isBusy} onClick={() => void preview()}>
          <Trans>Preview as a participant</Trans>
        </Button>
      </div>
      <nav className="studies-sections" aria-label={t`Study sections`}>
        {SECTIONS.map((item) => (
          <Link
            key={item.id}
            to={
              item.id === 'edit'
                ? `/studies/${study.id}`
                : `/studies/${study.id}?section=${item.id}`
            }
            className="studies-sections__item"
            aria-current={section === item.id ? 'page' : undefined}
            onClick={(event) => {
              event.preventDefault();
              setSearchParams(item.id === 'edit' ? {} : { section: item.id }, { replace: true });
            }}
          >
            {t(item.label)}
          </Link>
        ))}
      </nav>
      {section === 'edit' && <StudyEditor key={study.version} study={study} onSaved={setStudy} />}
      {section === 'links' && <StudyLinks study={study} />}
      {section === 'data' && <StudyData study={study} />}
    </>
  );
}
