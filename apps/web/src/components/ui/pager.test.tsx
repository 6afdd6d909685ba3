// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '../../lib/testing/render';
import { Pager } from './pager';

afterEach(cleanup);

describe('Pager', () => {
  it('says which rows show, of how many, and pages on', () => {
    const onPageChange = vi.fn();
    renderWithI18n(
      <Pager noun="users" page={2} pageSize={25} total={73} onPageChange={onPageChange} />,
    );
    expect(screen.getByRole('navigation', { name: 'Pages of users' })).toBeTruthy();
    expect(screen.getByText('Showing 26–50 of 73 users')).toBeTruthy();
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
  });

  it('counts one row in the singular, and none as none', () => {
    renderWithI18n(
      <Pager noun="entries" page={1} pageSize={25} total={1} onPageChange={vi.fn()} />,
    );
    expect(screen.getByText('Showing 1–1 of 1 entry')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Previous' })).toBeNull();
    cleanup();
    renderWithI18n(
      <Pager noun="participants" page={1} pageSize={25} total={0} onPageChange={vi.fn()} />,
    );
    expect(screen.getByText('No participants')).toBeTruthy();
  });
});
