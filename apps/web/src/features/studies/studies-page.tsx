import type { StudyDetail, StudyState, StudySummary } from '@cogni/domain';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClassName } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { TableScroll } from '../../components/ui/table-scroll';
import { changeStudyState, getStudy, listStudies, startStudyPreview } from '../../lib/api/studies';
import { isApiError } from '../../lib/api-client';
import { StudyData } from './study-data';
import { StudyEditor } from './study-editor';
import { StudyLinks } from './study-links';
import './studies.css';

const STATE_NAMES: Record<StudyState, string> = {
  draft: 'Draft',
  open: 'Open',
  paused: 'Paused',
  closed: 'Closed',
};

/** The state changes a study offers from each state (never back to draft). */
const NEXT_STATES: Record<StudyState, { state: StudyState; label: string }[]> = {
  draft: [{ state: 'open', label: 'Open the study' }],
  open: [
    { state: 'paused', label: 'Pause' },
    { state: 'closed', label: 'Close' },
  ],
  paused: [
    { state: 'open', label: 'Open again' },
    { state: 'closed', label: 'Close' },
  ],
  closed: [{ state: 'open', label: 'Open again' }],
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
  const [studies, setStudies] = useState<StudySummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    listStudies()
      .then(setStudies)
      .catch(() => setError('The studies could not be loaded. Reload the page to try again.'));
  }, []);
  return (
    <>
      <PageHeader title="Studies">
        Send a battery of tasks to participants as one link, with consent, in order.
      </PageHeader>
      <div className="studies-actions">
        <Link to="/studies/new" className={buttonClassName('primary')}>
          New study
        </Link>
      </div>
      {error && <Alert variant="error">{error}</Alert>}
      {!studies && !error && <Spinner label="Loading the studies…" />}
      {studies && studies.length === 0 && (
        <p className="empty-state">No studies yet: make the first one.</p>
      )}
      {studies && studies.length > 0 && (
        <TableScroll label="Studies">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">State</th>
                <th scope="col">Version</th>
                <th scope="col">Your access</th>
                <th scope="col">Changed</th>
              </tr>
            </thead>
            <tbody>
              {studies.map((study) => (
                <tr key={study.id}>
                  <td>
                    <Link to={`/studies/${study.id}`}>{study.name}</Link>
                  </td>
                  <td>
                    <StateBadge state={study.state} />
                  </td>
                  <td>{study.version}</td>
                  <td>
                    {study.access === 'owner'
                      ? 'Owner'
                      : study.access === 'admin'
                        ? 'Admin'
                        : `Collaborator (owner: ${study.ownerName})`}
                  </td>
                  <td>{new Date(study.updatedAt).toLocaleDateString()}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </>
  );
}

function StateBadge({ state }: { state: StudyState }) {
  return <span className={`studies-state studies-state--${state}`}>{STATE_NAMES[state]}</span>;
}

function NewStudy() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title="New study" />
      <StudyEditor study={null} onSaved={(study) => navigate(`/studies/${study.id}`)} />
    </>
  );
}

const SECTIONS = [
  { id: 'edit', label: 'Steps and settings' },
  { id: 'links', label: 'Links' },
  { id: 'data', label: 'Participants and data' },
] as const;
type SectionId = (typeof SECTIONS)[number]['id'];

function StudyView({ id }: { id: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('section');
  const section: SectionId = SECTIONS.find((item) => item.id === requested)?.id ?? 'edit';
  const [study, setStudy] = useState<StudyDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  useEffect(() => {
    getStudy(id)
      .then(setStudy)
      .catch((failure) =>
        setError(
          isApiError(failure) && failure.status === 404
            ? 'This study does not exist, or is not yours to see.'
            : 'The study could not be loaded. Reload the page to try again.',
        ),
      );
  }, [id]);

  if (error) {
    return (
      <>
        <PageHeader title="Study" />
        <Alert variant="error">{error}</Alert>
      </>
    );
  }
  if (!study) return <Spinner label="Loading the study…" />;

  const act = async (action: () => Promise<void>) => {
    setIsBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : 'That did not work. Try again.');
    } finally {
      setIsBusy(false);
    }
  };
  const preview = () =>
    act(async () => {
      const code = await startStudyPreview(study.id);
      window.open(`/s/${code}`, '_blank', 'noopener');
    });

  return (
    <>
      <PageHeader title={study.name} documentTitle={`${study.name} · Studies`}>
        <StateBadge state={study.state} /> Version {study.version}
        {study.access !== 'owner' ? ` · owner ${study.ownerName}` : ''}
      </PageHeader>
      <div className="studies-actions">
        {NEXT_STATES[study.state].map(({ state, label }) => (
          <Button
            key={state}
            variant={state === 'open' ? 'primary' : 'secondary'}
            disabled={isBusy}
            onClick={() => void act(async () => setStudy(await changeStudyState(study.id, state)))}
          >
            {label}
          </Button>
        ))}
        <Button variant="secondary" disabled={isBusy} onClick={() => void preview()}>
          Preview as a participant
        </Button>
      </div>
      <nav className="studies-sections" aria-label="Study sections">
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
            {item.label}
          </Link>
        ))}
      </nav>
      {section === 'edit' && <StudyEditor key={study.version} study={study} onSaved={setStudy} />}
      {section === 'links' && <StudyLinks study={study} />}
      {section === 'data' && <StudyData study={study} />}
    </>
  );
}
