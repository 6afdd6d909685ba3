import type { StudyParticipantRow } from '@cogni/domain';
import type { MessageDescriptor } from '@lingui/core';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { TableScroll } from '../../components/ui/table-scroll';
import { TextField } from '../../components/ui/text-field';
import { deleteParticipantData, findStudyParticipants } from '../../lib/api/studies';
import { isApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { useErrorText } from '../../lib/i18n/error-text';

/** What a state is called on the dashboard (study-data.tsx's names). */
type StateNames = Record<StudyParticipantRow['state'], MessageDescriptor>;

/**
 * "Find a participant" (ADR 041): by their id (the dashboard's 8 characters or the whole) or a
 * panel id their link carried, then "Delete data" after a dialog naming what is deleted. The
 * deletion is the participant's withdrawal, asked for by the researcher, and audited.
 */
export function ParticipantFinder(props: {
  studyId: string;
  stateNames: StateNames;
  /** Called after a deletion, so the dashboard's counts and table show it. */
  onDeleted: () => void;
}) {
  const { t } = useLingui();
  const { errorText } = useErrorText();
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<StudyParticipantRow[] | null>(null);
  const [queryError, setQueryError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [isSearching, setIsSearching] = useState(false);
  const [deleting, setDeleting] = useState<StudyParticipantRow | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const search = async (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    if (!q) {
      setQueryError(t`Enter a participant id or a panel id`);
      return;
    }
    setQueryError(undefined);
    setError(null);
    setDone(null);
    setIsSearching(true);
    try {
      setFound(await findStudyParticipants(props.studyId, q));
    } catch (failure) {
      setError(isApiError(failure) ? errorText(failure) : t`The search did not work. Try again.`);
    } finally {
      setIsSearching(false);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setIsDeleting(true);
    setDeleteError(null);
    try {
      const { participant, deleted } = await deleteParticipantData(props.studyId, deleting.id);
      setFound(
        (rows) => rows?.map((row) => (row.id === participant.id ? participant : row)) ?? null,
      );
      const shortId = participant.id.slice(0, 8);
      const { runs, trials } = deleted;
      setDone(
        t`The data of participant ${shortId} is deleted: ${plural(runs, { one: '# run', other: '# runs' })} with ${plural(trials, { one: '# trial', other: '# trials' })}, the answers and the link’s parameters.`,
      );
      setDeleting(null);
      props.onDeleted();
    } catch (failure) {
      setDeleteError(isApiError(failure) ? errorText(failure) : t`That did not work. Try again.`);
    } finally {
      setIsDeleting(false);
    }
  };

  const deletingId = deleting?.id.slice(0, 8);
  return (
    <section aria-labelledby="study-find-title" className="card studies-panel">
      <h2 id="study-find-title">
        <Trans>Find a participant</Trans>
      </h2>
      <p className="studies-note">
        <Trans>
          To delete a participant’s data at their request: their participant id (the first 8
          characters shown above are enough), or the panel id their link carried, such as their
          Prolific id.
        </Trans>
      </p>
      <form
        className="studies-actions"
        // The button lines up with the field's input, under its label.
        style={{ alignItems: 'flex-end' }}
        onSubmit={(event) => void search(event)}
      >
        <TextField
          label={t`Participant id or panel id`}
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          value={query}
          error={queryError}
          onChange={(event) => setQuery(event.target.value)}
        />
        <Button type="submit" variant="secondary" isBusy={isSearching} disabled={isSearching}>
          <Trans comment="a button that searches for a participant">Find</Trans>
        </Button>
      </form>
      {error && <Alert variant="error">{error}</Alert>}
      {done && <Alert variant="success">{done}</Alert>}
      {found !== null && found.length === 0 && (
        <p role="status">
          <Trans>No participant of this study has that id or panel id.</Trans>
        </p>
      )}
      {found !== null && found.length > 0 && (
        <TableScroll label={t`Participants found`}>
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
                  <Trans comment="when a participant started">Started</Trans>
                </th>
                <th scope="col">
                  <Trans comment="a participant's data: deleted, or a button that deletes it">
                    Data
                  </Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {found.map((row) => (
                <FoundRow
                  key={row.id}
                  row={row}
                  stateName={t(props.stateNames[row.state])}
                  onDelete={() => {
                    setDeleteError(null);
                    setDeleting(row);
                  }}
                />
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {deleting && (
        <ConfirmDialog
          title={t`Delete the data of participant ${deletingId}?`}
          confirmLabel={t`Delete data`}
          confirmVariant="danger"
          isBusy={isDeleting}
          error={deleteError}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(null)}
        >
          <p>
            <Trans>
              Deleted for good: every run and trial of this participant, their answers to the
              questions, and the parameters their link carried (such as a panel id).
            </Trans>
          </p>
          <p>
            <Trans>
              Kept: that they took part and withdrew, when, the consent version they agreed to and
              their place in the study’s design, so the study’s numbers stay honest. The deletion is
              recorded in the audit log.
            </Trans>
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}

/** A participant found: their whole id, state, start, and their data's deletion. */
function FoundRow(props: { row: StudyParticipantRow; stateName: string; onDelete: () => void }) {
  const { row } = props;
  const shortId = row.id.slice(0, 8);
  const withdrawnAt = formatDateTime(row.withdrawnAt);
  return (
    <tr>
      <td>
        <code>{row.id}</code>
        {row.isPreview && (
          <span className="studies-state">
            {' '}
            <Trans comment="a researcher's run-through, not a participant">Preview</Trans>
          </span>
        )}
      </td>
      <td>{props.stateName}</td>
      <td>{formatDateTime(row.startedAt)}</td>
      <td>
        {row.state === 'withdrawn' ? (
          row.withdrawnBy === 'participant' ? (
            <Trans>Deleted {withdrawnAt} (by the participant)</Trans>
          ) : (
            <Trans>Deleted {withdrawnAt}</Trans>
          )
        ) : (
          <Button variant="danger" className="button--small" onClick={props.onDelete}>
            <Trans>
              Delete data<span className="visually-hidden"> of participant {shortId}</span>
            </Trans>
          </Button>
        )}
      </td>
    </tr>
  );
}
