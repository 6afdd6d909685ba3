import { type AnyTask, findTask, MESSAGES, TASK_CATEGORIES, TEST_CATALOG } from '@cogni/domain';
import { plural, select } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { TableScroll } from '../../components/ui/table-scroll';
import { formatMs, formatPercent } from '../../lib/format-scores';
import { useErrorText } from '../../lib/i18n/error-text';
import { AdminPanelError } from './admin-error';
import { useGenerateMockData, useTaskReport } from './api/reports';

/**
 * Test Reports: each task's aggregate report with its mock-data generator, grouped as the test
 * list groups them; a test not available yet shows the empty state.
 */
export function TestReports() {
  const { t } = useLingui();
  const { translateEnglish } = useErrorText();
  const [includeMock, setIncludeMock] = useState(true);
  const [includeImplausible, setIncludeImplausible] = useState(false);

  return (
    <>
      <div className="admin-section__header">
        <h2>
          <Trans>Test reports</Trans>
        </h2>
        <Switch label={t`Include mock data`} checked={includeMock} onChange={setIncludeMock} />
        <Switch
          label={t`Include implausible runs`}
          checked={includeImplausible}
          onChange={setIncludeImplausible}
        />
      </div>
      {TASK_CATEGORIES.map((category) => {
        const cards = TEST_CATALOG.filter((card) => card.category === category.key);
        if (cards.length === 0) return null;
        const headingId = `reports-${category.key}`;
        const categoryName = translateEnglish(category.label);
        return (
          <section key={category.key} className="admin-report-group" aria-labelledby={headingId}>
            <h3 id={headingId} className="admin-report-group__title">
              <Trans comment="a group of tests, e.g. Attention tests">{categoryName} tests</Trans>
            </h3>
            {cards.map((card) => {
              const task = findTask(card.testType);
              const testName = translateEnglish(card.name);
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
                  <h4 id={`report-${card.testType}`}>{testName}</h4>
                  <p className="empty-state">
                    <Trans>No {testName} data yet: it is not available to take.</Trans>
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
  const { t, i18n } = useLingui();
  const { translateEnglish } = useErrorText();
  const report = useTaskReport(task.id, { includeMock, includeImplausible });
  const generate = useGenerateMockData(task.id);
  const titleId = `report-${task.id}`;
  const taskName = translateEnglish(task.name);
  const version = task.scoringVersion;
  return (
    <section className="admin-report" aria-labelledby={titleId} data-test-type={task.id}>
      <h4 id={titleId}>
        <Trans>{taskName}: all users</Trans>
      </h4>
      <p className="admin-lead">
        <Trans>
          Finished runs by condition, with the exclusions of the task's scoring (version {version}).
          Participant-weighted: each run's mean, averaged over a participant's runs, then over
          participants. Trial-weighted: every counted trial alike. Runs judged implausible are left
          out unless included.
        </Trans>
      </p>
      {report.isPending ? (
        <Spinner label={t`Loading the report…`} />
      ) : report.isError ? (
        <AdminPanelError error={report.error} />
      ) : (
        <>
          <p className="admin-report__counts">
            <ReportCounts {...report.data} />
          </p>
          <TableScroll label={t`${taskName} report`}>
            <table className="table table--numeric" aria-busy={report.isFetching}>
              <caption className="visually-hidden">
                <ReportCaption taskName={taskName} {...report.data} />
              </caption>
              <thead>
                <tr>
                  <th scope="col" rowSpan={2}>
                    <Trans>Condition</Trans>
                  </th>
                  <th scope="col" rowSpan={2}>
                    <Trans>Participants</Trans>
                  </th>
                  <th scope="col" rowSpan={2}>
                    <Trans>Trials</Trans>
                  </th>
                  <th scope="colgroup" colSpan={2}>
                    <Trans>Participant-weighted</Trans>
                  </th>
                  <th scope="colgroup" colSpan={2}>
                    <Trans>Trial-weighted</Trans>
                  </th>
                </tr>
                <tr>
                  <th scope="col">
                    <Trans comment="a column: the mean reaction time">Mean RT</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Error rate</Trans>
                  </th>
                  <th scope="col">
                    <Trans comment="a column: the mean reaction time">Mean RT</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Error rate</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.data.cells.map((cell) => (
                  <tr key={cell.cell} data-cell={cell.cell}>
                    <th scope="row">
                      {translateEnglish(cell.label)}{' '}
                      <code className="admin-report__key">{cell.cell}</code>
                    </th>
                    <td>{i18n.number(cell.participantCount)}</td>
                    <td>{i18n.number(cell.trialCount)}</td>
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
          <Trans>
            Generate mock data<span className="visually-hidden"> for the {taskName}</span>
          </Trans>
        </Button>
        <p className="field__hint">
          <Trans>
            Saves one complete {taskName} result with generated trials to your own account, marked
            as mock.
          </Trans>
        </p>
      </div>
      {generate.isSuccess && <Alert variant="success">{t(MESSAGES.mockDataSucceeded)}</Alert>}
      {generate.isError && <Alert variant="error">{t(MESSAGES.mockDataFailed)}</Alert>}
    </section>
  );
}

type ReportCountsProps = {
  runCount: number;
  participantCount: number;
  totalTrials: number;
  runsAwaitingRescore: number;
};

/** What the report counts: '12 runs of 3 participants, 1,440 scored trials.' */
function ReportCounts({
  runCount,
  participantCount,
  totalTrials,
  runsAwaitingRescore,
}: ReportCountsProps) {
  if (runsAwaitingRescore > 0) {
    return (
      <Trans>
        <Plural value={runCount} one="# run" other="# runs" /> of{' '}
        <Plural value={participantCount} one="# participant" other="# participants" />,{' '}
        <Plural value={totalTrials} one="# scored trial" other="# scored trials" />;{' '}
        <Plural
          value={runsAwaitingRescore}
          one="# older run is being rescored and is not counted yet"
          other="# older runs are being rescored and are not counted yet"
        />
        .
      </Trans>
    );
  }
  return (
    <Trans>
      <Plural value={runCount} one="# run" other="# runs" /> of{' '}
      <Plural value={participantCount} one="# participant" other="# participants" />,{' '}
      <Plural value={totalTrials} one="# scored trial" other="# scored trials" />.
    </Trans>
  );
}

/** The report table's name for screen readers: what it includes, and how many runs. */
function ReportCaption({
  taskName,
  includeMock,
  includeImplausible,
  runCount,
}: {
  taskName: string;
  includeMock: boolean;
  includeImplausible: boolean;
  runCount: number;
}) {
  const { t } = useLingui();
  const mockData = includeMock ? 'with' : 'without';
  const implausibleRuns = includeImplausible ? 'with' : 'without';
  return t`${taskName} report, ${select(mockData, {
    with: 'with mock data',
    other: 'without mock data',
  })}, ${select(implausibleRuns, {
    with: 'with implausible runs',
    other: 'without implausible runs',
  })}, ${plural(runCount, { one: '# run', other: '# runs' })}`;
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
