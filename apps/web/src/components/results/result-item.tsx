import { MESSAGES, type ProgressResult } from '@cogni/domain';
import { useId, useState } from 'react';
import { ChevronDownIcon } from '../../components/ui/icons';
import { formatDateTime } from '../../lib/format';
import { formatDuration } from '../../lib/format-scores';
import { getWebTask } from '../../tasks/registry';
import { usePrefetchProgressTrials } from './api/get-progress';
import { ResultDetails } from './result-details';

type ResultItemProps = { result: ProgressResult };

/** A result as a disclosure: date, score and duration; its details when opened. */
export function ResultItem({ result }: ResultItemProps) {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const prefetchTrials = usePrefetchProgressTrials();
  const task = getWebTask(result.testType);
  const hasDetails = task !== undefined && result.summary !== null;
  // Reading the trials as the pointer or the focus reaches the row: they are usually there
  // by the time it opens.
  const prefetch = hasDetails ? () => prefetchTrials(result.id) : undefined;

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
            {result.summary && <span>Score {result.summary.overallScore}%</span>}
            <span>{formatDuration(result.durationMs)}</span>
            {result.isMock && <span className="badge badge--warning">Mock data</span>}
          </span>
          <span className="result__chevron">
            <ChevronDownIcon />
          </span>
        </button>
      </h4>
      <div id={panelId} className="result__panel" hidden={!isOpen}>
        {isOpen &&
          (task && result.summary ? (
            <ResultDetails result={result} summary={result.summary} task={task} />
          ) : (
            <p className="empty-state">{MESSAGES.progressUnknownTestType}</p>
          ))}
      </div>
    </article>
  );
}
