import type { ResultTrial } from '@cogni/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  CollapsedTrialTable,
  describeErrors,
  INPUT_NAMES,
} from '../../components/task/trial-table';
import { formatMs } from '../../lib/format-scores';
import {
  asFlankerTrials,
  blockTrialsName,
  CONGRUENCY_NAMES,
  displayText,
  type FlankerResultTrial,
  OUTCOME_NAMES,
} from './labels';

/** One block's trials, collapsed until asked for: what was shown, what was answered, how fast. */
function BlockTable({ title, trials }: { title: string; trials: readonly FlankerResultTrial[] }) {
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
        comment: "A table's summary: 'Practice trials (12, 1 error)'",
        message: `${title} (${count}, ${errors})`,
      })}
      label={title}
      columns={[
        t({ comment: 'a column: the trial number', message: 'Trial' }),
        t({ comment: 'a column: what the trial showed', message: 'Shown' }),
        t({ comment: 'a column: the kind of trial', message: 'Kind' }),
        t({ comment: 'a column: the answer given', message: 'Answer' }),
        t({ comment: "a column: the trial's outcome", message: 'Outcome' }),
        t({ comment: 'a column: reaction time', message: 'RT' }),
        t`Extra presses`,
        t({ comment: 'a column: how the trial was answered (key, touch)', message: 'Input' }),
      ]}
    >
      {trials.map((trial) => {
        const direction = trial.targetDirection;
        return (
          <tr key={trial.trialNumber} className={trial.isCorrect ? undefined : 'is-error'}>
            <th scope="row">{trial.trialNumber + 1}</th>
            <td>
              <span aria-hidden="true">{displayText(trial.display)}</span>
              <span className="visually-hidden">
                {direction === 'left' ? (
                  <Trans>middle arrow left</Trans>
                ) : (
                  <Trans>middle arrow right</Trans>
                )}
              </span>
            </td>
            <td>{t(CONGRUENCY_NAMES[trial.congruency])}</td>
            <td>
              {trial.response === 'left'
                ? t({ comment: 'an answer: left', message: 'Left' })
                : trial.response === 'right'
                  ? t({ comment: 'an answer: right', message: 'Right' })
                  : ''}
            </td>
            <td>{t(OUTCOME_NAMES[trial.responseType])}</td>
            <td>{formatMs(trial.reactionTime)}</td>
            <td>{trial.nExtraResponses}</td>
            <td>{trial.responded ? inputName(trial.inputModality) : ''}</td>
          </tr>
        );
      })}
    </CollapsedTrialTable>
  );
}

/** A run's trials as one collapsed table for practice and one for the test. */
export function FlankerTrialTables({ trials }: { trials: readonly ResultTrial[] }) {
  const { t } = useLingui();
  const all = asFlankerTrials(trials);
  return (
    <>
      {(['practice', 'test'] as const).map((phase) => {
        const block = all.filter((trial) => trial.phase === phase);
        return (
          block.length > 0 && (
            <BlockTable key={phase} title={t(blockTrialsName({ phase }))} trials={block} />
          )
        );
      })}
    </>
  );
}
