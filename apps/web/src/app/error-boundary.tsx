import { MESSAGES } from '@cogni/domain';
import { msg } from '@lingui/core/macro';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { reportRenderError } from '../features/error-logs/report-render-error';
import { i18n } from '../lib/i18n/i18n';

type ErrorBoundaryProps = {
  children: ReactNode;
  /** When this changes (e.g. the path), a boundary showing an error tries its children again. */
  resetKey?: unknown;
};

type ErrorBoundaryState = { hasError: boolean };

/**
 * Shows MESSAGES.renderError instead of a crashed subtree and reports the error once. The
 * outermost boundary is above the LanguageProvider (app/providers.tsx), so the texts come from
 * the global i18n, in the language active when the error shows.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { hasError: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    void reportRenderError(error, info.componentStack);
  }

  override componentDidUpdate(previous: ErrorBoundaryProps): void {
    if (this.state.hasError && previous.resetKey !== this.props.resetKey) {
      this.setState({ hasError: false });
    }
  }

  override render(): ReactNode {
    if (!this.state.hasError) return this.props.children;
    return (
      <div className="error-fallback">
        <Alert variant="error">{i18n._(MESSAGES.renderError)}</Alert>
        <Button variant="secondary" onClick={() => window.location.reload()}>
          {i18n._(msg`Reload`)}
        </Button>
      </div>
    );
  }
}
