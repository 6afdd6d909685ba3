import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, PASSWORD, uniqueEmail } from './support/accounts';
import { axeViolations } from './support/axe';
import { logInViaForm, registerViaApi, useBrowser } from './support/browser';
import { eventually } from './support/eventually';
import { screenshot } from './support/screenshot';

// The catalogue's messages (docs/product.md#messages), spelled out so a changed text fails here.
const MOCK_SAVED = 'Mock data generated and saved.';
const DEACTIVATED = 'This account has been deactivated. Please contact an administrator.';

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await page.getByRole('tabpanel', { name }).waitFor();
}

async function logInAsAdmin(page: Page) {
  await logInViaForm(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'User Management' }).waitFor();
}

/** The row of a user in User Management, found through the search box. */
async function findUserRow(page: Page, email: string) {
  await page.getByRole('searchbox', { name: 'Search users' }).fill(email);
  const row = page.locator(`tr[data-user-email="${email}"]`);
  await row.waitFor();
  return row;
}

async function confirmDialog(page: Page, button: string) {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'detached' });
}

/**
 * The report's scored-trial total, with or without mock data, as the server counts it now. The
 * page is reloaded first: it shows a report it read in the last 30 s without asking again (the
 * queries' staleTime), so two readings of one switch position could not differ, and a reading of
 * the other position could be older by the trials another test saved in between.
 */
async function reportTotal(page: Page, mock: boolean): Promise<number> {
  await page.reload();
  await page.getByRole('switch', { name: 'Include mock data' }).setChecked(mock);
  const report = stroopReport(page);
  await report
    .getByRole('table', { name: mock ? /with mock data/ : /without mock data/ })
    .and(page.locator('[aria-busy="false"]'))
    .waitFor();
  const counts = await report.locator('.admin-report__counts').textContent({ timeout: 10_000 });
  const total = /([\d,]+) scored trials/.exec(counts ?? '')?.[1];
  if (total === undefined) throw new Error(`no trial count in "${counts}"`);
  return Number(total.replaceAll(',', ''));
}

/** The Stroop report of the Test Reports tab (every registered task has one). */
const stroopReport = (page: Page) => page.locator('section[data-test-type="stroopTest"]');

/**
 * How many mock test trials the report counts, as a range: the total with mock data less the
 * total without, read just before and just after it. Other browser tests finish real runs all
 * the while (the report counts a run once it is finished), so no two readings need be of the
 * same moment; but real runs only add to both totals, so the mock count when the middle reading
 * was taken lies between the two differences.
 */
async function mockTrialRange(page: Page): Promise<{ low: number; high: number }> {
  const withoutBefore = await reportTotal(page, false);
  const withMock = await reportTotal(page, true);
  const withoutAfter = await reportTotal(page, false);
  return { low: withMock - withoutAfter, high: withMock - withoutBefore };
}

