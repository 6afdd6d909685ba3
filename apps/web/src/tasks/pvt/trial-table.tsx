import type { ResultTrial } from '@cogni/domain';
import { CollapsedTrialTable, INPUT_NAMES } from '../../components/task/trial-table';
import { formatMs } from '../../lib/format-scores';
import { asPvtTrials, type PvtResultTrial, phaseName, TYPE_NAMES } from './labels';

/** '2 lapses, 1 false start': what went wrong in a phase's trials. */
function describeMisses(trials: readonly PvtResultTrial[]): string {
  const lapses = trials.filter((t) => t.type === 'lapse' || t.type === 'timeout').length;
  const falseStarts =
    trials.filter((t) => t.type === 'false_start').length +
    trials.reduce((sum, t) => sum + t.nFalseStarts, 0);
  return `${lapses} ${lapses === 1 ? 'lapse' : 'lapses'}, ${falseStarts} ${falseStarts === 1 ? 'false start' : 'false starts'}`;
}

/**
 * One phase's trials, collapsed until asked for: the interval drawn, the time from the last press
 * to the counter (the response-to-stimulus interval), reaction time, type, false starts.
 */
function PhaseTable({ title, trials }: { title: string; trials: readonly PvtResultTrial[] }) {
  return (
    <CollapsedTrialTable
      summary={`${title} trials (${trials.length}, ${describeMisses(trials)})`}
      label={`${title} trials`}
      columns={[
        'Trial',
        'Interval',
        'Since last press',
        'RT',
        'Type',
        'False starts before',
        'Time on task',
        'Input',
      ]}
    >
      {trials.map((trial) => (
        <tr key={trial.trialNumber} className={trial.type === 'valid' ? undefined : 'is-error'}>
          <th scope="row">{trial.trialNumber + 1}</th>
          <td>{formatMs(trial.foreperiodMs)}</td>
          <td>{formatMs(trial.rsiMs)}</td>
          <td>{formatMs(trial.reactionTime)}</td>
          <td>{TYPE_NAMES[trial.type]}</td>
          <td>{trial.nFalseStarts}</td>
          <td>{`${(trial.elapsedMs / 1000).toFixed(1)} s`}</td>
          <td>{trial.reactionTime === null ? '' : (INPUT_NAMES[trial.inputModality] ?? '')}</td>
        </tr>
      ))}
    </CollapsedTrialTable>
  );
}

/** A run's trials as one collapsed table for the practice (habituation) and one for the test. */
export function PvtTrialTables({ trials }: { trials: readonly ResultTrial[] }) {
  const all = asPvtTrials(trials);
  const habituation = all.filter((t) => t.phase === 'habituation');
  const test = all.filter((t) => t.phase === 'test');
  return (
    <>
      {habituation.length > 0 && (
        <PhaseTable title={phaseName({ phase: 'habituation' })} trials={habituation} />
      )}
      {test.length > 0 && <PhaseTable title={phaseName({ phase: 'test' })} trials={test} />}
    </>
  );
}
