import type { ResultTrial } from '@cogni/domain';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import {
  CollapsedTrialTable,
  describeErrors,
  INPUT_NAMES,
} from '../../components/task/trial-table';
import { formatMs } from '../../lib/format-scores';
import {
  asDigitSpanTrials,
  type DigitSpanResultTrial,
  interruptionOf,
  partListsName,
  spaced,
} from './labels';

const INTERRUPTION_TEXT: Record<'givenAgain' | 'counted', MessageDescriptor> = {
  givenAgain: msg({ comment: 'an interrupted list that was given again', message: 'given again' }),
  counted: msg({ comment: 'an interrupted list that counted by its answer', message: 'counted' }),
};

/**
 * One part's lists, collapsed until asked for: what was shown, what was entered, how fast, and
 * whether the list was interrupted (and then given again, or counted by its answer).
 */
function PartTable({ title, trials }: { title: string; trials: readonly DigitSpanResultTrial[] }) {
  const { t } = useLingui();
  const scored = trials.filter((trial) => interruptionOf(trial) !== 'givenAgain');
  const givenAgain = trials.length - scored.length;
  const count = trials.length;
  const errors = describeErrors(scored);
  const inputName = (modality: string) => {
    const name = INPUT_NAMES[modality];
    return name ? t(name) : '';
  };
  return (
    <CollapsedTrialTable
      summary={
        givenAgain === 0
          ? t({
              comment: "A table's summary: 'Forward test lists (14, 3 errors)'",
              message: `${title} (${count}, ${errors})`,
            })
          : t`${title} (${count}, ${errors}, ${givenAgain} interrupted and given again)`
      }
      label={title}
      columns={[
        t({ comment: 'a column: the list number', message: 'List' }),
        t({ comment: 'a column: how many digits the list had', message: 'Digits' }),
        t({ comment: 'a column: the digits shown', message: 'Shown' }),
        t`Right answer`,
        t({ comment: 'a column: the digits entered', message: 'Entered' }),
        t({ comment: 'a column: how many digits were in the right place', message: 'In place' }),
        t`Answer time`,
        t({ comment: 'a column: the time to the first key', message: 'First key' }),
        t({ comment: 'a column: how many digits were deleted', message: 'Deletes' }),
        t({ comment: 'a column: how the trial was answered (key, touch)', message: 'Input' }),
        t({
          comment: 'a column: whether the page was left during the list',
          message: 'Interrupted',
        }),
      ]}
    >
      {trials.map((trial, i) => {
        const interruption = interruptionOf(trial);
        const isError = !trial.isCorrect && interruption !== 'givenAgain';
        const entered = spaced(trial.entered);
        const inPlace = trial.nCorrectPositions;
        const length = trial.length;
        return (
          <tr key={trial.trialNumber} className={isError ? 'is-error' : undefined}>
            <th scope="row">{i + 1}</th>
            <td>{trial.length}</td>
            <td>{spaced(trial.presented)}</td>
            <td>{spaced(trial.expected)}</td>
            <td>{trial.timedOut ? t`${entered} (timed out)` : entered}</td>
            <td>{t`${inPlace} of ${length}`}</td>
            <td>{formatMs(trial.reactionTime)}</td>
            <td>{formatMs(trial.firstKeyRt)}</td>
            <td>{trial.nBackspaces}</td>
            <td>{inputName(trial.inputModality)}</td>
            <td>
              {interruption
                ? t(INTERRUPTION_TEXT[interruption])
                : trial.interrupted
                  ? t({ comment: 'the list was interrupted', message: 'yes' })
                  : ''}
            </td>
          </tr>
        );
      })}
    </CollapsedTrialTable>
  );
}

/** A run's lists as one collapsed table per part: each direction's practice and test. */
export function DigitSpanTrialTables({ trials }: { trials: readonly ResultTrial[] }) {
  const { t } = useLingui();
  const all = asDigitSpanTrials(trials);
  const parts = [0, 1].flatMap((block) =>
    (['practice', 'test'] as const).map((phase) => ({
      phase,
      block,
      trials: all
        .filter((trial) => trial.phase === phase && trial.block === block)
        .sort((a, b) => a.trialNumber - b.trialNumber),
    })),
  );
  return (
    <>
      {parts
        .filter((part) => part.trials.length > 0)
        .map((part) => (
          <PartTable
            key={`${part.phase}-${part.block}`}
            title={t(partListsName(part))}
            trials={part.trials}
          />
        ))}
    </>
  );
}
