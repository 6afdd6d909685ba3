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

const TABS: readonly TabItem<AdminTabId>[] = [
  { id: 'users', label: 'User Management', content: <UserManagement /> },
  { id: 'user-data', label: 'User Data', content: <UserData /> },
  { id: 'test-results', label: 'Test Results', content: <TestResults /> },
  { id: 'test-reports', label: 'Test Reports', content: <TestReports /> },
  { id: 'task-preview', label: 'Task Preview', content: <TaskPreview /> },
  { id: 'error-logs', label: 'Error Logs', content: <ErrorLogs /> },
  { id: 'audit-log', label: 'Audit Log', content: <AuditLog /> },
];

export default function AdminPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  // The selected tab lives in the URL so a reload or a shared link keeps it.
  const selectedId: AdminTabId = isAdminTabId(requested) ? requested : 'users';

  return (
    <>
      <PageHeader title="Admin" />
      <Tabs
        label="Admin sections"
        tabs={TABS}
        selectedId={selectedId}
        onSelect={(id) => setSearchParams(id === 'users' ? {} : { tab: id }, { replace: true })}
      />
    </>
  );
}
