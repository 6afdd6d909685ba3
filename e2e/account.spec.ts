import { describe, expect, it } from 'vitest';
import { PASSWORD, uniqueEmail } from './support/accounts';
import { useBrowser } from './support/browser';
import { eventually } from './support/eventually';

describe('an account from sign-up to logout', () => {
  const browser = useBrowser();

  it('registers, is sent to login after the delay, logs in, edits the name and logs out', async () => {
    const page = await browser.newPage();
    const email = uniqueEmail('journey');

    await page.goto('/register');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('First name').fill('Marie');
    await page.getByLabel('Last name').fill('Curie');
    await page.getByRole('button', { name: /register|sign up|create/i }).click();

    // Both moments are read on the page's own clock, checked every frame: the test's own polling
    // can notice the message late on a busy machine and so shorten the delay it measures.
    const shownAtMs = (await (
      await page.waitForFunction(
        (text) => (document.body.innerText.includes(text) ? performance.now() : null),
        'Registration successful! Redirecting you to login...',
        { polling: 'raf', timeout: 10_000 },
      )
    ).jsonValue()) as number;
    const arrivedAtMs = (await (
      await page.waitForFunction(
        () => (location.pathname === '/login' ? performance.now() : null),
        undefined,
        { polling: 'raf', timeout: 5000 },
      )
    ).jsonValue()) as number;
    const waitedMs = arrivedAtMs - shownAtMs;
    expect(waitedMs).toBeGreaterThan(1500);
    expect(waitedMs).toBeLessThan(4000);

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    const avatar = page.getByRole('link', { name: 'Profile' }).first();
    await avatar.waitFor();
    expect(await avatar.textContent()).toContain('MC');

    await avatar.click();
    await page.waitForURL('**/profile');
    await page.getByText('Marie', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('First name').fill('Maria');
    await page.getByLabel('Last name').fill('Skłodowska');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Maria', { exact: true }).waitFor();
    await page.getByText('Skłodowska', { exact: true }).waitFor();
    await eventually(async () =>
      expect(await page.getByRole('link', { name: 'Profile' }).first().textContent()).toContain(
        'MS',
      ),
    );

    // The name is stored on the server: a reload shows it.
    await page.reload();
    await page.getByText('Skłodowska', { exact: true }).waitFor();

    await page.getByRole('main').getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('link', { name: 'Login' }).first().waitFor();
    await page.goto('/profile');
    await page.waitForURL('**/login');
  });

  it('shows the login failure message and keeps the form usable', async () => {
    const page = await browser.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(uniqueEmail('nobody'));
    await page.getByLabel('Password').fill('wrong password here');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').getByText('Failed to log in').waitFor();
    expect(await page.getByLabel('Email').isEnabled()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('disables the login inputs while submitting', async () => {
    const page = await browser.newPage();
    await page.goto('/login');
    // Hold the login request so the in-flight state can be observed.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/auth/login', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel('Email').fill(uniqueEmail('slow'));
    await page.getByLabel('Password').fill('whatever password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await eventually(async () => {
      expect(await page.getByLabel('Email').isDisabled()).toBe(true);
      expect(await page.getByLabel('Password').isDisabled()).toBe(true);
    });
    release();
    await page.getByText('Failed to log in').waitFor();
    expect(await page.getByLabel('Email').isEnabled()).toBe(true);
  });

  it('shows the registration failure message when the server refuses', async () => {
    const page = await browser.newPage();
    await page.goto('/register');
    await page.getByLabel('Email').fill(uniqueEmail('common'));
    await page.getByLabel('Password').fill('password1234');
    await page.getByLabel('First name').fill('Common');
    await page.getByLabel('Last name').fill('Password');
    await page.getByRole('button', { name: /register|sign up|create/i }).click();
    await page.getByText('Failed to register. Please try again.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/register');
  });
});
