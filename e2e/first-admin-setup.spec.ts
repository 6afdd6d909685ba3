import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@cogni/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTotp } from '../apps/server/src/lib/totp';
import {
  getFreePort,
  type SpawnedServer,
  spawnServer,
  waitForListening,
} from '../apps/server/src/testing/spawn-server';
import { E2E_SCRYPT_LOG2_N } from './support/accounts';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { eventually } from './support/eventually';
import { screenshot } from './support/screenshot';

const FIRST_ADMIN = {
  email: 'first-admin@example.com',
  password: 'the very first passphrase',
  firstName: 'Frances',
  lastName: 'Allen',
};
const PHONE = { width: 390, height: 844 };

/**
 * A new installation as its operator meets it: a server of its own on a new embedded database,
 * whose log holds the one-time setup link.
 */
describe('the first admin, from the setup link', { timeout: 120_000 }, () => {
  const browser = useBrowser();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cogni-e2e-setup-'));
  let server: SpawnedServer;
  let origin = '';
  let link = '';
  beforeAll(async () => {
    const port = await getFreePort();
    server = spawnServer({
      PORT: String(port),
      DATA_DIR: dataDir,
      SCRYPT_LOG2_N: E2E_SCRYPT_LOG2_N,
    });
    await waitForListening(server);
    origin = `http://localhost:${port}`;
    await eventually(() => {
      const found = server.output().match(/open (http:\/\/localhost:\d+\/setup\/[\w-]+) to create/);
      if (!found?.[1]) throw new Error(`no setup link yet in:\n${server.output()}`);
      link = found[1];
    }, 20_000);
  });
  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates the admin, requires two-factor login before the console, and then opens nothing', async () => {
    const phone = await browser.newPage({ viewport: PHONE, isPhone: true });
    await phone.goto(link);
    await phone.getByRole('heading', { name: 'Create the first admin' }).waitFor();
    await phone.getByLabel('Email').waitFor();
    expect(await axeViolations(phone)).toEqual([]);
    await screenshot(phone, 'first-admin-setup-390');

    const page = await browser.newPage();
    await page.goto(link);
    await page.getByRole('heading', { name: 'Create the first admin' }).waitFor();
    await screenshot(page, 'first-admin-setup-1280');
    // The usual password rules: a common password is refused on its field.
    await page.getByLabel('Email').fill(FIRST_ADMIN.email);
    await page.getByLabel('Password').fill('Password1234');
    await page.getByLabel('First name').fill(FIRST_ADMIN.firstName);
    await page.getByLabel('Last name').fill(FIRST_ADMIN.lastName);
    await page.getByRole('button', { name: 'Create admin' }).click();
    await page.getByText('This password is too common; choose another').waitFor();
    await page.getByLabel('Password').fill(FIRST_ADMIN.password);
    await page.getByRole('button', { name: 'Create admin' }).click();

    await page.getByRole('heading', { name: 'Set up two-factor login' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/set-up-two-factor');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'first-admin-two-factor-1280');
    // Nothing else opens before it is on.
    await page.goto(`${origin}/admin`);
    await page.getByRole('heading', { name: 'Set up two-factor login' }).waitFor();

    const card = page.locator('.account-card', { hasText: 'Two-factor login' });
    await card.getByRole('button', { name: 'Set up two-factor login' }).click();
    const secret = (await card.locator('.totp-setup__secret').textContent())?.replace(/\s/g, '');
    if (!secret) throw new Error('no secret shown');
    await card.getByLabel('Password', { exact: true }).fill(FIRST_ADMIN.password);
    await card.getByLabel('Authentication code').fill(generateTotp(secret, Date.now()));
    await card.getByRole('button', { name: 'Turn on two-factor login' }).click();
    await card.getByRole('heading', { name: 'Save your recovery codes' }).waitFor();
    await page.getByRole('link', { name: 'Continue to the admin console' }).click();
    await page.getByRole('tab', { name: 'User Management' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin');

    // Used: the link tells so, in a browser that is not signed in.
    const again = await browser.newPage();
    await again.goto(link);
    await again.getByText(MESSAGES.setupLinkInvalid.message).waitFor();
  });
});
