import { describeColumns, MY_DATA_EXPORT_COLUMNS } from '@cogni/domain';
import { buttonClassName } from '../../components/ui/button';
import { DownloadIcon } from '../../components/ui/icons';
import { TableScroll } from '../../components/ui/table-scroll';
import { getExportUrl } from './api/export-url';

const COLUMNS = describeColumns(MY_DATA_EXPORT_COLUMNS);

/** 'Download my data': every trial of the user's own results, with what each column means. */
export function DownloadData() {
  return (
    <section className="progress-download card" aria-labelledby="download-title">
      <h2 id="download-title">Download my data</h2>
      <p>
        Every trial of all your results, one row per trial: as a CSV file for a spreadsheet or
        statistics program, or as JSON with the column descriptions included.
      </p>
      <div className="progress-download__actions">
        <a className={buttonClassName('primary')} href={getExportUrl('csv')} download>
          <DownloadIcon />
          CSV
        </a>
        <a className={buttonClassName('secondary')} href={getExportUrl('json')} download>
          <DownloadIcon />
          JSON
        </a>
      </div>
      <details className="disclosure">
        <summary>What the {COLUMNS.length} columns mean</summary>
        <TableScroll label="Columns of the download">
          <table className="table">
            <caption className="visually-hidden">Columns of the download</caption>
            <thead>
              <tr>
                <th scope="col">Column</th>
                <th scope="col">Type</th>
                <th scope="col">Meaning</th>
              </tr>
            </thead>
            <tbody>
              {COLUMNS.map((column) => (
                <tr key={column.name}>
                  <td>
                    <code>{column.name}</code>
                  </td>
                  <td>{column.type}</td>
                  <td>{column.description}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </details>
    </section>
  );
}
