import { formatAdminPanelError, MESSAGES } from '@cogni/domain';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { TableScroll } from '../../components/ui/table-scroll';
import { formatMs, formatPercent } from '../../lib/format-scores';
import { CELL_NAMES } from '../stroop/labels';
import { useGenerateMockData, useStroopReport } from './api/reports';

/** Test Reports: the aggregate Stroop report (D18), the mock-data generator (D19). */
export function TestReports() {
  const [includeMock, setIncludeMock] = useState(true);
  const [includeImplausible, setIncludeImplausible] = useState(false);
  const report = useStroopReport({ includeMock, includeImplausible });
  const generate = useGenerateMockData();

  return (
    <>
      <h2>Test reports</h2>
      <section className="admin-report" aria-labelledby="stroop-report-title">
        <div className="admin-section__header">
          <h3 id="stroop-report-title">Stroop Test: all users</h3>
          <Switch label="Include mock data" checked={includeMock} onChange={setIncludeMock} />
          <Switch
            label="Include implausible runs"
            checked={includeImplausible}
            onChange={setIncludeImplausible}
          />
        </div>
        <p className="admin-lead">
          Test-phase trials of every stored result, by cue and by whether the cue switched. Mean
          reaction time is over correct trials; error rate over all trials of the cell. Runs judged
          implausible or abandoned are left out unless included.
        </p>
        {report.isPending ? (
          <Spinner label="Loading the report…" />
        ) : report.isError ? (
          <Alert variant="error">{formatAdminPanelError(report.error.message)}</Alert>
        ) : (
          <TableScroll label="Stroop report">
            <table className="table table--numeric" aria-busy={report.isFetching}>
              <caption className="visually-hidden">
                Stroop report, {report.data.includeMock ? 'with' : 'without'} mock data,{' '}
                {report.data.includeImplausible ? 'with' : 'without'} implausible runs,{' '}
                {report.data.totalTrials} trials
              </caption>
              <thead>
                <tr>
                  <th scope="col">Condition</th>
                  <th scope="col">Report category</th>
                  <th scope="col">Trials</th>
                  <th scope="col">Mean RT (correct)</th>
                  <th scope="col">Error rate</th>
                </tr>
              </thead>
              <tbody>
                {report.data.cells.map((cell) => (
                  <tr key={cell.cell} data-cell={cell.cell}>
                    <th scope="row">{CELL_NAMES[cell.cell]}</th>
                    <td>
                      <code>{cell.cell}</code>
                    </td>
                    <td>{cell.trialCount}</td>
                    <td>{formatMs(cell.meanRtMs)}</td>
                    <td>{formatPercent(cell.errorRatePercent)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">All conditions</th>
                  <td />
                  <td>{report.data.totalTrials}</td>
                  <td />
                  <td />
                </tr>
              </tfoot>
            </table>
          </TableScroll>
        )}
        <div className="admin-mock">
          <Button
            variant="secondary"
            onClick={() => generate.mutate()}
            disabled={generate.isPending}
            isBusy={generate.isPending}
          >
            Generate mock data
          </Button>
          <p className="field__hint">
            Saves one complete Stroop result with 168 generated trials to your own account, marked
            as mock.
          </p>
        </div>
        {generate.isSuccess && <Alert variant="success">{MESSAGES.mockDataSucceeded}</Alert>}
        {generate.isError && <Alert variant="error">{MESSAGES.mockDataFailed}</Alert>}
      </section>
      <section className="admin-report" aria-labelledby="memory-report-title">
        <h3 id="memory-report-title">Memory tests</h3>
        <p className="empty-state">
          No memory test (N-back, Digit Span) has data yet: they are not available to take.
        </p>
      </section>
      <section className="admin-report" aria-labelledby="attention-report-title">
        <h3 id="attention-report-title">Attention tests</h3>
        <p className="empty-state">
          No attention test (PVT, SART, Go/No-Go) has data yet: they are not available to take.
        </p>
      </section>
    </>
  );
}

/** An on/off switch: a checkbox with the switch role, so screen readers say "on" or "off". */
function Switch({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="switch">
      <input
        type="checkbox"
        role="switch"
        aria-checked={checked}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>{label}</span>
    </label>
  );
}
