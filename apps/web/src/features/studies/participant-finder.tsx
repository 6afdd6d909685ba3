import type { StudyParticipantRow } from '@cogni/domain';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { TableScroll } from '../../components/ui/table-scroll';
import { TextField } from '../../components/ui/text-field';
import { deleteParticipantData, findStudyParticipants } from '../../lib/api/studies';
import { isApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';

/** What a state is called on the dashboard (study-data.tsx's names). */
type StateNames = Record<StudyParticipantRow['state'], string>;

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
      setQueryError('Enter a participant id or a panel id');
      return;
    }
    setQueryError(undefined);
    setError(null);
    setDone(null);
    setIsSearching(true);
    try {
      setFound(await findStudyParticipants(props.studyId, q));
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : 'The search did not work. Try again.');
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
      setDone(
        `The data of participant ${participant.id.slice(0, 8)} is deleted: ${deleted.runs} ${
          deleted.runs === 1 ? 'run' : 'runs'
        } with ${deleted.trials} ${deleted.trials === 1 ? 'trial' : 'trials'}, the answers and the link’s parameters.`,
      );
      setDeleting(null);
      props.onDeleted();
    } catch (failure) {
      setDeleteError(isApiError(failure) ? failure.message : 'That did not work. Try again.');
    } finally {
      setIsDeleting(false);
    }
  };

  return (
    <section aria-labelledby="study-find-title" className="card studies-panel">
      <h2 id="study-find-title">Find a participant</h2>
      <p className="studies-note">
        To delete a participant’s data at their request: their participant id (the first 8
        characters shown above are enough), or the panel id their link carried, such as their
        Prolific id.
      </p>
      <form
        className="studies-actions"
        // The button lines up with the field's input, under its label.
        style={{ alignItems: 'flex-end' }}
        onSubmit={(event) => void search(event)}
      >
        <TextField
          label="Participant id or panel id"
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          value={query}
          error={queryError}
          onChange={(event) => setQuery(event.target.value)}
        />
        <Button type="submit" variant="secondary" isBusy={isSearching} disabled={isSearching}>
          Find
        </Button>
      </form>
      {error && <Alert variant="error">{error}</Alert>}
      {done && <Alert variant="success">{done}</Alert>}
      {found !== null && found.length === 0 && (
        <p role="status">No participant of this study has that id or panel id.</p>
      )}
      {found !== null && found.length > 0 && (
        <TableScroll label="Participants found">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Participant</th>
                <th scope="col">State</th>
                <th scope="col">Started</th>
                <th scope="col">Data</th>
              </tr>
            </thead>
            <tbody>
              {found.map((row) => (
                <tr key={row.id}>
                  <td>
                    <code>{row.id}</code>
                    {row.isPreview && <span className="studies-state"> Preview</span>}
                  </td>
                  <td>{props.stateNames[row.state]}</td>
                  <td>{formatDateTime(row.startedAt)}</td>
                  <td>
                    {row.state === 'withdrawn' ? (
                      `Deleted ${formatDateTime(row.withdrawnAt)}${
                        row.withdrawnBy === 'participant' ? ' (by the participant)' : ''
                      }`
                    ) : (
                      <Button
                        variant="danger"
                        className="button--small"
                        onClick={() => {
                          setDeleteError(null);
                          setDeleting(row);
                        }}
                      >
                        Delete data
                        <span className="visually-hidden">
                          {' '}
                          of participant {row.id.slice(0, 8)}
                        </span>
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete the data of participant ${deleting.id.slice(0, 8)}?`}
          confirmLabel="Delete data"
          confirmVariant="danger"
          isBusy={isDeleting}
          error={deleteError}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(null)}
        >
          <p>
            Deleted for good: every run and trial of this participant, their answers to the
            questions, and the parameters their link carried (such as a panel id).
          </p>
          <p>
            Kept: that they took part and withdrew, when, the consent version they agreed to and
            their place in the study’s design, so the study’s numbers stay honest. The deletion is
            recorded in the audit log.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
