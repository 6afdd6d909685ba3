import { MESSAGES, type ProgressResult } from '@cogni/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import {
  PROGRESS_TRIALS,
  type TrialsSource,
  usePrefetchResultTrials,
} from '../../lib/api/result-trials';
import { formatDateTime } from '../../lib/format';
import { formatDuration } from '../../lib/format-scores';
import { getWebTask } from '../../tasks/registry';
import { ChevronDownIcon } from '../ui/icons';
import { ResultDetails } from './result-details';
import './results.css';

type ResultItemProps = {
  result: ProgressResult;
  /** Where its trials are read; a signed-in user's progress unless said. */
  trials?: TrialsSource;
};

/**
 * A finished run as a disclosure: date, score and duration; its details when opened. Progress
 * tracking lists a user's runs with it, and a study's end a participant's.
 */
export function ResultItem({ result, trials = PROGRESS_TRIALS }: ResultItemProps) {
  const { i18n, t } = useLingui();
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const prefetchTrials = usePrefetchResultTrials(trials);
  const task = getWebTask(result.testType);
  const hasDetails = task !== undefined && result.summary !== null;
  // Reading the trials as the pointer or the focus reaches the row: they are usually there
  // by the time it opens.
  const prefetch = hasDetails ? () => prefetchTrials(result.id) : undefined;
  const score = result.summary ? i18n.number(result.summary.overallScore) : null;

  return (
    <article className="result" data-result-id={result.id}>
      <h4 className="result__heading">
        <button
          type="button"
          className="result__toggle"
          aria-expanded={isOpen}
          aria-controls={panelId}
          onClick={() => setIsOpen((open) => !open)}
          onPointerEnter={prefetch}
          onFocus={prefetch}
        >
          <span className="result__date">{formatDateTime(result.startTime)}</span>
          <span className="result__meta">
            {score !== null && (
              <span>
                <Trans>Score {score}%</Trans>
              </span>
            )}
            <span>{formatDuration(result.durationMs)}</span>
            {result.isMock && (
              <span className="badge badge--warning">
                <Trans>Mock data</Trans>
              </span>
            )}
          </span>
          <span className="result__chevron">
            <ChevronDownIcon />
          </span>
        </button>
      </h4>
      <div id={panelId} className="result__panel" hidden={!isOpen}>
        {isOpen &&
          (task && result.summary ? (
            <ResultDetails result={result} summary={result.summary} task={task} trials={trials} />
          ) : (
            <p className="empty-state">{t(MESSAGES.progressUnknownTestType)}</p>
          ))}
      </div>
    </article>
  );
}
