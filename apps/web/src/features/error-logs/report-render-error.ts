import { CLIENT_ERROR_LIMITS, type ClientErrorLogInput } from '@cogni/domain';
import { createErrorLog } from '../../lib/api/create-error-log';

function describe(error: unknown): string {
  if (error instanceof Error) return error.message || error.name || 'Unknown error';
  if (typeof error === 'string' && error) return error;
  return 'Unknown error';
}

/** Builds the RENDER_ERROR report for an error caught by an error boundary. */
export function buildRenderErrorReport(
  error: unknown,
  componentStack: string | null | undefined,
): ClientErrorLogInput {
  // Truncate to the schema's bounds: a longer report would be refused whole.
  return {
    errorType: 'RENDER_ERROR',
    errorMessage: describe(error).slice(0, CLIENT_ERROR_LIMITS.errorMessage),
    context: {
      path: window.location.pathname.slice(0, CLIENT_ERROR_LIMITS.path),
      componentStack: (componentStack ?? '').slice(0, CLIENT_ERROR_LIMITS.componentStack),
      userAgent: navigator.userAgent.slice(0, CLIENT_ERROR_LIMITS.userAgent),
    },
  };
}

/** Sends the report. Never throws and never rejects: reporting must not cause a second failure. */
export async function reportRenderError(
  error: unknown,
  componentStack: string | null | undefined,
): Promise<void> {
  try {
    await createErrorLog(buildRenderErrorReport(error, componentStack));
  } catch {
    // Nowhere left to report to; the user already sees the error message.
  }
}
