import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, uniqueEmail } from './support/accounts';
import { logInViaForm, registerViaApi, useBrowser } from './support/browser';
import { eventually } from './support/eventually';

const PROTECTED = ['/cognitive-tests/stroop-test', '/progress-tracking', '/profile', '/admin'];

describe('routes and redirects', () => {
  const browser = useBrowser();

  it.each(PROTECTED)('sends a logged-out visitor on %s to /login', async (route) => {
    const page = await browser.newPage();
    await page.goto(route);
    await page.waitForURL('**/login');
    await page.getByLabel('Email').waitFor();
  });

  it('sends any unknown path to /', async () => {
    const page = await browser.newPage();
    await page.goto('/no/such/page?x=1');
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('sends a user on /admin to / with the permission message', async () => {
    const page = await browser.newPage();
    const email = uniqueEmail('not-admin');
    await registerViaApi(page, email);
    await logInViaForm(page, email);
    await page.goto('/admin');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('You do not have permission to view this page.').waitFor();
  });

  it('shows the admin the seven tabs and the user list, and the Admin link', async () => {
    const page = await browser.newPage();
    await logInViaForm(page, ADMIN.email, ADMIN.password);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Admin' })
      .waitFor({ state: 'attached' });
    await page.goto('/admin');
    await page.getByRole('tab').first().waitFor();
    const tabs = await page.getByRole('tab').allTextContents();
    expect(tabs.map((t) => t.trim())).toEqual([
      'User Management',
      'User Data',
      'Test Results',
      'Test Reports',
      'Task Preview',
      'Error Logs',
      'Audit Log',
    ]);
    await page.getByText(ADMIN.email).first().waitFor();
  });

  it('a logged-in user reloading a protected page stays there, with no flash of the logged-out header', async () => {
    const page = await browser.newPage();
    const email = uniqueEmail('reload');
    await registerViaApi(page, email);
    await logInViaForm(page, email);
    await page.goto('/profile');
    // Record every header state and path the page shows while it reloads.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __seen: string[] }).__seen = seen;
      new MutationObserver(() => {
        const hasLoginLink = [...document.querySelectorAll('header a')].some(
          (a) => a.textContent?.trim() === 'Login',
        );
        seen.push(`${location.pathname}|${hasLoginLink ? 'login-link' : 'no-login-link'}`);
      }).observe(document, { subtree: true, childList: true });
    });
    await page.reload();
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    const seen = await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((s) => s.includes('login-link') && !s.includes('no-login-link'))).toEqual(
      [],
    );
    expect(seen.every((s) => s.startsWith('/profile|'))).toBe(true);
  });

  it('shows a logged-in user the Stroop instructions with Start Test, and an empty progress page', async () => {
    const page = await browser.newPage();
    const email = uniqueEmail('stroop');
    await registerViaApi(page, email);
    await logInViaForm(page, email);
    await page.goto('/cognitive-tests');
    await page
      .locator('[data-testid="test-card"][data-enabled="true"] a', { hasText: 'Stroop' })
      .click();
    await page.waitForURL('**/cognitive-tests/stroop-test');
    await page.getByRole('button', { name: 'Start Test' }).waitFor();
    const text = await page.getByRole('main').textContent();
    for (const fact of ['Color', 'Word', 'R', 'G', 'B']) expect(text).toContain(fact);
    await page.goto('/progress-tracking');
    await page.getByText('No test results available.').waitFor();
  });

  it('moves focus to the main region when the user changes page, but not on first load', async () => {
    const page = await browser.newPage();
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        return el?.id ? `${el.tagName}#${el.id}` : (el?.tagName ?? '');
      });
    // First load, including the redirect of a protected page to /login: focus stays put.
    await page.goto('/profile');
    await page.waitForURL('**/login');
    await page.getByLabel('Email').waitFor();
    expect(await focused()).toBe('BODY');

    await page
      .getByRole('navigation', { name: 'Footer' })
      .getByRole('link', { name: 'Privacy' })
      .click();
    await page.waitForURL('**/privacy');
    await eventually(async () => expect(await focused()).toBe('MAIN#main'));

    // From the keyboard too: following a link with Enter moves focus to the new page's main.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Cognitive Tests' })
      .focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/cognitive-tests');
    await eventually(async () => expect(await focused()).toBe('MAIN#main'));
  });

  it('is cross-origin isolated, so the test gets the fine clock', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    expect(await page.evaluate(() => window.crossOriginIsolated)).toBe(true);
  });
});

