import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { AuditLog, ErrorLogs } from './logs';
import { type TabItem, Tabs } from './tabs';
import { TaskPreview } from './task-preview';
import { TestReports } from './test-reports';
import { TestResults } from './test-results';
import { UserData } from './user-data';
import { UserManagement } from './user-management';
import './admin.css';

const TAB_IDS = [
  'users',
  'user-data',
  'test-results',
  'test-reports',
  'task-preview',
  'error-logs',
  'audit-log',
] as const;
type AdminTabId = (typeof TAB_IDS)[number];

function isAdminTabId(value: string | null): value is AdminTabId {
  return TAB_IDS.some((id) => id === value);
}

/** The sections, each named by a message: the tabs show it in the reader's language. */
const TABS: readonly (Omit<TabItem<AdminTabId>, 'label'> & { label: MessageDescriptor })[] = [
  { id: 'users', label: msg`User Management`, content: <UserManagement /> },
  { id: 'user-data', label: msg`User Data`, content: <UserData /> },
  { id: 'test-results', label: msg`Test Results`, content: <TestResults /> },
  { id: 'test-reports', label: msg`Test Reports`, content: <TestReports /> },
  { id: 'task-preview', label: msg`Task Preview`, content: <TaskPreview /> },
  { id: 'error-logs', label: msg`Error Logs`, content: <ErrorLogs /> },
  { id: 'audit-log', label: msg`Audit Log`, content: <AuditLog /> },
];

export default function AdminPage() {
  const { t } = useLingui();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  // The selected tab lives in the URL so a reload or a shared link keeps it.
  const selectedId: AdminTabId = isAdminTabId(requested) ? requested : 'users';

  return (
    <>
      <PageHeader title={t`Admin`} />
      <Tabs
        label={t`Admin sections`}
        tabs={TABS.map((tab) => ({ ...tab, label: t(tab.label) }))}
        selectedId={selectedId}
        onSelect={(id) => setSearchParams(id === 'users' ? {} : { tab: id }, { replace: true })}
      />
    </>
  );
}
