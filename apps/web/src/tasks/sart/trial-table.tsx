import type { ResultTrial } from '@cogni/domain';
import {
  CollapsedTrialTable,
  describeErrors,
  INPUT_NAMES,
} from '../../components/task/trial-table';
import { formatMs } from '../../lib/format-scores';
import {
  asSartTrials,
  blockName,
  LATENCY_NAMES,
  OUTCOME_NAMES,
  type SartResultTrial,
} from './labels';

/** One block's trials, collapsed until asked for: the digit, its size, what happened, how fast. */
function BlockTable({ title, trials }: { title: string; trials: readonly SartResultTrial[] }) {
  return (
    <CollapsedTrialTable
      summary={`${title} trials (${trials.length}, ${describeErrors(trials)})`}
      label={`${title} trials`}
      columns={['Trial', 'Digit', 'Size', 'Outcome', 'RT', 'Latency', 'Extra presses', 'Input']}
    >
      {trials.map((trial) => (
        <tr key={trial.trialNumber} className={trial.isCorrect ? undefined : 'is-error'}>
          <th scope="row">{trial.trialNumber + 1}</th>
          <td>{trial.digit}</td>
          <td>{trial.fontSizeIndex + 1}</td>
          <td>{OUTCOME_NAMES[trial.responseType]}</td>
          <td>{formatMs(trial.reactionTime)}</td>
          <td>{LATENCY_NAMES[trial.latencyType] ?? ''}</td>
          <td>{trial.nExtraResponses}</td>
          <td>{trial.responded ? (INPUT_NAMES[trial.inputModality] ?? '') : ''}</td>
        </tr>
      ))}
    </CollapsedTrialTable>
  );
}

/** A run's trials as one collapsed table for practice and one for the test. */
export function SartTrialTables({ trials }: { trials: readonly ResultTrial[] }) {
  const all = asSartTrials(trials);
  return (
    <>
      {(['practice', 'test'] as const).map((phase) => {
        const inPhase = all.filter((t) => t.phase === phase);
        return inPhase.length > 0 ? (
          <BlockTable key={phase} title={blockName({ phase })} trials={inPhase} />
        ) : null;
      })}
    </>
  );
}
