import { describeColumns, MY_DATA_EXPORT_COLUMNS } from '@cogni/domain';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { buttonClassName } from '../../components/ui/button';
import { DownloadIcon } from '../../components/ui/icons';
import { TableScroll } from '../../components/ui/table-scroll';
import { getExportUrl } from './api/export-url';

const COLUMNS = describeColumns(MY_DATA_EXPORT_COLUMNS);

/**
 * 'Download my data': every trial of the user's own results, with what each column means. The
 * columns' names, types and meanings document the file, which is in English, and stay so.
 */
export function DownloadData() {
  const { t } = useLingui();
  const columnCount = COLUMNS.length;
  return (
    <section className="progress-download card" aria-labelledby="download-title">
      <h2 id="download-title">
        <Trans>Download my data</Trans>
      </h2>
      <p>
        <Trans>
          Every trial of all your results, one row per trial: as a CSV file for a spreadsheet or
          statistics program, or as JSON with the column descriptions included.
        </Trans>
      </p>
      <div className="progress-download__actions">
        <a className={buttonClassName('primary')} href={getExportUrl('csv')} download>
          <DownloadIcon />
          {/* i18n-ignore: a file format's name */}
          CSV
        </a>
        <a className={buttonClassName('secondary')} href={getExportUrl('json')} download>
          <DownloadIcon />
          {/* i18n-ignore: a file format's name */}
          JSON
        </a>
      </div>
      <details className="disclosure">
        <summary>
          <Plural
            value={columnCount}
            one="What the # column means"
            other="What the # columns mean"
          />
        </summary>
        <TableScroll label={t`Columns of the download`}>
          <table className="table">
            <caption className="visually-hidden">
              <Trans>Columns of the download</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Column</Trans>
                </th>
                <th scope="col">
                  <Trans comment="a data column's type: text, number…">Type</Trans>
                </th>
                <th scope="col">
                  <Trans>Meaning</Trans>
                </th>
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
