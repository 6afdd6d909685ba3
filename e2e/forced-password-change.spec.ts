import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, uniqueEmail } from './support/accounts';
import { axeViolations } from './support/axe';
import { logInViaForm, useBrowser } from './support/browser';
import { screenshot } from './support/screenshot';

const GIVEN_PASSWORD = 'a password the admin chose';
const OWN_PASSWORD = 'a password only I know';

/** An admin creates the account through the API, as the Create user form does. */
async function createUserAsAdmin(admin: Page, baseUrl: string, email: string) {
  const res = await admin.request.post('/api/admin/users', {
    data: { email, password: GIVEN_PASSWORD, firstName: 'Fern', lastName: 'Forced', role: 'user' },
    headers: { origin: baseUrl },
  });
  expect(res.status()).toBe(201);
  expect((await res.json()).user.mustChangePassword).toBe(true);
}

describe('a password set by an admin must be changed at first login (ASVS 6.4.1)', () => {
  const browser = useBrowser();

  it('allows nothing but choosing a new password, then everything', async () => {
    const admin = await browser.newPage();
    await logInViaForm(admin, ADMIN.email, ADMIN.password);
    const email = uniqueEmail('forced');
    await createUserAsAdmin(admin, browser.baseUrl, email);

    const page = await browser.newPage();
    await logInViaForm(page, email, GIVEN_PASSWORD);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/choose-password');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'choose-password');

    // Any other page comes back here; the API refuses it anyway.
    await page.goto('/progress-tracking');
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    const refused = await page.request.get('/api/me');
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error.code).toBe('PASSWORD_CHANGE_REQUIRED');

    await page.getByLabel('Password you were given').fill('not the given password');
    await page.getByLabel('New password').fill(OWN_PASSWORD);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('This is not your current password').waitFor();

    await page.getByLabel('Password you were given').fill(GIVEN_PASSWORD);
    await page.getByLabel('New password').fill(OWN_PASSWORD);
    await page.getByRole('button', { name: 'Set new password' }).click();
    // Back where the user was going before the detour.
    await page.waitForURL((url) => url.pathname === '/progress-tracking');
    expect((await page.request.get('/api/me')).status()).toBe(200);

    // The admin's password is spent; the user's own works, with no detour.
    const later = await browser.newPage();
    await logInViaForm(later, email, OWN_PASSWORD);
    expect(new URL(later.url()).pathname).toBe('/');
  });

  it('shows the screen on a phone, and lets the user log out instead', async () => {
    const admin = await browser.newPage();
    await logInViaForm(admin, ADMIN.email, ADMIN.password);
    const email = uniqueEmail('forced-phone');
    await createUserAsAdmin(admin, browser.baseUrl, email);

    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await logInViaForm(page, email, GIVEN_PASSWORD);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await screenshot(page, 'choose-password-phone');
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const session = await page.request.get('/api/session');
    expect((await session.json()).user).toBeNull();
  });
});
