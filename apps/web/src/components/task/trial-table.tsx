import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import { i18n } from '../../lib/i18n/i18n';
import { TableScroll } from '../ui/table-scroll';

/** How a trial's input is named in a result's trial table: show with `t(INPUT_NAMES[...])`. */
export const INPUT_NAMES: Record<string, MessageDescriptor> = {
  keyboard: msg({ comment: 'how a trial was answered: with a key', message: 'Key' }),
  touch: msg({ comment: 'how a trial was answered: by touch', message: 'Touch' }),
  mouse: msg({ comment: 'how a trial was answered: with the mouse', message: 'Mouse' }),
};

/**
 * '3 errors', '1 error': how many of `trials` were answered wrong, in the reader's language (a
 * count, put in a table's summary as a placeholder, as minutesText is).
 */
export function describeErrors(trials: readonly { isCorrect: boolean | null }[]): string {
  const errors = trials.filter((t) => t.isCorrect === false).length;
  return i18n._(msg({ message: plural(errors, { one: '# error', other: '# errors' }) }));
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
