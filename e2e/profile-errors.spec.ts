import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from './support/accounts';
import { logInViaForm, registerViaApi, useBrowser } from './support/browser';
import { eventually } from './support/eventually';

// The catalogue's messages (docs/product.md#messages), spelled out so a changed text fails here.
const LOAD_FAILED = 'Failed to load user data. Please try again later.';
const UPDATE_FAILED = 'Failed to update profile. Please try again later.';
const LOGOUT_FAILED = 'Failed to log out. Please try again.';

/** The API's answer to an unexpected failure (500, INTERNAL). */
const INTERNAL_ERROR = {
  status: 500,
  contentType: 'application/json',
  body: JSON.stringify({ error: { code: 'INTERNAL', message: 'x' } }),
};

/**
 * Makes the real API fail for one kind of request (method and path) while every other call goes
 * through. Returns the number of requests it failed so far.
 */
async function failRequests(page: Page, method: string, path: string): Promise<() => number> {
  let failed = 0;
  await page.route(`**${path}`, async (route) => {
    if (route.request().method() !== method) return route.continue();
    failed += 1;
    return route.fulfill(INTERNAL_ERROR);
  });
  return () => failed;
}

async function logInNewUser(page: Page, prefix: string): Promise<void> {
  const email = uniqueEmail(prefix);
  await registerViaApi(page, email, 'Grace', 'Hopper');
  await logInViaForm(page, email);
}

describe('profile error messages', () => {
  const browser = useBrowser();

  it('shows the load failure when GET /api/me fails, and keeps Logout', async () => {
    const page = await browser.newPage();
    await logInNewUser(page, 'profile-load');
    const failedCount = await failRequests(page, 'GET', '/api/me');

    await page.goto('/profile');
    // A 5xx is retried twice (after 1 s, then 2 s) before the query gives up.
    await page.getByRole('alert').getByText(LOAD_FAILED).waitFor({ timeout: 15_000 });
    expect(failedCount()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(await page.getByRole('main').getByRole('button', { name: 'Logout' }).isEnabled()).toBe(
      true,
    );
    expect(new URL(page.url()).pathname).toBe('/profile');
  });

  it('shows the update failure when PATCH /api/me fails, keeps the form usable, and saves on retry', async () => {
    const page = await browser.newPage();
    await logInNewUser(page, 'profile-update');
    await page.goto('/profile');
    await page.getByText('Grace', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('First name').fill('Amazing');

    const failedCount = await failRequests(page, 'PATCH', '/api/me');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('alert').getByText(UPDATE_FAILED).waitFor();
    expect(failedCount()).toBe(1);

    // Still editing, with what the user typed, and nothing changed on the server.
    const firstName = page.getByLabel('First name');
    await eventually(async () => expect(await firstName.isEnabled()).toBe(true));
    expect(await firstName.inputValue()).toBe('Amazing');
    expect(await page.getByLabel('Last name').inputValue()).toBe('Hopper');
    expect(await page.getByRole('button', { name: 'Save', exact: true }).isEnabled()).toBe(true);
    const me = await page.request.get('/api/me');
    expect((await me.json()).user.firstName).toBe('Grace');

    // Once the API answers again, Save works and the message goes.
    await page.unrouteAll();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Amazing', { exact: true }).waitFor();
    expect(await page.getByText(UPDATE_FAILED).count()).toBe(0);
  });

  it('shows the logout failure when POST /api/auth/logout fails, and stays logged in', async () => {
    const page = await browser.newPage();
    await logInNewUser(page, 'profile-logout');
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit' }).waitFor();

    const failedCount = await failRequests(page, 'POST', '/api/auth/logout');
    await page.getByRole('main').getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('alert').getByText(LOGOUT_FAILED).waitFor();
    expect(failedCount()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/profile');
    // The session is intact: the profile still shows, and the sidebar still offers Logout.
    await page.getByText('Grace', { exact: true }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('button', { name: 'Logout' }).count()).toBe(1);

    // Trying again once the API answers logs out.
    await page.unrouteAll();
    await page.getByRole('main').getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await nav.getByRole('link', { name: 'Login' }).waitFor({ state: 'attached' });
  });
});
