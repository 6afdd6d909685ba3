import type { ResultTrial } from '@cogni/domain';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { CollapsedTrialTable, INPUT_NAMES } from '../../components/task/trial-table';
import { formatMs } from '../../lib/format-scores';
import { asPvtTrials, type PvtResultTrial, TYPE_NAMES } from './labels';

/** '2 lapses, 1 false start': what went wrong in a phase's trials. */
function describeMisses(i18n: I18n, trials: readonly PvtResultTrial[]): string {
  const lapses = trials.filter((t) => t.type === 'lapse' || t.type === 'timeout').length;
  const falseStarts =
    trials.filter((t) => t.type === 'false_start').length +
    trials.reduce((sum, t) => sum + t.nFalseStarts, 0);
  return i18n._(
    msg`${plural(lapses, { one: '# lapse', other: '# lapses' })}, ${plural(falseStarts, { one: '# false start', other: '# false starts' })}`,
  );
}

/**
 * One phase's trials, collapsed until asked for: the interval drawn, the time from the last press
 * to the counter (the response-to-stimulus interval), reaction time, type, false starts.
 */
function PhaseTable({
  phase,
  trials,
}: {
  phase: PvtResultTrial['phase'];
  trials: readonly PvtResultTrial[];
}) {
  const { i18n, t } = useLingui();
  const count = trials.length;
  const misses = describeMisses(i18n, trials);
  const oneDecimal = { minimumFractionDigits: 1, maximumFractionDigits: 1 };
  return (
    <CollapsedTrialTable
      summary={
        phase === 'habituation'
          ? t`Practice trials (${count}, ${misses})`
          : t`Test trials (${count}, ${misses})`
      }
      label={phase === 'habituation' ? t`Practice trials` : t`Test trials`}
      columns={[
        t`Trial`,
        t`Interval`,
        t`Since last press`,
        t({ comment: 'reaction time, a column heading', message: 'RT' }),
        t`Type`,
        t`False starts before`,
        t`Time on task`,
        t`Input`,
      ]}
    >
      {trials.map((trial) => {
        const input = INPUT_NAMES[trial.inputModality];
        return (
          <tr key={trial.trialNumber} className={trial.type === 'valid' ? undefined : 'is-error'}>
            <th scope="row">{trial.trialNumber + 1}</th>
            <td>{formatMs(trial.foreperiodMs)}</td>
            <td>{formatMs(trial.rsiMs)}</td>
            <td>{formatMs(trial.reactionTime)}</td>
            <td>{t(TYPE_NAMES[trial.type])}</td>
            <td>{trial.nFalseStarts}</td>
            <td>{`${i18n.number(trial.elapsedMs / 1000, oneDecimal)} s`}</td>
            <td>{trial.reactionTime === null || !input ? '' : t(input)}</td>
          </tr>
        );
      })}
    </CollapsedTrialTable>
  );
}

/** A run's trials as one collapsed table for the practice (habituation) and one for the test. */
export function PvtTrialTables({ trials }: { trials: readonly ResultTrial[] }) {
  const all = asPvtTrials(trials);
  const habituation = all.filter((t) => t.phase === 'habituation');
  const test = all.filter((t) => t.phase === 'test');
  return (
    <>
      {habituation.length > 0 && <PhaseTable phase="habituation" trials={habituation} />}
      {test.length > 0 && <PhaseTable phase="test" trials={test} />}
    </>
  );
}