describe('admin console', () => {
  const browser = useBrowser();

  it('walks every tab with no error and no serious accessibility violation', async () => {
    const page = await browser.newPage();
    await logInAsAdmin(page);
    await page.getByText(ADMIN.email).first().waitFor();
    const headings: Record<string, string> = {
      'User Management': 'Users',
      'User Data': 'User data',
      'Test Results': 'Test results',
      'Test Reports': 'Test reports',
      'Task Preview': 'Task preview',
      'Error Logs': 'Error logs',
      'Audit Log': 'Audit log',
    };
    for (const [tab, heading] of Object.entries(headings)) {
      await openTab(page, tab);
      const panel = page.getByRole('tabpanel', { name: tab });
      await panel.getByRole('heading', { name: heading, exact: true }).waitFor();
      // Every section's spinner gone (Test Reports has one per task).
      await eventually(async () => expect(await panel.locator('.spinner').count()).toBe(0), 20_000);
      expect(await panel.getByRole('alert').count(), tab).toBe(0);
      expect(await axeViolations(page), tab).toEqual([]);
      // Every section's tab in view, and nothing wider than the window.
      for (const name of Object.keys(headings)) {
        const box = await page.getByRole('tab', { name }).boundingBox();
        expect(box && box.x + box.width <= 1280 && box.y >= 0, name).toBe(true);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth), tab).toBe(1280);
      await screenshot(page, `admin-${tab.toLowerCase().replace(' ', '-')}`);
    }
  });

  it('creates a user (each empty field named), who then logs in and must choose a password', async () => {
    const page = await browser.newPage();
    await logInAsAdmin(page);
    await page.getByRole('button', { name: 'Create user' }).click();
    const form = page.locator('.admin-create');
    await form.getByRole('button', { name: 'Create user' }).click();
    for (const label of ['First name', 'Last name', 'Email', 'Password']) {
      const input = form.getByLabel(label, { exact: true });
      await eventually(async () => expect(await input.getAttribute('aria-invalid')).toBe('true'));
    }
    const email = uniqueEmail('created');
    await form.getByLabel('First name').fill('Carla');
    await form.getByLabel('Last name').fill('Created');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByLabel('Role').selectOption('user');
    await form.getByRole('button', { name: 'Create user' }).click();
    await page.getByText(`Carla Created (${email}) was created as a user.`).waitFor();

    const newcomer = await browser.newPage();
    await logInViaForm(newcomer, email);
    // The admin chose the password (ASVS 6.4.1); the rest is in forced-password-change.spec.ts.
    await newcomer.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    expect(new URL(newcomer.url()).pathname).toBe('/choose-password');
  });

  it("changes a user's role, which applies on that user's next request", async () => {
    const userPage = await browser.newPage();
    const email = uniqueEmail('promoted');
    await registerViaApi(userPage, email, 'Pat', 'Promoted');
    await logInViaForm(userPage, email);
    const nav = userPage.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'Admin' }).count()).toBe(0);

    const page = await browser.newPage();
    await logInAsAdmin(page);
    const row = await findUserRow(page, email);
    await row.getByRole('combobox', { name: 'Role of Pat Promoted' }).selectOption('admin');
    // Nothing changes until confirmed.
    await page.getByRole('dialog', { name: 'Make this user an admin?' }).waitFor();
    await confirmDialog(page, 'Make admin');
    await page.getByText('Pat Promoted is now an admin.').waitFor();

    await userPage.goto('/admin');
    await userPage.getByRole('tab', { name: 'User Management' }).waitFor();
    await nav.getByRole('link', { name: 'Admin' }).waitFor({ state: 'attached' });
  });

  it('deactivates a user, who is logged out and cannot log in until reactivated', async () => {
    const userPage = await browser.newPage();
    const email = uniqueEmail('deactivated');
    await registerViaApi(userPage, email, 'Dee', 'Activated');
    await logInViaForm(userPage, email);

    const page = await browser.newPage();
    await logInAsAdmin(page);
    const row = await findUserRow(page, email);
    await row.getByRole('button', { name: 'Deactivate Dee Activated' }).click();
    await confirmDialog(page, 'Deactivate');
    await page.getByText('Dee Activated is deactivated.').waitFor();
    await row.getByText('Deactivated', { exact: true }).waitFor();

    // Their session ended: the next page needing it sends them to the login form.
    await userPage.goto('/profile');
    await userPage.waitForURL((url) => url.pathname === '/login');
    await userPage.getByLabel('Email').fill(email);
    await userPage.getByLabel('Password').fill(PASSWORD);
    await userPage.getByRole('button', { name: 'Log in' }).click();
    await userPage.getByRole('alert').getByText(DEACTIVATED).waitFor();

    await row.getByRole('button', { name: 'Reactivate Dee Activated' }).click();
    await confirmDialog(page, 'Reactivate');
    await logInViaForm(userPage, email);
  });

  it('generates mock data, which the report counts only with mock data switched on and progress labels', async () => {
    const page = await browser.newPage();
    await logInAsAdmin(page);
    await openTab(page, 'Test Reports');
    const before = await mockTrialRange(page);
    await stroopReport(page).getByRole('button', { name: 'Generate mock data' }).click();
    await page.getByRole('status').getByText(MOCK_SAVED).waitFor();
    // The mock run's 143 test trials in a cell (trial 0 is in none) are counted with mock data
    // and only then. Each range is as wide as the trials of runs other tests finished while it
    // was read: none or one run's, far from 143 apart.
    await eventually(async () => {
      const after = await mockTrialRange(page);
      expect(after.low - before.high).toBeLessThanOrEqual(143);
      expect(after.high - before.low).toBeGreaterThanOrEqual(143);
    }, 30_000);
    await screenshot(page, 'admin-test-reports-after-mock');

    await page.goto('/progress-tracking');
    await page.locator('.result').first().getByText('Mock data').waitFor();
  });

  it('lists a failed login in Error Logs as LOGIN_ERROR', async () => {
    const visitor = await browser.newPage();
    const email = uniqueEmail('wrong-password');
    await registerViaApi(visitor, email);
    await visitor.goto('/login');
    await visitor.getByLabel('Email').fill(email);
    await visitor.getByLabel('Password').fill('not the right passphrase');
    await visitor.getByRole('button', { name: 'Log in' }).click();
    await visitor.getByRole('alert').getByText('Failed to log in').waitFor();

    const page = await browser.newPage();
    await logInAsAdmin(page);
    await openTab(page, 'Error Logs');
    const row = page.getByRole('row').filter({ hasText: email });
    await row.getByText('LOGIN_ERROR').waitFor();
  });
});
