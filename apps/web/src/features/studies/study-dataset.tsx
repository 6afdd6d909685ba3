import type {
  CreateStudyExportJobInput,
  StudyDetail,
  StudyExportCounts,
  StudyExportJob,
} from '@cogni/domain';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
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
import { useErrorText } from '../../lib/i18n/error-text';

/** How often the page asks for the progress of an export under way. */
const POLL_MS = 2_000;

/** What each background export makes, as the page names it. */
function jobName(job: StudyExportJob, i18n: I18n): string {
  const format = job.format.toUpperCase();
  switch (job.kind) {
    case 'psych-ds':
      return i18n._(msg`Psych-DS dataset (zip)`);
    case 'trials':
      return i18n._(msg`Trials (${format})`);
    case 'participants':
      return i18n._(msg`Participants (${format})`);
    default:
      throw new Error(`unknown export ${job.kind satisfies never}`);
  }
}

const isUnderWay = (job: StudyExportJob) => job.state === 'queued' || job.state === 'running';

/** The background exports the page offers for a large study. */
const JOB_CHOICES: { label: MessageDescriptor; input: CreateStudyExportJobInput }[] = [
  { label: msg`Prepare the Psych-DS dataset`, input: { kind: 'psych-ds' } },
  { label: msg`Prepare the trials (CSV)`, input: { kind: 'trials', format: 'csv' } },
  { label: msg`Prepare the participants (CSV)`, input: { kind: 'participants', format: 'csv' } },
];

const COUNTS_FAILED = msg`The row counts could not be loaded. Reload the page to try again.`;
const JOBS_FAILED = msg`The exports could not be loaded. Reload the page to try again.`;

/**
 * The study's Psych-DS dataset (ADR 041, step f): the rows each file holds, shown before the
 * download; a direct download for a study of up to the server's job threshold of trials, and
 * above it background exports whose progress the page polls, saying when each is ready.
 */
