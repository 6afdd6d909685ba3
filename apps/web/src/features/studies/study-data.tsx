import {
  PARTICIPANT_STATES,
  type ParticipantState,
  type StudyDashboard,
  type StudyDetail,
  type StudyParticipantRow,
} from '@cogni/domain';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
import { useErrorText } from '../../lib/i18n/error-text';
import { ParticipantFinder } from './participant-finder';
import { StudyDataset } from './study-dataset';

const PAGE_SIZE = 25;

/** What the dashboard calls each state of a participant. */
const STATE_NAMES: Record<ParticipantState, MessageDescriptor> = {
  started: msg({ context: 'participant state', message: 'Started' }),
  consented: msg({ context: 'participant state', message: 'Consented' }),
  declined: msg({ context: 'participant state', message: 'Declined' }),
  completed: msg({ context: 'participant state', message: 'Completed' }),
  abandoned: msg({ context: 'participant state', message: 'Abandoned' }),
  stopped: msg({ context: 'participant state', message: 'Stopped' }),
  withdrawn: msg({ context: 'participant state', message: 'Withdrawn' }),
};

/** The downloads of each table, as their links name them. */
const DOWNLOADS = {
  trials: {
    csv: msg`Trials (CSV)`,
    json: msg`Trials (JSON)`,
    dictionary: msg`Dictionary of the trials (CSV)`,
    withParams: msg`Trials with panel ids (CSV)`,
  },
  participants: {
    csv: msg`Participants (CSV)`,
    json: msg`Participants (JSON)`,
    dictionary: msg`Dictionary of the participants (CSV)`,
    withParams: msg`Participants with panel ids (CSV)`,
  },
} as const;

/** '4 min 12 s', '38 s': a median time per step. */
function durationText(ms: number | null, i18n: I18n): string {
  if (ms === null) return '–';
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) {
    return i18n._(msg({ comment: 'a duration in seconds', message: `${seconds} s` }));
  }
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return i18n._(
    msg({ comment: 'a duration in minutes and seconds', message: `${minutes} min ${rest} s` }),
  );
}

/** The quality flags of a participant's runs, in words; '–' when there are none. */
function flagsText(row: StudyParticipantRow, i18n: I18n): string {
  const flags: string[] = [];
  const runs = row.flags.implausibleRuns;
  if (runs > 0) {
    flags.push(
      i18n._(msg`${plural(runs, { one: '# implausible run', other: '# implausible runs' })}`),
    );
  }
  if (row.flags.tabHidden) flags.push(i18n._(msg`tab hidden`));
  if (row.flags.windowBlurred) flags.push(i18n._(msg`window left`));
  return flags.join(', ') || '–';
}

/**
 * A study's data: participants by state, how many reached each step, the median time per step,
 * the participants page by page with their quality flags and the exclude toggle, and the
 * downloads (trials and participants, CSV or JSON, with their dictionaries).
 */
