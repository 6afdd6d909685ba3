// @vitest-environment jsdom
import { MESSAGES, type ProgressResult } from '@cogni/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithI18n } from '../../lib/testing/render';
import { ResultItem } from './result-item';

function result(overrides: Partial<ProgressResult>): ProgressResult {
  return {
    id: 'r1',
    sessionId: 's1',
    testType: 'nbackTest',
    startTime: '2026-03-01T10:00:00.000Z',
    endTime: '2026-03-01T10:07:05.000Z',
    durationMs: 425_000,
    isMock: false,
    summary: null,
    ...overrides,
  };
}

function render(ui: ReactElement) {
  return renderWithI18n(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>);
}

afterEach(cleanup);

describe('a finished run as a disclosure', () => {
  it('opens to the catalogue message for a test type without a detail view', () => {
    render(<ResultItem result={result({})} />);
    const toggle = screen.getByRole('button');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText(MESSAGES.progressUnknownTestType.message)).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(MESSAGES.progressUnknownTestType.message)).toBeTruthy();
    expect(screen.getByText('7 min 5 s')).toBeTruthy();
  });

  it('labels mock data in words, not by colour', () => {
    render(<ResultItem result={result({ isMock: true })} />);
    expect(screen.getByRole('button').textContent).toContain('Mock data');
  });
});
