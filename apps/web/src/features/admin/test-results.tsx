import {
  type AdminResult,
  findTask,
  formatAdminPanelError,
  TEST_TYPES,
  type TestType,
} from '@cogni/domain';
import { type FormEvent, Fragment, Suspense, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClassName } from '../../components/ui/button';
import { DownloadIcon } from '../../components/ui/icons';
import { Pager } from '../../components/ui/pager';
import { SelectField } from '../../components/ui/select-field';
import { Spinner } from '../../components/ui/spinner';
import { TableScroll } from '../../components/ui/table-scroll';
import { TextField } from '../../components/ui/text-field';
import { formatDateTime, getFullName } from '../../lib/format';
import { formatMs } from '../../lib/format-scores';
import { formatSettingValue } from '../../lib/settings-form';
import { getTestTypeName } from '../../lib/test-type-names';
import { getWebTask } from '../../tasks/registry';
import {
  EMPTY_RESULT_FILTER,
  getDictionaryUrl,
  getResearchExportUrl,
  type ResultFilterParams,
  useResults,
  useResultTrials,
} from './api/results';
import { useUsers } from './api/users';

/** Test Results: every user's results, filtered, each opening to its trials; the research export. */
export function TestResults() {
  const [filter, setFilter] = useState<ResultFilterParams>(EMPTY_RESULT_FILTER);
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const results = useResults(filter, page);

  return (
    <>
      <h2>Test results</h2>
      <ResultFilterForm
        filter={filter}
        onApply={(next) => {
          setFilter(next);
          setPage(1);
          setOpenId(null);
        }}
      />
      <ResearchExport filter={filter} />
      {results.isPending ? (
        <Spinner label="Loading results…" />
      ) : results.isError ? (
        <Alert variant="error">{formatAdminPanelError(results.error.message)}</Alert>
      ) : results.data.total === 0 ? (
        <p className="empty-state">No results match these filters.</p>
      ) : (
        <>
          <TableScroll label="Test results">
            <table className="table" aria-busy={results.isFetching}>
              <caption className="visually-hidden">Test results, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Started</th>
                  <th scope="col">User</th>
                  <th scope="col">Test</th>
                  <th scope="col">Score</th>
                  <th scope="col">Mean RT</th>
                  <th scope="col">Trials</th>
                  <th scope="col">Trials and details</th>
                </tr>
              </thead>
              <tbody>
                {results.data.results.map((result) => (
                  <ResultRow
                    key={result.id}
                    result={result}
                    isOpen={openId === result.id}
                    onToggle={() => setOpenId(openId === result.id ? null : result.id)}
                  />
                ))}
              </tbody>
            </table>
          </TableScroll>
          <Pager
            noun="results"
            page={results.data.page}
            pageSize={results.data.pageSize}
            total={results.data.total}
            onPageChange={(next) => {
              setPage(next);
              setOpenId(null);
            }}
          />
        </>
      )}
    </>
  );
}

function ResultFilterForm({
  filter,
  onApply,
}: {
  filter: ResultFilterParams;
  onApply: (filter: ResultFilterParams) => void;
}) {
  // The user picker lists the first 100 accounts; beyond that, filter from a row's user link.
  const users = useUsers({ search: '', page: 1, pageSize: 100 });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const read = (name: string) => String(form.get(name) ?? '');
    onApply({
      userId: read('userId'),
      testType: read('testType') as TestType | '',
      from: read('from'),
      to: read('to'),
      includeMock: form.get('includeMock') === 'on',
      includeImplausible: form.get('includeImplausible') === 'on',
      includePreview: form.get('includePreview') === 'on',
    });
  }

  return (
    <form className="admin-filters" onSubmit={handleSubmit} aria-label="Filter results">
      <SelectField label="User" name="userId" defaultValue={filter.userId}>
        <option value="">All users</option>
        {users.data?.users.map((user) => (
          <option key={user.id} value={user.id}>
            {getFullName(user) ? `${getFullName(user)} (${user.email})` : user.email}
          </option>
        ))}
      </SelectField>
      <SelectField label="Test" name="testType" defaultValue={filter.testType}>
        <option value="">All tests</option>
        {TEST_TYPES.map((testType) => (
          <option key={testType} value={testType}>
            {getTestTypeName(testType)}
          </option>
        ))}
      </SelectField>
      <TextField label="From" name="from" type="date" defaultValue={filter.from} />
      <TextField label="To" name="to" type="date" defaultValue={filter.to} />
      <label className="checkbox">
        <input type="checkbox" name="includeMock" defaultChecked={filter.includeMock} />
        <span>Include mock data</span>
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          name="includeImplausible"
          defaultChecked={filter.includeImplausible}
        />
        <span>Include implausible runs</span>
      </label>
      <label className="checkbox">
        <input type="checkbox" name="includePreview" defaultChecked={filter.includePreview} />
        <span>Include previews</span>
      </label>
      <Button type="submit" variant="secondary">
        Apply filters
      </Button>
    </form>
  );
}

function ResearchExport({ filter }: { filter: ResultFilterParams }) {
  return (
    <div className="admin-export">
      <span className="admin-export__label">Export the filtered trials:</span>
      <a
        className={buttonClassName('secondary', 'button--small')}
        href={getResearchExportUrl(filter, 'csv')}
        download
      >
        <DownloadIcon />
        CSV
      </a>
      <a
        className={buttonClassName('secondary', 'button--small')}
        href={getResearchExportUrl(filter, 'json')}
        download
      >
        <DownloadIcon />
        JSON
      </a>
      <a
        className={buttonClassName('ghost', 'button--small')}
        href={getDictionaryUrl('csv')}
        download
      >
        Data dictionary (CSV)
      </a>
    </div>
  );
}

