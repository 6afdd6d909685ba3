import type {
  CreateStudyExportJobInput,
  StudyDetail,
  StudyExportCounts,
  StudyExportJob,
} from '@cogni/domain';
import { useCallback, useEffect, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClassName } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import {
  createStudyExportJob,
  getStudyExportCounts,
  listStudyExportJobs,
  studyDatasetUrl,
  studyExportJobFileUrl,
} from '../../lib/api/studies';
import { isApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';

/** How often the page asks for the progress of an export under way. */
const POLL_MS = 2_000;

const number = new Intl.NumberFormat('en');

/** What each background export makes, as the page names it. */
const JOB_NAMES: Record<string, string> = {
  'psych-ds': 'Psych-DS dataset (zip)',
  trials: 'Trials',
  participants: 'Participants',
};

const jobName = (job: StudyExportJob) =>
  job.kind === 'psych-ds'
    ? JOB_NAMES[job.kind]
    : `${JOB_NAMES[job.kind]} (${job.format.toUpperCase()})`;

const isUnderWay = (job: StudyExportJob) => job.state === 'queued' || job.state === 'running';

/** The background exports the page offers for a large study. */
const JOB_CHOICES: { label: string; input: CreateStudyExportJobInput }[] = [
  { label: 'Prepare the Psych-DS dataset', input: { kind: 'psych-ds' } },
  { label: 'Prepare the trials (CSV)', input: { kind: 'trials', format: 'csv' } },
  { label: 'Prepare the participants (CSV)', input: { kind: 'participants', format: 'csv' } },
];

/**
 * The study's Psych-DS dataset (ADR 041, step f): the rows each file holds, shown before the
 * download; a direct download for a study of up to the server's job threshold of trials, and
 * above it background exports whose progress the page polls, saying when each is ready.
 */
export function StudyDataset({ study }: { study: StudyDetail }) {
  const [counts, setCounts] = useState<StudyExportCounts | null>(null);
  const [jobs, setJobs] = useState<StudyExportJob[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState<string | null>(null);

  const loadJobs = useCallback(
    () =>
      listStudyExportJobs(study.id)
        .then(setJobs)
        .catch(() => setError('The exports could not be loaded. Reload the page to try again.')),
    [study.id],
  );

  useEffect(() => {
    getStudyExportCounts(study.id)
      .then(setCounts)
      .catch(() => setError('The row counts could not be loaded. Reload the page to try again.'));
    void loadJobs();
  }, [study.id, loadJobs]);

  const underWay = jobs.some(isUnderWay);
  useEffect(() => {
    if (!underWay) return;
    const timer = setInterval(() => void loadJobs(), POLL_MS);
    return () => clearInterval(timer);
  }, [underWay, loadJobs]);

  const start = async (choice: (typeof JOB_CHOICES)[number]) => {
    setStarting(choice.label);
    setError(null);
    try {
      await createStudyExportJob(study.id, choice.input);
      await loadJobs();
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : 'That did not work. Try again.');
    } finally {
      setStarting(null);
    }
  };

  const isLarge = counts !== null && counts.trials > counts.jobThreshold;
  return (
    <section aria-labelledby="study-dataset-title" className="card studies-panel">
      <h2 id="study-dataset-title">Psych-DS dataset</h2>
      <p className="studies-note">
        A zip a reviewer or a repository accepts: a description of the study and of every column,
        one CSV per task and one of the participants. Pseudonymous: no URL parameter (panel id) is
        in it.
      </p>
      {error && <Alert variant="error">{error}</Alert>}
      {!counts ? (
        !error && <Spinner label="Counting the rows…" />
      ) : (
        <>
          <p>
            {number.format(counts.participants)} participants and {number.format(counts.trials)}{' '}
            trials:
          </p>
          <ul className="studies-dataset-files">
            {counts.files.map((file) => (
              <li key={file.path}>
                <code>{file.path}</code>: {number.format(file.rows)} rows
              </li>
            ))}
          </ul>
          {isLarge ? (
            <>
              <p className="studies-note">
                More than {number.format(counts.jobThreshold)} trials: the server prepares the file
                in the background and keeps it for a day. You may leave this page meanwhile.
              </p>
              <div className="studies-actions">
                {JOB_CHOICES.map((choice) => (
                  <Button
                    key={choice.label}
                    variant="secondary"
                    isBusy={starting === choice.label}
                    disabled={
                      starting !== null ||
                      jobs.some((job) => isUnderWay(job) && job.kind === choice.input.kind)
                    }
                    onClick={() => void start(choice)}
                  >
                    {choice.label}
                  </Button>
                ))}
              </div>
            </>
          ) : (
            <div className="studies-actions">
              <a className={buttonClassName('primary')} href={studyDatasetUrl(study.id)} download>
                Download the Psych-DS dataset (zip)
              </a>
            </div>
          )}
        </>
      )}
      {jobs.length > 0 && (
        <ul className="studies-dataset-jobs" aria-label="Exports">
          {jobs.map((job) => (
            <li key={job.id}>
              <ExportJobRow studyId={study.id} job={job} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ExportJobRow({ studyId, job }: { studyId: string; job: StudyExportJob }) {
  const name = jobName(job);
  if (isUnderWay(job)) {
    return (
      <div>
        <label>
          {name}: {job.state === 'queued' ? 'waiting its turn' : 'preparing'},{' '}
          {number.format(job.rowsDone)} of {number.format(job.rowsTotal)} rows
          <progress max={Math.max(job.rowsTotal, 1)} value={job.rowsDone} />
        </label>
      </div>
    );
  }
  if (job.state === 'failed') {
    return (
      <Alert variant="error">
        {name} could not be prepared: {job.error ?? 'an unknown error'}.
      </Alert>
    );
  }
  return (
    <Alert variant="success">
      {name} is ready: {number.format(job.rowsDone)} rows, started {formatDateTime(job.createdAt)},
      kept until {formatDateTime(job.expiresAt)}.{' '}
      <a href={studyExportJobFileUrl(studyId, job.id)} download>
        Download {job.fileName}
      </a>
    </Alert>
  );
}
