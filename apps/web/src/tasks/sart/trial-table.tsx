import type { ResultTrial } from '@cogni/domain';
import { useLingui } from '@lingui/react/macro';
import {
  CollapsedTrialTable,
  describeErrors,
  INPUT_NAMES,
} from '../../components/task/trial-table';
import { formatMs } from '../../lib/format-scores';
import { asSartTrials, LATENCY_NAMES, OUTCOME_NAMES, type SartResultTrial } from './labels';

/** One block's trials, collapsed until asked for: the digit, its size, what happened, how fast. */
function BlockTable({
  phase,
  trials,
}: {
  phase: SartResultTrial['phase'];
  trials: readonly SartResultTrial[];
}) {
  const { t } = useLingui();
  const count = trials.length;
  const errors = describeErrors(trials);
  return (
    <CollapsedTrialTable
      summary={
        phase === 'practice'
          ? t`Practice trials (${count}, ${errors})`
          : t`Test trials (${count}, ${errors})`
      }
      label={phase === 'practice' ? t`Practice trials` : t`Test trials`}
      columns={[
        t`Trial`,
        t`Digit`,
        t`Size`,
        t`Outcome`,
        t({ comment: 'reaction time, a column heading', message: 'RT' }),
        t`Latency`,
        t`Extra presses`,
        t`Input`,
      ]}
    >
      {trials.map((trial) => {
        const latency = LATENCY_NAMES[trial.latencyType];
        const input = INPUT_NAMES[trial.inputModality];
        return (
          <tr key={trial.trialNumber} className={trial.isCorrect ? undefined : 'is-error'}>
            <th scope="row">{trial.trialNumber + 1}</th>
            <td>{trial.digit}</td>
            <td>{trial.fontSizeIndex + 1}</td>
            <td>{t(OUTCOME_NAMES[trial.responseType])}</td>
            <td>{formatMs(trial.reactionTime)}</td>
            <td>{latency ? t(latency) : ''}</td>
            <td>{trial.nExtraResponses}</td>
            <td>{trial.responded && input ? t(input) : ''}</td>
          </tr>
        );
      })}
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
          <BlockTable key={phase} phase={phase} trials={inPhase} />
        ) : null;
      })}
    </>
  );
}
