import type { ResultTrial } from '@cogni/domain';
import {
  CollapsedTrialTable,
  describeErrors,
  INPUT_NAMES,
} from '../../components/task/trial-table';
import { formatMs } from '../../lib/format-scores';
import {
  asGoNoGoTrials,
  blockName,
  type GoNoGoResultTrial,
  OUTCOME_NAMES,
  STIMULUS_NAMES,
} from './labels';

/** One block's trials, collapsed until asked for: what was shown, what happened, how fast. */
function BlockTable({ title, trials }: { title: string; trials: readonly GoNoGoResultTrial[] }) {
  return (
    <CollapsedTrialTable
      summary={`${title} trials (${trials.length}, ${describeErrors(trials)})`}
      label={`${title} trials`}
      columns={['Trial', 'Shown', 'Kind', 'Outcome', 'RT', 'Extra presses', 'Late press', 'Input']}
    >
      {trials.map((trial) => (
        <tr key={trial.trialNumber} className={trial.isCorrect ? undefined : 'is-error'}>
          <th scope="row">{trial.trialNumber + 1}</th>
          <td>{STIMULUS_NAMES[trial.stimulusId]}</td>
          <td>{trial.stimulusType === 'go' ? 'Go' : 'No-go'}</td>
          <td>{OUTCOME_NAMES[trial.responseType]}</td>
          <td>{formatMs(trial.reactionTime)}</td>
          <td>{trial.nExtraResponses}</td>
          <td>{trial.lateResponse ? 'Yes' : 'No'}</td>
          <td>{trial.responded ? (INPUT_NAMES[trial.inputModality] ?? '') : ''}</td>
        </tr>
      ))}
    </CollapsedTrialTable>
  );
}

/** A run's trials as one collapsed table per practice round and one for the test. */
export function GoNoGoTrialTables({ trials }: { trials: readonly ResultTrial[] }) {
  const all = asGoNoGoTrials(trials);
  const blocks = [...new Set(all.filter((t) => t.phase === 'practice').map((t) => t.block))].sort(
    (a, b) => a - b,
  );
  const test = all.filter((t) => t.phase === 'test');
  return (
    <>
      {blocks.map((block) => (
        <BlockTable
          key={`practice-${block}`}
          title={blockName({ phase: 'practice', block })}
          trials={all.filter((t) => t.phase === 'practice' && t.block === block)}
        />
      ))}
      {test.length > 0 && <BlockTable title="Test" trials={test} />}
    </>
  );
}
