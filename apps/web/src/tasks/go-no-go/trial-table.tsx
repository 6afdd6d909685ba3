import type { ResultTrial } from '@cogni/domain';
import { useLingui } from '@lingui/react/macro';
import {
  CollapsedTrialTable,
  describeErrors,
  INPUT_NAMES,
} from '../../components/task/trial-table';
import { formatMs } from '../../lib/format-scores';
import {
  asGoNoGoTrials,
  blockTrialsName,
  type GoNoGoResultTrial,
  OUTCOME_NAMES,
  STIMULUS_NAMES,
} from './labels';

/** One block's trials, collapsed until asked for: what was shown, what happened, how fast. */
function BlockTable({ title, trials }: { title: string; trials: readonly GoNoGoResultTrial[] }) {
  const { t } = useLingui();
  const count = trials.length;
  const errors = describeErrors(trials);
  const inputName = (modality: string) => {
    const name = INPUT_NAMES[modality];
    return name ? t(name) : '';
  };
  return (
    <CollapsedTrialTable
      summary={t({
        comment: "A table's summary: 'Practice round 1 trials (12, 1 error)'",
        message: `${title} (${count}, ${errors})`,
      })}
      label={title}
      columns={[
        t({ comment: 'a column: the trial number', message: 'Trial' }),
        t({ comment: 'a column: what the trial showed', message: 'Shown' }),
        t({ comment: 'a column: the kind of trial', message: 'Kind' }),
        t({ comment: "a column: the trial's outcome", message: 'Outcome' }),
        t({ comment: 'a column: reaction time', message: 'RT' }),
        t`Extra presses`,
        t({
          comment: 'a column: whether a press came after the response window',
          message: 'Late press',
        }),
        t({ comment: 'a column: how the trial was answered (key, touch)', message: 'Input' }),
      ]}
    >
      {trials.map((trial) => (
        <tr key={trial.trialNumber} className={trial.isCorrect ? undefined : 'is-error'}>
          <th scope="row">{trial.trialNumber + 1}</th>
          <td>{t(STIMULUS_NAMES[trial.stimulusId])}</td>
          <td>
            {trial.stimulusType === 'go'
              ? t({ comment: 'a kind of Go/No-Go trial: to respond to', message: 'Go' })
              : t({ comment: 'a kind of Go/No-Go trial: not to respond to', message: 'No-go' })}
          </td>
          <td>{t(OUTCOME_NAMES[trial.responseType])}</td>
          <td>{formatMs(trial.reactionTime)}</td>
          <td>{trial.nExtraResponses}</td>
          <td>{trial.lateResponse ? t`Yes` : t`No`}</td>
          <td>{trial.responded ? inputName(trial.inputModality) : ''}</td>
        </tr>
      ))}
    </CollapsedTrialTable>
  );
}

/** A run's trials as one collapsed table per practice round and one for the test. */
export function GoNoGoTrialTables({ trials }: { trials: readonly ResultTrial[] }) {
  const { t } = useLingui();
  const all = asGoNoGoTrials(trials);
  const blocks = [
    ...new Set(all.filter((trial) => trial.phase === 'practice').map((trial) => trial.block)),
  ].sort((a, b) => a - b);
  const test = all.filter((trial) => trial.phase === 'test');
  return (
    <>
      {blocks.map((block) => (
        <BlockTable
          key={`practice-${block}`}
          title={t(blockTrialsName({ phase: 'practice', block }))}
          trials={all.filter((trial) => trial.phase === 'practice' && trial.block === block)}
        />
      ))}
      {test.length > 0 && (
        <BlockTable title={t(blockTrialsName({ phase: 'test', block: 0 }))} trials={test} />
      )}
    </>
  );
}
