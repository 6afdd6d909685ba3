import type { ReactNode } from 'react';
import { TableScroll } from '../ui/table-scroll';

/** How a trial's input is named in a result's trial table. */
export const INPUT_NAMES: Record<string, string> = {
  keyboard: 'Key',
  touch: 'Touch',
  mouse: 'Mouse',
};

/** '3 errors', '1 error': how many of `trials` were answered wrong. */
export function describeErrors(trials: readonly { isCorrect: boolean | null }[]): string {
  const errors = trials.filter((t) => t.isCorrect === false).length;
  return `${errors} ${errors === 1 ? 'error' : 'errors'}`;
}

/**
 * One block's (or part's) trials in a result, collapsed until asked for: `summary` on the
 * disclosure, then a scrolling numeric table named `label` with a header of `columns` and the
 * task's rows as children.
 */
export function CollapsedTrialTable(props: {
  summary: ReactNode;
  label: string;
  columns: readonly string[];
  children: ReactNode;
}) {
  return (
    <details className="disclosure">
      <summary>{props.summary}</summary>
      <TableScroll label={props.label}>
        <table className="table table--numeric">
          <caption className="visually-hidden">{props.label}</caption>
          <thead>
            <tr>
              {props.columns.map((column) => (
                <th scope="col" key={column}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{props.children}</tbody>
        </table>
      </TableScroll>
    </details>
  );
}
