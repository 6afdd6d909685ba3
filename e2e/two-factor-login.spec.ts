import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { generateTotp } from '../apps/server/src/lib/totp';
import { ADMIN, PASSWORD, uniqueEmail } from './support/accounts';
import { axeViolations } from './support/axe';
import { logInViaForm, registerViaApi, useBrowser } from './support/browser';
import { screenshot } from './support/screenshot';

const STEP_MS = 30_000;
const PHONE = { width: 390, height: 844 };

/**
 * The code an authenticator app would show `steps` 30-second steps from now. The server cannot
 * be told the time here, and refuses a code of a step already used (replay), so a login right
 * after a confirmation uses the next step's code, which the ±1 step window accepts.
 */
function codeAt(secret: string, steps = 0): string {
  return generateTotp(secret, Date.now() + steps * STEP_MS);
}

async function passwordStep(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
}

// These tests log in four or five times each, on cores that the other browser files share.
describe('two-factor login (TOTP)', { timeout: 120_000 }, () => {
  const browser = useBrowser();

  it('sets it up from the profile, then asks for a code at login', async () => {
    const page = await browser.newPage();
    const email = uniqueEmail('totp');
    await registerViaApi(page, email, 'Tova', 'Totp');
    await logInViaForm(page, email);
    await page.goto('/profile');
    const card = page.locator('.account-card', { hasText: 'Two-factor login' });
    await card.getByText('Off', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Set up two-factor login' }).click();

    await card.getByRole('heading', { name: 'Add Cogni to your authenticator app' }).waitFor();
    const qr = card.getByRole('img', { name: 'QR code that adds Cogni to an authenticator app' });
    await qr.waitFor();
    // Drawn by the server: a data URL, nothing fetched from elsewhere.
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const secret = (await card.locator('.totp-setup__secret').textContent())?.replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    if (!secret) throw new Error('no secret shown');
    const codeField = card.getByLabel('Authentication code');
    expect(await codeField.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await codeField.getAttribute('inputmode')).toBe('numeric');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'profile-totp-setup');

    // A wrong code is refused on its field; nothing is turned on.
    const wrong = codeAt(secret) === '000000' ? '111111' : '000000';
    await card.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await codeField.fill(wrong);
    await card.getByRole('button', { name: 'Turn on two-factor login' }).click();
    await card.getByText('This code is not correct').waitFor();

    // Typed as apps show it, with a space in the middle.
    const code = codeAt(secret);
    await codeField.fill(`${code.slice(0, 3)} ${code.slice(3)}`);
    await card.getByRole('button', { name: 'Turn on two-factor login' }).click();
    await card.getByText('Two-factor login is on').waitFor();
    await card.getByText('On', { exact: true }).waitFor();
    // The recovery codes, shown once, with the focus on their heading.
    const codesHeading = card.getByRole('heading', { name: 'Save your recovery codes' });
    await codesHeading.waitFor();
    expect(await codesHeading.evaluate((el) => el === document.activeElement)).toBe(true);
    const codes = card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    expect(await codes.count()).toBe(10);
    expect(await codes.first().textContent()).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){5}$/);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'profile-totp-recovery-codes');
    await card.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await card.getByRole('button', { name: 'Turn off two-factor login' }).waitFor();
    await screenshot(page, 'profile-totp-on');

    await page.locator('#main').getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    // The password alone does not sign in: the login page asks for the code.
    await passwordStep(page, email);
    const loginCode = page.getByLabel('Authentication code');
    // The step's only field has the focus, for keyboard and screen-reader users.
    expect(await loginCode.evaluate((el) => el === document.activeElement)).toBe(true);
    const session = await page.request.get('/api/session');
    expect((await session.json()).user).toBeNull();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'login-totp-code');
    await loginCode.fill(wrong);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('This code is not correct').waitFor();
    await loginCode.fill(codeAt(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/profile');
    await page.getByText(email).waitFor();
  });

  it('shows the code step and the setup on a phone', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const email = uniqueEmail('totp-phone');
    await registerViaApi(page, email, 'Pho', 'Ne');
    await logInViaForm(page, email);
    await page.goto('/profile');
    const card = page.locator('.account-card', { hasText: 'Two-factor login' });
    await card.getByRole('button', { name: 'Set up two-factor login' }).click();
    const secret = (await card.locator('.totp-setup__secret').textContent())?.replace(/\s/g, '');
    if (!secret) throw new Error('no secret shown');
    // Nothing wider than the screen: the key wraps, the QR code fits.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'profile-totp-setup-phone');
    await card.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await card.getByLabel('Authentication code').fill(codeAt(secret));
    await card.getByRole('button', { name: 'Turn on two-factor login' }).click();
    await card.getByText('Two-factor login is on').waitFor();

    const other = await browser.newPage({ viewport: PHONE });
    await passwordStep(other, email);
    await screenshot(other, 'login-totp-code-phone');
    await other.getByLabel('Authentication code').fill(codeAt(secret, 1));
    await other.getByRole('button', { name: 'Verify' }).click();
    await other.waitForURL((url) => url.pathname === '/');
  });

  it('flags admins without two-factor login in User Management', async () => {
    const page = await browser.newPage();
    await logInViaForm(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin');
    await page.getByRole('searchbox', { name: 'Search users' }).fill(ADMIN.email);
    const row = page.locator(`tr[data-user-email="${ADMIN.email}"]`);
    await row.getByText('No 2FA', { exact: true }).waitFor();
    await page.getByText(/Admins marked No 2FA log in with a password only/).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-users-no-2fa');
  });
});
