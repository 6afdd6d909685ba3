import type { ResultTrial } from '@cogni/domain';
import {
  CollapsedTrialTable,
  describeErrors,
  INPUT_NAMES,
} from '../../components/task/trial-table';
import { formatMs } from '../../lib/format-scores';
import {
  asFlankerTrials,
  blockName,
  CONGRUENCY_NAMES,
  displayText,
  type FlankerResultTrial,
  OUTCOME_NAMES,
} from './labels';

/** One block's trials, collapsed until asked for: what was shown, what was answered, how fast. */
function BlockTable({ title, trials }: { title: string; trials: readonly FlankerResultTrial[] }) {
  return (
    <CollapsedTrialTable
      summary={`${title} trials (${trials.length}, ${describeErrors(trials)})`}
      label={`${title} trials`}
      columns={['Trial', 'Shown', 'Kind', 'Answer', 'Outcome', 'RT', 'Extra presses', 'Input']}
    >
      {trials.map((trial) => (
        <tr key={trial.trialNumber} className={trial.isCorrect ? undefined : 'is-error'}>
          <th scope="row">{trial.trialNumber + 1}</th>
          <td>
            <span aria-hidden="true">{displayText(trial.display)}</span>
            <span className="visually-hidden">middle arrow {trial.targetDirection}</span>
          </td>
          <td>{CONGRUENCY_NAMES[trial.congruency]}</td>
          <td>{trial.response === 'left' ? 'Left' : trial.response === 'right' ? 'Right' : ''}</td>
          <td>{OUTCOME_NAMES[trial.responseType]}</td>
          <td>{formatMs(trial.reactionTime)}</td>
          <td>{trial.nExtraResponses}</td>
          <td>{trial.responded ? (INPUT_NAMES[trial.inputModality] ?? '') : ''}</td>
        </tr>
      ))}
    </CollapsedTrialTable>
  );
}

/** A run's trials as one collapsed table for practice and one for the test. */
export function FlankerTrialTables({ trials }: { trials: readonly ResultTrial[] }) {
  const all = asFlankerTrials(trials);
  return (
    <>
      {(['practice', 'test'] as const).map((phase) => {
        const block = all.filter((t) => t.phase === phase);
        return (
          block.length > 0 && <BlockTable key={phase} title={blockName({ phase })} trials={block} />
        );
      })}
    </>
  );
}
