import {
  PARTICIPANT_STATES,
  type ParticipantState,
  type StudyDashboard,
  type StudyDetail,
  type StudyParticipantRow,
} from '@cogni/domain';
import { useCallback, useEffect, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClassName } from '../../components/ui/button';
import { Pager } from '../../components/ui/pager';
import { SelectField } from '../../components/ui/select-field';
import { Spinner } from '../../components/ui/spinner';
import { TableScroll } from '../../components/ui/table-scroll';
import { getStudyDashboard, setParticipantExcluded, studyExportUrl } from '../../lib/api/studies';
import { isApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { ParticipantFinder } from './participant-finder';
import { StudyDataset } from './study-dataset';

const PAGE_SIZE = 25;

const STATE_NAMES: Record<ParticipantState, string> = {
  started: 'Started',
  consented: 'Consented',
  declined: 'Declined',
  completed: 'Completed',
  abandoned: 'Abandoned',
  stopped: 'Stopped',
  withdrawn: 'Withdrawn',
};

/** '4 min 12 s', '38 s': a median time per step. */
function durationText(ms: number | null): string {
  if (ms === null) return '–';
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${seconds % 60} s`;
}

/** The quality flags of a participant's runs, in words; '–' when there are none. */
function flagsText(row: StudyParticipantRow): string {
  const flags: string[] = [];
  if (row.flags.implausibleRuns > 0) {
    flags.push(
      `${row.flags.implausibleRuns} implausible ${row.flags.implausibleRuns === 1 ? 'run' : 'runs'}`,
    );
  }
  if (row.flags.tabHidden) flags.push('tab hidden');
  if (row.flags.windowBlurred) flags.push('window left');
  return flags.join(', ') || '–';
}

/**
 * A study's data: participants by state, how many reached each step, the median time per step,
 * the participants page by page with their quality flags and the exclude toggle, and the
 * downloads (trials and participants, CSV or JSON, with their dictionaries).
 */
export function StudyData({ study }: { study: StudyDetail }) {
  const [page, setPage] = useState(1);
  const [state, setState] = useState<ParticipantState | ''>('');
  const [dashboard, setDashboard] = useState<StudyDashboard | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const load = useCallback(() => {
    getStudyDashboard(study.id, { page, pageSize: PAGE_SIZE, state: state || undefined })
      .then((loaded) => {
        setDashboard(loaded);
        setError(null);
      })
      .catch(() => setError('The study’s data could not be loaded. Reload the page to try again.'));
  }, [study.id, page, state]);
  useEffect(load, [load]);

  const toggle = async (row: StudyParticipantRow) => {
    setBusyId(row.id);
    try {
      await setParticipantExcluded(study.id, row.id, !row.excluded);
      load();
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : 'That did not work. Try again.');
    } finally {
      setBusyId(null);
    }
  };

  if (!dashboard) {
    return error ? <Alert variant="error">{error}</Alert> : <Spinner label="Loading the data…" />;
  }
  const { counts, funnel, stepTimes, participants } = dashboard;
  const everyone = funnel[0]?.reached ?? 0;
  return (
    <div className="studies-data">
      {error && <Alert variant="error">{error}</Alert>}
      <section aria-labelledby="study-counts-title">
        <h2 id="study-counts-title">Participants</h2>
        <ul className="studies-counts">
          {(
            [
              'started',
              'consented',
              'completed',
              'declined',
              'abandoned',
              'stopped',
              'withdrawn',
            ] as const
          ).map((key) => (
            <li key={key} className="card">
              <span className="studies-counts__value">{counts[key]}</span>
              <span className="studies-counts__label">{STATE_NAMES[key]}</span>
            </li>
          ))}
          <li className="card">
            <span className="studies-counts__value">{counts.excluded}</span>
            <span className="studies-counts__label">Excluded</span>
          </li>
        </ul>
      </section>
      <section aria-labelledby="study-funnel-title">
        <h2 id="study-funnel-title">Steps</h2>
        <TableScroll label="How many reached each step, and the median time it took">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Step</th>
                <th scope="col">Reached</th>
                <th scope="col">Median time</th>
              </tr>
            </thead>
            <tbody>
              {funnel.map((row) => (
                <tr key={row.step}>
                  <th scope="row">
                    {row.step + 1}. {row.title}
                  </th>
                  <td>
                    <span className="studies-funnel">
                      <span
                        className="studies-funnel__bar"
                        style={{ width: `${everyone ? (100 * row.reached) / everyone : 0}%` }}
                      />
                      <span>{row.reached}</span>
                    </span>
                  </td>
                  <td>
                    {durationText(stepTimes.find((t) => t.step === row.step)?.medianMs ?? null)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </section>
      <section aria-labelledby="study-table-title">
        <h2 id="study-table-title">Each participant</h2>
        <SelectField
          className="studies-data__filter"
          label="State"
          value={state}
          onChange={(e) => {
            setState(e.target.value as ParticipantState | '');
            setPage(1);
          }}
        >
          <option value="">Every state</option>
          {PARTICIPANT_STATES.map((value) => (
            <option key={value} value={value}>
              {STATE_NAMES[value]}
            </option>
          ))}
        </SelectField>
        <TableScroll label="Participants">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Participant</th>
                <th scope="col">State</th>
                <th scope="col">Now on</th>
                <th scope="col">Flags</th>
                <th scope="col">Excluded</th>
                <th scope="col">Version</th>
                <th scope="col">Started</th>
                <th scope="col">Finished</th>
                <th scope="col">Parameters</th>
              </tr>
            </thead>
            <tbody>
              {participants.rows.map((row) => (
                <tr key={row.id} className={row.excluded ? 'studies-row--excluded' : undefined}>
                  <td>
                    <code>{row.id.slice(0, 8)}</code>
                    {row.isPreview && <span className="studies-state"> Preview</span>}
                  </td>
                  <td>
                    {STATE_NAMES[row.state]}
                    {row.withdrawnBy === 'researcher' && (
                      <span className="studies-note"> (data deleted by a researcher)</span>
                    )}
                  </td>
                  <td>{row.currentStep ?? '–'}</td>
                  <td>{flagsText(row)}</td>
                  <td>
                    {row.isPreview ? (
                      '–'
                    ) : (
                      <Button
                        variant="secondary"
                        className="button--small"
                        aria-pressed={row.excluded}
                        disabled={busyId === row.id}
                        onClick={() => void toggle(row)}
                      >
                        {row.excluded ? 'Excluded' : 'Exclude'}
                        <span className="visually-hidden"> participant {row.id.slice(0, 8)}</span>
                      </Button>
                    )}
                  </td>
                  <td>{row.version}</td>
                  <td>{formatDateTime(row.startedAt)}</td>
                  <td>{formatDateTime(row.finishedAt)}</td>
                  <td className="table__wrap">
                    {Object.entries(row.params)
                      .map(([name, value]) => `${name}=${value}`)
                      .join(', ') || '–'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
        <Pager
          noun="participants"
          page={participants.page}
          pageSize={participants.pageSize}
          total={participants.total}
          onPageChange={setPage}
        />
      </section>
      <ParticipantFinder studyId={study.id} stateNames={STATE_NAMES} onDeleted={load} />
      <section aria-labelledby="study-downloads-title" className="card studies-panel">
        <h2 id="study-downloads-title">The study’s data</h2>
        <p className="studies-note">
          Every trial of every participant (previews left out, excluded ones marked), with the
          study, version, participant, design cell and step on each row; and one row per
          participant. Each with its data dictionary. Pseudonymous: the kept URL parameters (panel
          ids) come only with the files below them, and each such download is in the audit log.
        </p>
        {(['trials', 'participants'] as const).map((table) => (
          <div key={table} className="studies-actions">
            <a
              className={buttonClassName('secondary')}
              href={studyExportUrl(study.id, table, 'csv')}
              download
            >
              {table === 'trials' ? 'Trials' : 'Participants'} (CSV)
            </a>
            <a
              className={buttonClassName('secondary')}
              href={studyExportUrl(study.id, table, 'json')}
              download
            >
              {table === 'trials' ? 'Trials' : 'Participants'} (JSON)
            </a>
            <a href={studyExportUrl(study.id, table, 'csv', true)} download>
              Dictionary of the {table} (CSV)
            </a>
          </div>
        ))}
        {study.settings.capturedParams.length > 0 && (
          <div className="studies-actions">
            {(['trials', 'participants'] as const).map((table) => (
              <a
                key={table}
                className={buttonClassName('secondary')}
                href={studyExportUrl(study.id, table, 'csv', false, true)}
                download
              >
                {table === 'trials' ? 'Trials' : 'Participants'} with panel ids (CSV)
              </a>
            ))}
          </div>
        )}
      </section>
      <StudyDataset study={study} />
    </div>
  );
}
