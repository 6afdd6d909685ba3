import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { ErrorBoundary } from './error-boundary';
import { createQueryClient } from './query-client';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        {/* No transitions: a navigation must commit before the session changes under it (logout). */}
        <BrowserRouter useTransitions={false}>{children}</BrowserRouter>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
