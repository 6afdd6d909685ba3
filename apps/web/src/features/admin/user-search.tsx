import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { TextField } from '../../components/ui/text-field';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useUsers } from './api/users';

const PAGE_SIZE = 25;

/** The search text and page of a user list, and the page of users they select. */
export function useUserSearch() {
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(text.trim(), 300);
  const users = useUsers({ search, page, pageSize: PAGE_SIZE });
  return {
    text,
    setText: (value: string) => {
      setText(value);
      setPage(1);
    },
    setPage,
    users,
  };
}

/** Search-as-you-type over name and email. */
export function UserSearch({ search }: { search: ReturnType<typeof useUserSearch> }) {
  const { t } = useLingui();
  return (
    <TextField
      className="admin-search"
      label={t`Search users`}
      type="search"
      hint={t`Part of a name or email`}
      value={search.text}
      onChange={(event) => search.setText(event.target.value)}
    />
  );
}