describe('tests list and sidebar', () => {
  const browser = useBrowser();

  it('lists the eight tests by group, the registered ones enabled', async () => {
    const page = await browser.newPage();
    await page.goto('/cognitive-tests');
    const cards = page.getByTestId('test-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(8);
    const groups = await page.locator('.test-group__title').allTextContents();
    expect(groups).toEqual(['Executive function', 'Memory', 'Attention', 'Planning']);
    const enabled = page.locator('[data-testid="test-card"][data-enabled="true"]');
    const enabledNames = await enabled.locator('h3').allTextContents();
    for (const name of ['Stroop Test', 'Go/No-Go']) expect(enabledNames).toContain(name);
    const names = await cards.locator('h3').allTextContents();
    expect([...names].sort()).toEqual(
      [
        'Digit Span',
        'Flanker',
        'Go/No-Go',
        'N-back',
        'PVT',
        'SART',
        'Stroop Test',
        'Tower of Hanoi',
      ].sort(),
    );
    expect(await page.locator('[data-testid="test-card"][data-enabled="false"] a').count()).toBe(0);
  });

  it('floats open on hover and stays open when locked', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    const sidebar = page.getByTestId('sidebar');
    await sidebar.waitFor();
    await page.mouse.move(900, 500);
    await expectAttribute(sidebar, 'data-expanded', 'false');
    await sidebar.hover();
    await expectAttribute(sidebar, 'data-expanded', 'true');
    await page.mouse.move(900, 500);
    await expectAttribute(sidebar, 'data-expanded', 'false');

    const lock = page.getByRole('button', { name: /lock sidebar/i });
    await lock.click();
    expect(await lock.getAttribute('aria-pressed')).toBe('true');
    await page.mouse.move(900, 500);
    await expectAttribute(sidebar, 'data-expanded', 'true');
    // The lock is remembered across reloads.
    await page.reload();
    await expectAttribute(page.getByTestId('sidebar'), 'data-expanded', 'true');
    await page.getByRole('button', { name: /lock sidebar/i }).click();
    await page.mouse.move(900, 500);
    await expectAttribute(page.getByTestId('sidebar'), 'data-expanded', 'false');
  });

  it('shows the pages and Register and Login when logged out; Profile and Logout, not Admin, for a user', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.waitFor();
    const loggedOut = await nav.textContent();
    for (const item of [
      'Cognitive Tests',
      'Progress Tracking',
      'Training',
      'Learn',
      'Register',
      'Login',
    ]) {
      expect(loggedOut).toContain(item);
    }
    for (const item of ['Logout', 'Profile', 'Admin']) expect(loggedOut).not.toContain(item);
    // Progress Tracking needs an account: following it logged out leads to the login form.
    await nav.getByRole('link', { name: 'Progress Tracking' }).click();
    await page.waitForURL('**/login');
    await page.getByLabel('Email').waitFor();

    const email = uniqueEmail('sidebar');
    await registerViaApi(page, email);
    await logInViaForm(page, email);
    const loggedIn = await page.getByRole('navigation', { name: 'Main' }).textContent();
    for (const item of [
      'Cognitive Tests',
      'Progress Tracking',
      'Training',
      'Learn',
      'Profile',
      'Logout',
    ]) {
      expect(loggedIn).toContain(item);
    }
    expect(loggedIn).not.toContain('Admin');
    for (const disabled of ['Training', 'Learn']) {
      const item = page
        .getByRole('navigation', { name: 'Main' })
        .getByText(disabled, { exact: true });
      expect(await item.evaluate((el) => el.closest('[aria-disabled="true"]') !== null)).toBe(true);
    }
  });

  it('keyboard focus opens the sidebar', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    await page.getByTestId('sidebar').waitFor();
    await page.getByTestId('sidebar').getByRole('link').first().focus();
    await expectAttribute(page.getByTestId('sidebar'), 'data-expanded', 'true');
  });
});

async function expectAttribute(locator: Locator, name: string, value: string): Promise<void> {
  await eventually(async () => expect(await locator.getAttribute(name)).toBe(value), 3000);
}
