import type { ResultTrial } from '@cogni/domain';
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

const LURE_NAMES = { none: '', 'n-1': 'n−1 lure', 'n+1': 'n+1 lure' } as const;

/** One block's trials, collapsed until asked for: the letter, what it was, the answer, how fast. */
function BlockTable({ title, trials }: { title: string; trials: readonly NBackResultTrial[] }) {
  return (
    <CollapsedTrialTable
      summary={`${title} (${trials.length} letters, ${describeErrors(trials)})`}
      label={`${title} trials`}
      columns={[
        'Trial',
        'Letter',
        'N back',
        'Kind',
        'Answer',
        'Outcome',
        'RT',
        'Extra presses',
        'Input',
      ]}
    >
      {trials.map((trial) => (
        <tr key={trial.trialNumber} className={trial.isCorrect === false ? 'is-error' : undefined}>
          <th scope="row">{trial.trialNumber + 1}</th>
          <td>{trial.letter}</td>
          <td>{trial.nBackLetter ?? ''}</td>
          <td>
            {trial.isTarget === null
              ? 'Filler'
              : trial.isTarget
                ? 'Target'
                : `Non-target${trial.lureType === 'none' ? '' : ` (${LURE_NAMES[trial.lureType]})`}`}
          </td>
          <td>{trial.answer ? ANSWER_NAMES[trial.answer] : ''}</td>
          <td>{OUTCOME_NAMES[trial.responseType]}</td>
          <td>{formatMs(trial.reactionTime)}</td>
          <td>{trial.nExtraResponses}</td>
          <td>{trial.answer ? (INPUT_NAMES[trial.inputModality] ?? '') : ''}</td>
        </tr>
      ))}
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
