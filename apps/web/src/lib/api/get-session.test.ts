import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { removeNonSessionQueries, sessionQueryKey } from './get-session';

describe('removeNonSessionQueries', () => {
  it("keeps the session and drops every other account's data", () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(sessionQueryKey, { user: null });
    queryClient.setQueryData(['me'], { firstName: 'Ada' });
    queryClient.setQueryData(['progress', 'results'], []);
    queryClient.setQueryData(['admin', 'users'], { users: [] });

    removeNonSessionQueries(queryClient);

    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.queryKey),
    ).toEqual([sessionQueryKey]);
  });
});
