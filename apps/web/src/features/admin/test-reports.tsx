import {
  type AnyTask,
  findTask,
  formatAdminPanelError,
  MESSAGES,
  TASK_CATEGORIES,
  TEST_CATALOG,
} from '@cogni/domain';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { TableScroll } from '../../components/ui/table-scroll';
import { formatMs, formatPercent } from '../../lib/format-scores';
import { useGenerateMockData, useTaskReport } from './api/reports';

/**
 * Test Reports: each task's aggregate report with its mock-data generator, grouped as the test
 * list groups them; a test not available yet shows the empty state.
 */
export function TestReports() {
  const [includeMock, setIncludeMock] = useState(true);
  const [includeImplausible, setIncludeImplausible] = useState(false);

  return (
    <>
      <div className="admin-section__header">
        <h2>Test reports</h2>
        <Switch label="Include mock data" checked={includeMock} onChange={setIncludeMock} />
        <Switch
          label="Include implausible runs"
          checked={includeImplausible}
          onChange={setIncludeImplausible}
        />
      </div>
      {TASK_CATEGORIES.map((category) => {
        const cards = TEST_CATALOG.filter((card) => card.category === category.key);
        if (cards.length === 0) return null;
        const headingId = `reports-${category.key}`;
        return (
          <section key={category.key} className="admin-report-group" aria-labelledby={headingId}>
            <h3 id={headingId} className="admin-report-group__title">
              {category.label} tests
            </h3>
            {cards.map((card) => {
              const task = findTask(card.testType);
              return task ? (
                <TaskReport
                  key={task.id}
                  task={task}
                  includeMock={includeMock}
                  includeImplausible={includeImplausible}
                />
              ) : (
                <section
                  key={card.testType}
                  className="admin-report"
                  aria-labelledby={`report-${card.testType}`}
                >
                  <h4 id={`report-${card.testType}`}>{card.name}</h4>
                  <p className="empty-state">
                    No {card.name} data yet: it is not available to take.
                  </p>
                </section>
              );
            })}
          </section>
        );
      })}
    </>
  );
}

type TaskReportProps = { task: AnyTask; includeMock: boolean; includeImplausible: boolean };

/** One task's report: its cells over every participant's finished runs, and its mock-data button. */
function TaskReport({ task, includeMock, includeImplausible }: TaskReportProps) {
  const report = useTaskReport(task.id, { includeMock, includeImplausible });
  const generate = useGenerateMockData(task.id);
  const titleId = `report-${task.id}`;
  return (
    <section className="admin-report" aria-labelledby={titleId} data-test-type={task.id}>
      <h4 id={titleId}>{task.name}: all users</h4>
      <p className="admin-lead">
        Finished runs by condition, with the exclusions of the task's scoring (version{' '}
        {task.scoringVersion}). Participant-weighted: each run's mean, averaged over a participant's
        runs, then over participants. Trial-weighted: every counted trial alike. Runs judged
        implausible are left out unless included.
      </p>
      {report.isPending ? (
        <Spinner label="Loading the report…" />
      ) : report.isError ? (
        <Alert variant="error">{formatAdminPanelError(report.error.message)}</Alert>
      ) : (
        <>
          <p className="admin-report__counts">
            {report.data.runCount} {report.data.runCount === 1 ? 'run' : 'runs'} of{' '}
            {report.data.participantCount}{' '}
            {report.data.participantCount === 1 ? 'participant' : 'participants'},{' '}
            {report.data.totalTrials} scored trials
            {report.data.runsAwaitingRescore > 0 &&
              `; ${report.data.runsAwaitingRescore} older runs are being rescored and are not counted yet`}
            .
          </p>
          <TableScroll label={`${task.name} report`}>
            <table className="table table--numeric" aria-busy={report.isFetching}>
              <caption className="visually-hidden">
                {task.name} report, {report.data.includeMock ? 'with' : 'without'} mock data,{' '}
                {report.data.includeImplausible ? 'with' : 'without'} implausible runs,{' '}
                {report.data.runCount} runs
              </caption>
              <thead>
                <tr>
                  <th scope="col" rowSpan={2}>
                    Condition
                  </th>
                  <th scope="col" rowSpan={2}>
                    Participants
                  </th>
                  <th scope="col" rowSpan={2}>
                    Trials
                  </th>
                  <th scope="colgroup" colSpan={2}>
                    Participant-weighted
                  </th>
                  <th scope="colgroup" colSpan={2}>
                    Trial-weighted
                  </th>
                </tr>
                <tr>
                  <th scope="col">Mean RT</th>
                  <th scope="col">Error rate</th>
                  <th scope="col">Mean RT</th>
                  <th scope="col">Error rate</th>
                </tr>
              </thead>
              <tbody>
                {report.data.cells.map((cell) => (
                  <tr key={cell.cell} data-cell={cell.cell}>
                    <th scope="row">
                      {cell.label} <code className="admin-report__key">{cell.cell}</code>
                    </th>
                    <td>{cell.participantCount}</td>
                    <td>{cell.trialCount}</td>
                    <td>{formatMs(cell.meanRtMs)}</td>
                    <td>{formatPercent(cell.errorRatePercent)}</td>
                    <td>{formatMs(cell.trialWeightedMeanRtMs)}</td>
                    <td>{formatPercent(cell.trialWeightedErrorRatePercent)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </>
      )}
      <div className="admin-mock">
        <Button
          variant="secondary"
          onClick={() => generate.mutate()}
          disabled={generate.isPending}
          isBusy={generate.isPending}
        >
          Generate mock data<span className="visually-hidden"> for the {task.name}</span>
        </Button>
        <p className="field__hint">
          Saves one complete {task.name} result with generated trials to your own account, marked as
          mock.
        </p>
      </div>
      {generate.isSuccess && <Alert variant="success">{MESSAGES.mockDataSucceeded}</Alert>}
      {generate.isError && <Alert variant="error">{MESSAGES.mockDataFailed}</Alert>}
    </section>
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
