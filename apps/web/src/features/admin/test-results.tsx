import { type AdminResult, findTask, TEST_TYPES, type TestType } from '@cogni/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, Fragment, Suspense, useState } from 'react';
import { Button, buttonClassName } from '../../components/ui/button';
import { DownloadIcon } from '../../components/ui/icons';
import { Pager } from '../../components/ui/pager';
import { SelectField } from '../../components/ui/select-field';
import { Spinner } from '../../components/ui/spinner';
import { TableScroll } from '../../components/ui/table-scroll';
import { TextField } from '../../components/ui/text-field';
import { formatDateTime, getFullName } from '../../lib/format';
import { formatMs } from '../../lib/format-scores';
import { useErrorText } from '../../lib/i18n/error-text';
import { formatSettingValue } from '../../lib/settings-form';
import { getTestTypeName } from '../../lib/test-type-names';
import { getWebTask } from '../../tasks/registry';
import { AdminPanelError } from './admin-error';
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
  const { t } = useLingui();
  const [filter, setFilter] = useState<ResultFilterParams>(EMPTY_RESULT_FILTER);
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const results = useResults(filter, page);

  return (
    <>
      <h2>
        <Trans>Test results</Trans>
      </h2>
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
        <Spinner label={t`Loading results…`} />
      ) : results.isError ? (
        <AdminPanelError error={results.error} />
      ) : results.data.total === 0 ? (
        <p className="empty-state">
          <Trans>No results match these filters.</Trans>
        </p>
      ) : (
        <>
          <TableScroll label={t`Test results`}>
            <table className="table" aria-busy={results.isFetching}>
              <caption className="visually-hidden">
                <Trans>Test results, newest first</Trans>
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Started</Trans>
                  </th>
                  <th scope="col">
                    <Trans>User</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Test</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Score</Trans>
                  </th>
                  <th scope="col">
                    <Trans comment="a column: the mean reaction time">Mean RT</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Trials</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Trials and details</Trans>
                  </th>
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
  const { t } = useLingui();
  const { translateEnglish } = useErrorText();
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
    <form className="admin-filters" onSubmit={handleSubmit} aria-label={t`Filter results`}>
      <SelectField label={t`User`} name="userId" defaultValue={filter.userId}>
        <option value="">{t`All users`}</option>
        {users.data?.users.map((user) => (
          <option key={user.id} value={user.id}>
            {getFullName(user) ? `${getFullName(user)} (${user.email})` : user.email}
          </option>
        ))}
      </SelectField>
      <SelectField label={t`Test`} name="testType" defaultValue={filter.testType}>
        <option value="">{t`All tests`}</option>
        {TEST_TYPES.map((testType) => (
          <option key={testType} value={testType}>
            {translateEnglish(getTestTypeName(testType))}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t({ comment: 'the first day of a date range', message: 'From' })}
        name="from"
        type="date"
        defaultValue={filter.from}
      />
      <TextField
        label={t({ comment: 'the last day of a date range', message: 'To' })}
        name="to"
        type="date"
        defaultValue={filter.to}
      />
      <label className="checkbox">
        <input type="checkbox" name="includeMock" defaultChecked={filter.includeMock} />
        <span>
          <Trans>Include mock data</Trans>
        </span>
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          name="includeImplausible"
          defaultChecked={filter.includeImplausible}
        />
        <span>
          <Trans>Include implausible runs</Trans>
        </span>
      </label>
      <label className="checkbox">
        <input type="checkbox" name="includePreview" defaultChecked={filter.includePreview} />
        <span>
          <Trans>Include previews</Trans>
        </span>
      </label>
      <Button type="submit" variant="secondary">
        <Trans>Apply filters</Trans>
      </Button>
    </form>
  );
}

function ResearchExport({ filter }: { filter: ResultFilterParams }) {
  return (
    <div className="admin-export">
      <span className="admin-export__label">
        <Trans>Export the filtered trials:</Trans>
      </span>
      <a
        className={buttonClassName('secondary', 'button--small')}
        href={getResearchExportUrl(filter, 'csv')}
        download
      >
        <DownloadIcon />
        {/* i18n-ignore: a file format's name */}
        CSV
      </a>
      <a
        className={buttonClassName('secondary', 'button--small')}
        href={getResearchExportUrl(filter, 'json')}
        download
      >
        <DownloadIcon />
        {/* i18n-ignore: a file format's name */}
        JSON
      </a>
      <a
        className={buttonClassName('ghost', 'button--small')}
        href={getDictionaryUrl('csv')}
        download
      >
        <Trans>Data dictionary (CSV)</Trans>
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
  const { t, i18n } = useLingui();
  const { translateEnglish } = useErrorText();
  const panelId = `result-panel-${result.id}`;
  const userName = getFullName({ firstName: result.userFirstName, lastName: result.userLastName });
  const who = userName || result.userEmail;
  const startedAt = formatDateTime(result.startTime);
  const implausibleReason =
    result.implausibleReason === null ? null : translateEnglish(result.implausibleReason);
  const closedAt = result.abandonedAt === null ? null : formatDateTime(result.abandonedAt);
  const score = result.scores ? i18n.number(result.scores.overallScore) : null;
  return (
    <Fragment>
      <tr data-result-id={result.id}>
        <td>{startedAt}</td>
        <td className="table__wrap">
          {who}
          <span className="admin-muted"> {result.userEmail}</span>
        </td>
        <td>
          {translateEnglish(getTestTypeName(result.testType))}
          {result.isMock && (
            <span className="badge badge--warning admin-badge">
              <Trans>Mock data</Trans>
            </span>
          )}
          {result.isPreview && (
            <span
              className="badge admin-badge admin-badge--preview"
              title={t`Started by an admin with custom settings`}
            >
              <Trans>Preview</Trans>
            </span>
          )}
          {implausibleReason !== null && (
            <span className="badge badge--warning admin-badge" title={implausibleReason}>
              <Trans>
                Implausible<span className="visually-hidden">: {implausibleReason}</span>
              </Trans>
            </span>
          )}
          {closedAt !== null ? (
            <span className="badge admin-badge" title={t`Closed ${closedAt}`}>
              <Trans>Abandoned</Trans>
            </span>
          ) : (
            result.endTime === null && (
              <span className="badge admin-badge">
                <Trans>Unfinished</Trans>
              </span>
            )
          )}
        </td>
        <td>{score === null ? '—' : t({ comment: 'a score in percent', message: `${score}%` })}</td>
        <td>{formatMs(result.scores?.averageReactionTime ?? null)}</td>
        <td>{i18n.number(result.trialCount)}</td>
        <td>
          <Button
            variant="ghost"
            className="button--small"
            aria-expanded={isOpen}
            aria-controls={isOpen ? panelId : undefined}
            onClick={onToggle}
          >
            {isOpen ? (
              <Trans>
                Hide trials
                <span className="visually-hidden">
                  {' '}
                  of {who}, {startedAt}
                </span>
              </Trans>
            ) : (
              <Trans>
                Show trials
                <span className="visually-hidden">
                  {' '}
                  of {who}, {startedAt}
                </span>
              </Trans>
            )}
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
  const { t } = useLingui();
  const { translateEnglish } = useErrorText();
  const details = useResultTrials(resultId);
  if (details.isPending) return <Spinner label={t`Loading trials…`} />;
  if (details.isError) return <AdminPanelError error={details.error} />;
  const { trials, result, config } = details.data;
  const scoringVersion = result.scores?.scoringVersion;
  const reason = result.implausibleReason && translateEnglish(result.implausibleReason);
  const task = getWebTask(result.testType);
  const settings = config && (
    <RunSettings testType={result.testType} config={config} isPreview={result.isPreview} />
  );
  const implausible = reason && (
    <p>
      <Trans>
        <strong>Implausible run:</strong> {reason}. It is left out of reports, progress and exports
        unless implausible runs are included.
      </Trans>
    </p>
  );
  if (trials.length === 0) {
    return (
      <>
        {implausible}
        {settings}
        <p>
          <Trans>No trials stored.</Trans>
        </p>
      </>
    );
  }
  return (
    <div className="admin-trials">
      {implausible}
      {settings}
      {task && result.scores && (
        <Suspense fallback={<Spinner label={t`Loading scores…`} />}>
          <p>
            <Trans>Scored by version {scoringVersion} of the task's scoring rules.</Trans>
          </p>
          <task.ScoreDetails summary={result.scores} />
        </Suspense>
      )}
      {task && (
        <Suspense fallback={<Spinner label={t`Loading trials…`} />}>
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
  const { t } = useLingui();
  const { translateEnglish } = useErrorText();
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
        const defaultValue = isDefault ? null : formatSettingValue(spec, spec.default);
        return (
          <div key={key} className="admin-settings__item">
            {/* A setting the task no longer has is named by its key. */}
            <dt>{spec ? translateEnglish(spec.label) : key}</dt>
            <dd>
              {formatSettingValue(spec, value)}
              {defaultValue !== null && (
                <span className="admin-muted">
                  {' '}
                  <Trans>(default {defaultValue})</Trans>
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
      <section className="admin-trials" aria-label={t`Preview settings`}>
        <p>
          <Trans>
            <strong>Preview:</strong> an admin started this run with the settings below. It is left
            out of reports and progress, and of exports unless previews are included.
          </Trans>
        </p>
        {list}
      </section>
    );
  }
  return (
    <details className="disclosure">
      <summary>
        <Trans>Settings used</Trans>
      </summary>
      <div className="admin-settings__body">{list}</div>
    </details>
  );
}
