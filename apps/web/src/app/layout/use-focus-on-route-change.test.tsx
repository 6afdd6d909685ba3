// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { type ReactNode, StrictMode, useRef } from 'react';
import { Link, MemoryRouter, Navigate, Route, Routes, useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithI18n } from '../../lib/testing/render';
import { useFocusOnRouteChange } from './use-focus-on-route-change';

function Layout({ children }: { children: ReactNode }) {
  const mainRef = useRef<HTMLElement>(null);
  useFocusOnRouteChange(mainRef);
  return (
    <>
      <nav>
        <Link to="/a">Page A</Link>
        <Link to="/b">Page B</Link>
        <Link to="/b?tab=2">Page B, tab 2</Link>
      </nav>
      <main ref={mainRef} tabIndex={-1}>
        {children}
      </main>
    </>
  );
}

function Later() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => setTimeout(() => navigate('/a'), 0)}>
      Go later
    </button>
  );
}

function renderAt(path: string) {
  return renderWithI18n(
    <StrictMode>
      <MemoryRouter initialEntries={[path]}>
        <Layout>
          <Routes>
            <Route path="/a" element={<h1>A</h1>} />
            <Route path="/b" element={<h1>B</h1>} />
            <Route path="/later" element={<Later />} />
            <Route path="*" element={<Navigate to="/a" replace />} />
          </Routes>
        </Layout>
      </MemoryRouter>
    </StrictMode>,
  );
}

describe('useFocusOnRouteChange', () => {
  afterEach(cleanup);

  it('leaves focus alone on first load, including the redirects of the first load', async () => {
    renderAt('/nowhere');
    await screen.findByRole('heading', { name: 'A' });
    expect(document.activeElement).toBe(document.body);
  });

  it('moves focus to main when the user follows a link', async () => {
    renderAt('/a');
    const link = screen.getByRole('link', { name: 'Page B' });
    link.focus();
    fireEvent.click(link);
    await screen.findByRole('heading', { name: 'B' });
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  it('moves focus after a navigation the page makes later, once the user has interacted', async () => {
    renderAt('/later');
    const button = screen.getByRole('button', { name: 'Go later' });
    button.focus();
    fireEvent.click(button);
    await screen.findByRole('heading', { name: 'A' });
    // The navigation happens in a timer, outside act(): the focus effect may land a tick later.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('main')));
  });

  it('leaves focus alone when only the query string changes', async () => {
    renderAt('/b');
    const link = screen.getByRole('link', { name: 'Page B, tab 2' });
    link.focus();
    await act(async () => {
      fireEvent.click(link);
    });
    expect(document.activeElement).toBe(link);
  });
});
