import { TableScroll } from './table-scroll';

/** One labelled value: a row of a ValueTable. */
export type ValueRow = { label: string; value: string | number };

/** A captioned two-column table of labelled values (a score's name and its value, say). */
export function ValueTable({ caption, rows }: { caption: string; rows: readonly ValueRow[] }) {
  return (
    <TableScroll label={caption}>
      <table className="table table--numeric">
        <caption>{caption}</caption>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