export function StudyData({ study }: { study: StudyDetail }) {
  const { t, i18n } = useLingui();
  const { errorText } = useErrorText();
  const [page, setPage] = useState(1);
  const [state, setState] = useState<ParticipantState | ''>('');
  const [dashboard, setDashboard] = useState<StudyDashboard | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  /** Why excluding a participant (or taking them back) did not work. */
  const [error, setError] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const load = useCallback(() => {
    getStudyDashboard(study.id, { page, pageSize: PAGE_SIZE, state: state || undefined })
      .then((loaded) => {
        setDashboard(loaded);
        setLoadFailed(false);
        setError(null);
      })
      .catch(() => setLoadFailed(true));
  }, [study.id, page, state]);
  useEffect(load, [load]);

  const toggle = async (row: StudyParticipantRow) => {
    setBusyId(row.id);
    try {
      await setParticipantExcluded(study.id, row.id, !row.excluded);
      load();
    } catch (failure) {
      setError(isApiError(failure) ? errorText(failure) : t`That did not work. Try again.`);
    } finally {
      setBusyId(null);
    }
  };

  const problem =
    error ??
    (loadFailed ? t`The study’s data could not be loaded. Reload the page to try again.` : null);
  if (!dashboard) {
    return problem ? (
      <Alert variant="error">{problem}</Alert>
    ) : (
      <Spinner label={t`Loading the data…`} />
    );
  }
  const { counts, funnel, stepTimes, participants } = dashboard;
  const everyone = funnel[0]?.reached ?? 0;
  return (
    <div className="studies-data">
      {problem && <Alert variant="error">{problem}</Alert>}
      <section aria-labelledby="study-counts-title">
        <h2 id="study-counts-title">
          <Trans>Participants</Trans>
        </h2>
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
              <span className="studies-counts__value">{i18n.number(counts[key])}</span>
              <span className="studies-counts__label">{t(STATE_NAMES[key])}</span>
            </li>
          ))}
          <li className="card">
            <span className="studies-counts__value">{i18n.number(counts.excluded)}</span>
            <span className="studies-counts__label">
              <Trans context="participants">Excluded</Trans>
            </span>
          </li>
        </ul>
      </section>
      <section aria-labelledby="study-funnel-title">
        <h2 id="study-funnel-title">
          <Trans>Steps</Trans>
        </h2>
        <TableScroll label={t`How many reached each step, and the median time it took`}>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Step</Trans>
                </th>
                <th scope="col">
                  <Trans comment="how many participants reached a step">Reached</Trans>
                </th>
                <th scope="col">
                  <Trans>Median time</Trans>
                </th>
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
                      <span>{i18n.number(row.reached)}</span>
                    </span>
                  </td>
                  <td>
                    {durationText(
                      stepTimes.find((time) => time.step === row.step)?.medianMs ?? null,
                      i18n,
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </section>
      <section aria-labelledby="study-table-title">
        <h2 id="study-table-title">
          <Trans>Each participant</Trans>
        </h2>
        <SelectField
          className="studies-data__filter"
          label={t({ comment: "a participant's state", message: 'State' })}
          value={state}
          onChange={(e) => {
            setState(e.target.value as ParticipantState | '');
            setPage(1);
          }}
        >
          <option value="">{t`Every state`}</option>
          {PARTICIPANT_STATES.map((value) => (
            <option key={value} value={value}>
              {t(STATE_NAMES[value])}
            </option>
          ))}
        </SelectField>
        <TableScroll label={t`Participants`}>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Participant</Trans>
                </th>
                <th scope="col">
                  <Trans comment="a participant's state">State</Trans>
                </th>
                <th scope="col">
                  <Trans comment="the step a participant is on">Now on</Trans>
                </th>
                <th scope="col">
                  <Trans comment="quality flags of a participant's runs">Flags</Trans>
                </th>
                <th scope="col">
                  <Trans context="participants">Excluded</Trans>
                </th>
                <th scope="col">
                  <Trans>Version</Trans>
                </th>
                <th scope="col">
                  <Trans comment="when a participant started">Started</Trans>
                </th>
                <th scope="col">
                  <Trans comment="when a participant finished">Finished</Trans>
                </th>
                <th scope="col">
                  <Trans comment="the URL parameters a participant's link carried">
                    Parameters
                  </Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {participants.rows.map((row) => (
                <ParticipantRow
                  key={row.id}
                  row={row}
                  isBusy={busyId === row.id}
                  onToggle={() => void toggle(row)}
                />
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
        <h2 id="study-downloads-title">
          <Trans>The study’s data</Trans>
        </h2>
        <p className="studies-note">
          <Trans>
            Every trial of every participant (previews left out, excluded ones marked), with the
            study, version, participant, design cell and step on each row; and one row per
            participant. Each with its data dictionary. Pseudonymous: the kept URL parameters (panel
            ids) come only with the files below them, and each such download is in the audit log.
          </Trans>
        </p>
        {(['trials', 'participants'] as const).map((table) => (
          <div key={table} className="studies-actions">
            <a
              className={buttonClassName('secondary')}
              href={studyExportUrl(study.id, table, 'csv')}
              download
            >
              {t(DOWNLOADS[table].csv)}
            </a>
            <a
              className={buttonClassName('secondary')}
              href={studyExportUrl(study.id, table, 'json')}
              download
            >
              {t(DOWNLOADS[table].json)}
            </a>
            <a href={studyExportUrl(study.id, table, 'csv', true)} download>
              {t(DOWNLOADS[table].dictionary)}
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
                {t(DOWNLOADS[table].withParams)}
              </a>
            ))}
          </div>
        )}
      </section>
      <StudyDataset study={study} />
    </div>
  );
}

/** A row of the participants' table, with the exclude toggle (none for a preview). */
function ParticipantRow(props: {
  row: StudyParticipantRow;
  isBusy: boolean;
  onToggle: () => void;
}) {
  const { t, i18n } = useLingui();
  const { row } = props;
  const shortId = row.id.slice(0, 8);
  return (
    <tr className={row.excluded ? 'studies-row--excluded' : undefined}>
      <td>
        <code>{shortId}</code>
        {row.isPreview && (
          <span className="studies-state">
            {' '}
            <Trans comment="a researcher's run-through, not a participant">Preview</Trans>
          </span>
        )}
      </td>
      <td>
        {t(STATE_NAMES[row.state])}
        {row.withdrawnBy === 'researcher' && (
          <span className="studies-note">
            {' '}
            <Trans>(data deleted by a researcher)</Trans>
          </span>
        )}
      </td>
      <td>{row.currentStep ?? '–'}</td>
      <td>{flagsText(row, i18n)}</td>
      <td>
        {row.isPreview ? (
          '–'
        ) : (
          <Button
            variant="secondary"
            className="button--small"
            aria-pressed={row.excluded}
            disabled={props.isBusy}
            onClick={props.onToggle}
          >
            {row.excluded ? (
              <Trans comment="a toggle button, pressed: the participant is excluded">
                Excluded<span className="visually-hidden"> participant {shortId}</span>
              </Trans>
            ) : (
              <Trans comment="a toggle button that excludes the participant">
                Exclude<span className="visually-hidden"> participant {shortId}</span>
              </Trans>
            )}
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
  );
}
