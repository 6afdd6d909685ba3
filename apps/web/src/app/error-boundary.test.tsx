// @vitest-environment jsdom
import { MESSAGES } from '@cogni/domain';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '../lib/testing/render';
import { ErrorBoundary } from './error-boundary';

function Boom(): never {
  throw new Error('boom');
}

describe('ErrorBoundary', () => {
  beforeEach(() => {
    // React reports caught render errors with console.error; keep the test output readable.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    window.history.pushState({}, '', '/profile');
  });

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the catalogue message with a Reload button and posts one RENDER_ERROR report', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);

    renderWithI18n(
      <ErrorBoundary>
        <Boom />
      </ErrorBoundary>,
    );

    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.renderError.message);
    expect(screen.getByText('Something went wrong.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/error-logs');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
    const body = JSON.parse(String(init.body));
    expect(body).toMatchObject({
      errorType: 'RENDER_ERROR',
      errorMessage: 'boom',
      context: { path: '/profile', userAgent: navigator.userAgent },
    });
    expect(body.context.componentStack).toContain('Boom');
    expect(body.context.componentStack.length).toBeLessThanOrEqual(4000);
  });

  it('still shows the message when the report cannot be sent', async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);

    renderWithI18n(
      <ErrorBoundary>
        <Boom />
      </ErrorBoundary>,
    );

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
    expect(screen.getByText(MESSAGES.renderError.message)).toBeTruthy();
  });

  it('renders its children when nothing throws', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);

    renderWithI18n(
      <ErrorBoundary>
        <p>All good</p>
      </ErrorBoundary>,
    );

    expect(screen.getByText('All good')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
