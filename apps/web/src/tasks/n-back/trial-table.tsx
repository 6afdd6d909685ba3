import type { ResultTrial } from '@cogni/domain';
import type { LureType } from '@cogni/domain/tasks/n-back';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import {
  CollapsedTrialTable,
  describeErrors,
  INPUT_NAMES,
} from '../../components/task/trial-table';
import { formatMs } from '../../lib/format-scores';
import {
  ANSWER_NAMES,
  asNBackTrials,
  blockName,
  type NBackResultTrial,
  OUTCOME_NAMES,
} from './labels';

/** A non-target's kind in the trial table, by its lure. */
const NON_TARGET_NAMES: Record<LureType, MessageDescriptor> = {
  none: msg`Non-target`,
  'n-1': msg`Non-target (n−1 lure)`,
  'n+1': msg`Non-target (n+1 lure)`,
};

/** One block's trials, collapsed until asked for: the letter, what it was, the answer, how fast. */
function BlockTable({ title, trials }: { title: string; trials: readonly NBackResultTrial[] }) {
  const { t } = useLingui();
  const letters = trials.length;
  const errors = describeErrors(trials);
  return (
    <CollapsedTrialTable
      summary={t`${title} (${plural(letters, { one: '# letter', other: '# letters' })}, ${errors})`}
      label={t`${title} trials`}
      columns={[
        t`Trial`,
        t`Letter`,
        t({ comment: 'the letter n back, a column heading', message: 'N back' }),
        t`Kind`,
        t`Answer`,
        t`Outcome`,
        t({ comment: 'reaction time, a column heading', message: 'RT' }),
        t`Extra presses`,
        t`Input`,
      ]}
    >
      {trials.map((trial) => {
        const input = INPUT_NAMES[trial.inputModality];
        return (
          <tr
            key={trial.trialNumber}
            className={trial.isCorrect === false ? 'is-error' : undefined}
          >
            <th scope="row">{trial.trialNumber + 1}</th>
            <td>{trial.letter}</td>
            <td>{trial.nBackLetter ?? ''}</td>
            <td>
              {trial.isTarget === null
                ? t`Filler`
                : trial.isTarget
                  ? t`Target`
                  : t(NON_TARGET_NAMES[trial.lureType])}
            </td>
            <td>{trial.answer ? t(ANSWER_NAMES[trial.answer]) : ''}</td>
            <td>{t(OUTCOME_NAMES[trial.responseType])}</td>
            <td>{formatMs(trial.reactionTime)}</td>
            <td>{trial.nExtraResponses}</td>
            <td>{trial.answer && input ? t(input) : ''}</td>
          </tr>
        );
      })}
    </CollapsedTrialTable>
  );
}

/** A run's trials as one collapsed table per practice round and test block, in run order. */
export function NBackTrialTables({ trials }: { trials: readonly ResultTrial[] }) {
  const all = asNBackTrials(trials);
  const blocks = [...new Set(all.map((t) => `${t.phase}:${t.block}`))]
    .map((key) => {
      const [phase, block] = key.split(':');
      return { phase: phase as 'practice' | 'test', block: Number(block) };
    })
    .sort(
      (a, b) =>
        Math.floor(a.block / 10) - Math.floor(b.block / 10) ||
        (a.phase === b.phase ? 0 : a.phase === 'practice' ? -1 : 1) ||
        a.block - b.block,
    );
  return (
    <>
      {blocks.map((block) => (
        <BlockTable
          key={`${block.phase}-${block.block}`}
          title={blockName(block)}
          trials={all.filter((t) => t.phase === block.phase && t.block === block.block)}
        />
      ))}
    </>
  );
}
