import { type ReactNode, Suspense } from 'react';
import { useLocation } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { ErrorBoundary } from './error-boundary';

/** A lazily loaded page: its own error boundary (a failed chunk load lands here) and a spinner. */
export function LazyRoute({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<Spinner />}>{children}</Suspense>
    </ErrorBoundary>
  );
}
