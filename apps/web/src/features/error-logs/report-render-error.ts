import type { ClientErrorLogInput } from '@cogni/domain';
import { createErrorLog } from './api/create-error-log';

// The bounds of ClientErrorLogInputSchema: a longer report would be refused whole.
const MAX_MESSAGE = 1000;
const MAX_PATH = 2000;
const MAX_COMPONENT_STACK = 4000;
const MAX_USER_AGENT = 500;

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
  return {
    errorType: 'RENDER_ERROR',
    errorMessage: describe(error).slice(0, MAX_MESSAGE),
    context: {
      path: window.location.pathname.slice(0, MAX_PATH),
      componentStack: (componentStack ?? '').slice(0, MAX_COMPONENT_STACK),
      userAgent: navigator.userAgent.slice(0, MAX_USER_AGENT),
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