export function StudyDataset({ study }: { study: StudyDetail }) {
  const { t } = useLingui();
  const { errorText } = useErrorText();
  const [counts, setCounts] = useState<StudyExportCounts | null>(null);
  const [jobs, setJobs] = useState<StudyExportJob[]>([]);
  /** What went wrong: a load (a message) or starting an export (the server's words). */
  const [error, setError] = useState<MessageDescriptor | string | null>(null);
  const [starting, setStarting] = useState<CreateStudyExportJobInput['kind'] | null>(null);

  const loadJobs = useCallback(
    () =>
      listStudyExportJobs(study.id)
        .then(setJobs)
        .catch(() => setError(JOBS_FAILED)),
    [study.id],
  );

  useEffect(() => {
    getStudyExportCounts(study.id)
      .then(setCounts)
      .catch(() => setError(COUNTS_FAILED));
    void loadJobs();
  }, [study.id, loadJobs]);

  const underWay = jobs.some(isUnderWay);
  useEffect(() => {
    if (!underWay) return;
    const timer = setInterval(() => void loadJobs(), POLL_MS);
    return () => clearInterval(timer);
  }, [underWay, loadJobs]);

  const start = async (choice: (typeof JOB_CHOICES)[number]) => {
    setStarting(choice.input.kind);
    setError(null);
    try {
      await createStudyExportJob(study.id, choice.input);
      await loadJobs();
    } catch (failure) {
      setError(isApiError(failure) ? errorText(failure) : t`That did not work. Try again.`);
    } finally {
      setStarting(null);
    }
  };

  const isLarge = counts !== null && counts.trials > counts.jobThreshold;
  return (
    <section aria-labelledby="study-dataset-title" className="card studies-panel">
      <h2 id="study-dataset-title">
        <Trans>Psych-DS dataset</Trans>
      </h2>
      <p className="studies-note">
        <Trans>
          A zip a reviewer or a repository accepts: a description of the study and of every column,
          one CSV per task and one of the participants. Pseudonymous: no URL parameter (panel id) is
          in it.
        </Trans>
      </p>
      {error && <Alert variant="error">{typeof error === 'string' ? error : t(error)}</Alert>}
      {!counts ? (
        !error && <Spinner label={t`Counting the rows…`} />
      ) : (
        <>
          <p>
            <RowCounts participants={counts.participants} trials={counts.trials} />
          </p>
          <ul className="studies-dataset-files">
            {counts.files.map((file) => (
              <li key={file.path}>
                <FileRows path={file.path} rows={file.rows} />
              </li>
            ))}
          </ul>
          {isLarge ? (
            <>
              <p className="studies-note">
                <Threshold trials={counts.jobThreshold} />
              </p>
              <div className="studies-actions">
                {JOB_CHOICES.map((choice) => (
                  <Button
                    key={choice.input.kind}
                    variant="secondary"
                    isBusy={starting === choice.input.kind}
                    disabled={
                      starting !== null ||
                      jobs.some((job) => isUnderWay(job) && job.kind === choice.input.kind)
                    }
                    onClick={() => void start(choice)}
                  >
                    {t(choice.label)}
                  </Button>
                ))}
              </div>
            </>
          ) : (
            <div className="studies-actions">
              <a className={buttonClassName('primary')} href={studyDatasetUrl(study.id)} download>
                <Trans>Download the Psych-DS dataset (zip)</Trans>
              </a>
            </div>
          )}
        </>
      )}
      {jobs.length > 0 && (
        <ul className="studies-dataset-jobs" aria-label={t`Exports`}>
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

/** '12 participants and 1,234 trials:' */
function RowCounts({ participants, trials }: { participants: number; trials: number }) {
  return (
    <Trans>
      <Plural value={participants} one="# participant" other="# participants" /> and{' '}
      <Plural value={trials} one="# trial" other="# trials" />:
    </Trans>
  );
}

/** 'data/…_data.csv: 1,234 rows' */
function FileRows({ path, rows }: { path: string; rows: number }) {
  return (
    <Trans>
      <code>{path}</code>: <Plural value={rows} one="# row" other="# rows" />
    </Trans>
  );
}

/** Above how many trials the server prepares the dataset in the background. */
function Threshold({ trials }: { trials: number }) {
  return (
    <Trans>
      More than <Plural value={trials} one="# trial" other="# trials" />: the server prepares the
      file in the background and keeps it for a day. You may leave this page meanwhile.
    </Trans>
  );
}

function ExportJobRow({ studyId, job }: { studyId: string; job: StudyExportJob }) {
  const { i18n } = useLingui();
  const { translateEnglish } = useErrorText();
  const name = jobName(job, i18n);
  const done = i18n.number(job.rowsDone);
  const total = job.rowsTotal;
  if (isUnderWay(job)) {
    return (
      <div>
        <label>
          {job.state === 'queued' ? (
            <Trans>
              {name}: waiting its turn, {done} of{' '}
              <Plural value={total} one="# row" other="# rows" />
            </Trans>
          ) : (
            <Trans>
              {name}: preparing, {done} of <Plural value={total} one="# row" other="# rows" />
            </Trans>
          )}
          <progress max={Math.max(job.rowsTotal, 1)} value={job.rowsDone} />
        </label>
      </div>
    );
  }
  if (job.state === 'failed') {
    const reason = job.error === null ? null : translateEnglish(job.error);
    return (
      <Alert variant="error">
        {reason === null ? (
          <Trans>{name} could not be prepared: an unknown error.</Trans>
        ) : (
          <Trans>
            {name} could not be prepared: {reason}.
          </Trans>
        )}
      </Alert>
    );
  }
  const rows = job.rowsDone;
  const startedAt = formatDateTime(job.createdAt);
  const keptUntil = formatDateTime(job.expiresAt);
  const fileName = job.fileName;
  return (
    <Alert variant="success">
      <Trans>
        {name} is ready: <Plural value={rows} one="# row" other="# rows" />, started {startedAt},
        kept until {keptUntil}.{' '}
        <a href={studyExportJobFileUrl(studyId, job.id)} download>
          Download {fileName}
        </a>
      </Trans>
    </Alert>
  );
}