function ResultRow({
  result,
  isOpen,
  onToggle,
}: {
  result: AdminResult;
  isOpen: boolean;
  onToggle: () => void;
}) {
  const panelId = `result-panel-${result.id}`;
  const userName = getFullName({ firstName: result.userFirstName, lastName: result.userLastName });
  return (
    <Fragment>
      <tr data-result-id={result.id}>
        <td>{formatDateTime(result.startTime)}</td>
        <td className="table__wrap">
          {userName || result.userEmail}
          <span className="admin-muted"> {result.userEmail}</span>
        </td>
        <td>
          {getTestTypeName(result.testType)}
          {result.isMock && <span className="badge badge--warning admin-badge">Mock data</span>}
          {result.isPreview && (
            <span
              className="badge admin-badge admin-badge--preview"
              title="Started by an admin with custom settings"
            >
              Preview
            </span>
          )}
          {result.implausibleReason !== null && (
            <span className="badge badge--warning admin-badge" title={result.implausibleReason}>
              Implausible<span className="visually-hidden">: {result.implausibleReason}</span>
            </span>
          )}
          {result.abandonedAt !== null ? (
            <span
              className="badge admin-badge"
              title={`Closed ${formatDateTime(result.abandonedAt)}`}
            >
              Abandoned
            </span>
          ) : (
            result.endTime === null && <span className="badge admin-badge">Unfinished</span>
          )}
        </td>
        <td>{result.scores ? `${result.scores.overallScore}%` : '—'}</td>
        <td>{formatMs(result.scores?.averageReactionTime ?? null)}</td>
        <td>{result.trialCount}</td>
        <td>
          <Button
            variant="ghost"
            className="button--small"
            aria-expanded={isOpen}
            aria-controls={isOpen ? panelId : undefined}
            onClick={onToggle}
          >
            {isOpen ? 'Hide trials' : 'Show trials'}
            <span className="visually-hidden">
              {' '}
              of {userName || result.userEmail}, {formatDateTime(result.startTime)}
            </span>
          </Button>
        </td>
      </tr>
      {isOpen && (
        <tr className="admin-result-details">
          <td colSpan={7} id={panelId}>
            <ResultTrials resultId={result.id} />
          </td>
        </tr>
      )}
    </Fragment>
  );
}

function ResultTrials({ resultId }: { resultId: string }) {
  const details = useResultTrials(resultId);
  if (details.isPending) return <Spinner label="Loading trials…" />;
  if (details.isError) {
    return <Alert variant="error">{formatAdminPanelError(details.error.message)}</Alert>;
  }
  const { trials, result, config } = details.data;
  const task = getWebTask(result.testType);
  const settings = config && (
    <RunSettings testType={result.testType} config={config} isPreview={result.isPreview} />
  );
  const implausible = result.implausibleReason && (
    <p>
      <strong>Implausible run:</strong> {result.implausibleReason}. It is left out of reports,
      progress and exports unless implausible runs are included.
    </p>
  );
  if (trials.length === 0) {
    return (
      <>
        {implausible}
        {settings}
        <p>No trials stored.</p>
      </>
    );
  }
  return (
    <div className="admin-trials">
      {implausible}
      {settings}
      {task && result.scores && (
        <Suspense fallback={<Spinner label="Loading scores…" />}>
          <p>Scored by version {result.scores.scoringVersion} of the task's scoring rules.</p>
          <task.ScoreDetails summary={result.scores} />
        </Suspense>
      )}
      {task && (
        <Suspense fallback={<Spinner label="Loading trials…" />}>
          <task.TrialTables trials={trials} />
        </Suspense>
      )}
    </div>
  );
}

/**
 * The settings a run used, each with its unit, and its default where it differed: open for an
 * admin preview (custom settings, ADR 028), folded away for a run with the task's defaults.
 */
function RunSettings({
  testType,
  config,
  isPreview,
}: {
  testType: TestType;
  config: Record<string, unknown>;
  isPreview: boolean;
}) {
  const specs = findTask(testType)?.settings.specs ?? {};
  // In the task's order of its settings (a stored jsonb object keeps its keys in its own order).
  const keys = [
    ...Object.keys(specs).filter((key) => key in config),
    ...Object.keys(config).filter((key) => !(key in specs)),
  ];
  const list = (
    <dl className="admin-settings">
      {keys.map((key) => {
        const value = config[key];
        const spec = specs[key];
        const isDefault = spec === undefined || spec.default === value;
        return (
          <div key={key} className="admin-settings__item">
            <dt>{spec?.label ?? key}</dt>
            <dd>
              {formatSettingValue(spec, value)}
              {!isDefault && (
                <span className="admin-muted">
                  {' '}
                  (default {formatSettingValue(spec, spec.default)})
                </span>
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
  if (isPreview) {
    return (
      <section className="admin-trials" aria-label="Preview settings">
        <p>
          <strong>Preview:</strong> an admin started this run with the settings below. It is left
          out of reports and progress, and of exports unless previews are included.
        </p>
        {list}
      </section>
    );
  }
  return (
    <details className="disclosure">
      <summary>Settings used</summary>
      <div className="admin-settings__body">{list}</div>
    </details>
  );
}
