import type { ResultTrial } from '@cogni/domain';
import { TableScroll } from '../../components/ui/table-scroll';
import { formatMs } from '../../lib/format-scores';
import {
  ANSWER_NAMES,
  asNBackTrials,
  blockName,
  type NBackResultTrial,
  OUTCOME_NAMES,
} from './labels';

const INPUT_NAMES: Record<string, string> = { keyboard: 'Key', touch: 'Touch', mouse: 'Mouse' };
const LURE_NAMES = { none: '', 'n-1': 'n−1 lure', 'n+1': 'n+1 lure' } as const;

/** One block's trials, collapsed until asked for: the letter, what it was, the answer, how fast. */
function BlockTable({ title, trials }: { title: string; trials: readonly NBackResultTrial[] }) {
  const errors = trials.filter((t) => t.isCorrect === false).length;
  return (
    <details className="disclosure">
      <summary>
        {title} ({trials.length} letters, {errors} {errors === 1 ? 'error' : 'errors'})
      </summary>
      <TableScroll label={`${title} trials`}>
        <table className="table table--numeric">
          <caption className="visually-hidden">{title} trials</caption>
          <thead>
            <tr>
              <th scope="col">Trial</th>
              <th scope="col">Letter</th>
              <th scope="col">N back</th>
              <th scope="col">Kind</th>
              <th scope="col">Answer</th>
              <th scope="col">Outcome</th>
              <th scope="col">RT</th>
              <th scope="col">Extra presses</th>
              <th scope="col">Input</th>
            </tr>
          </thead>
          <tbody>
            {trials.map((trial) => (
              <tr
                key={trial.trialNumber}
                className={trial.isCorrect === false ? 'is-error' : undefined}
              >
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
          </tbody>
        </table>
      </TableScroll>
    </details>
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
