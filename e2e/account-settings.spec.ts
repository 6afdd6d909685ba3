import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { PASSWORD, uniqueEmail } from './support/accounts';
import { finishRunViaApi } from './support/api-runs';
import { axeViolations } from './support/axe';
import { logInViaForm, registerViaApi, useBrowser } from './support/browser';
import { screenshot } from './support/screenshot';

const NEW_PASSWORD = 'my new long passphrase';

describe('account settings on the profile page', () => {
  const browser = useBrowser();

  it('changes the password with the current one, logging out the other session', async () => {
    const page = await browser.newPage();
    const other = await browser.newPage();
    const email = uniqueEmail('password');
    await registerViaApi(page, email, 'Pia', 'Password');
    await logInViaForm(page, email);
    await logInViaForm(other, email);
    await page.goto('/profile');
    const card = page.locator('.account-card', { hasText: 'Change password' });

    await card.getByLabel('Current password').fill('not my password at all');
    await card.getByLabel('New password').fill(NEW_PASSWORD);
    await card.getByRole('button', { name: 'Change password' }).click();
    await card.getByText('This is not your current password').waitFor();

    await card.getByLabel('Current password').fill(PASSWORD);
    await card.getByLabel('New password').fill(NEW_PASSWORD);
    await card.getByRole('button', { name: 'Change password' }).click();
    await card.getByText('Your password is changed. 1 other session was logged out.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'profile-account-settings');

    await other.goto('/profile');
    await other.waitForURL((url) => url.pathname === '/login');
    await logInViaForm(other, email, NEW_PASSWORD);
  });

  it('downloads all the account data, then deletes the account after the password', async () => {
    const page = await browser.newPage();
    const email = uniqueEmail('delete-me');
    await registerViaApi(page, email, 'Del', 'Eted');
    await logInViaForm(page, email);
    const run = await finishRunViaApi(page);
    await page.goto('/profile');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download my account data' }).click(),
    ]);
    const data = JSON.parse(await readFile(await download.path(), 'utf8'));
    expect(data.account.email).toBe(email);
    expect(data.results.map((r: { id: string }) => r.id)).toEqual([run.id]);
    expect(data.results[0].trials).toHaveLength(168);

    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Password').fill('wrong password here');
    await dialog.getByRole('button', { name: 'Delete for good' }).click();
    await dialog.getByText('This is not your current password').waitFor();
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete for good' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Your account and all its data have been deleted.').waitFor();

    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').getByText('Failed to log in').waitFor();
  });
});
