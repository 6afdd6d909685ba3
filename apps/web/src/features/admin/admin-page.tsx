import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { type TabItem, Tabs } from './tabs';
import { UserManagement } from './user-management';
import './admin.css';

const TAB_IDS = ['users', 'user-data', 'test-results', 'test-reports', 'error-logs'] as const;
type AdminTabId = (typeof TAB_IDS)[number];

function isAdminTabId(value: string | null): value is AdminTabId {
  return TAB_IDS.some((id) => id === value);
}

function ComingSoon({ title }: { title: string }) {
  return (
    <>
      <h2>{title}</h2>
      <p>Coming soon.</p>
    </>
  );
}

const TABS: readonly TabItem<AdminTabId>[] = [
  { id: 'users', label: 'User Management', content: <UserManagement /> },
  { id: 'user-data', label: 'User Data', content: <ComingSoon title="User Data" /> },
  { id: 'test-results', label: 'Test Results', content: <ComingSoon title="Test Results" /> },
  { id: 'test-reports', label: 'Test Reports', content: <ComingSoon title="Test Reports" /> },
  { id: 'error-logs', label: 'Error Logs', content: <ComingSoon title="Error Logs" /> },
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
