import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { api } from '../../apps/server/src/testing/participant-api';
import { PASSWORD } from './accounts';
import { pageApi } from './api-runs';
import { CHROMIUM_ARGS, findChromium } from './find-chromium';

export type BrowserFixture = {
  baseUrl: string;
  /** A new page in a new context (its own cookies), closed after the file. */
  newPage: (options?: {
    viewport?: { width: number; height: number };
    /** A phone: touch input, a coarse pointer and the mobile viewport rules. */
    isPhone?: boolean;
  }) => Promise<Page>;
};

/** One Chromium per test file; every page gets its own context so sessions never mix. */
export function useBrowser(): BrowserFixture {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const baseUrl = inject('baseUrl');
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
  });
  return {
    baseUrl,
    newPage: async (options = {}) => {
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport: options.viewport ?? { width: 1280, height: 800 },
        ...(options.isPhone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 3 } : {}),
      });
      contexts.push(context);
      const page = await context.newPage();
      // Generous: three browsers share two cores with the server. The tests check what pages
      // do; how fast is measured by the benchmarks.
      page.setDefaultTimeout(20_000);
      return page;
    },
  };
}

/** Registers through the API of the page's own origin (fast path for tests not about sign-up). */
export async function registerViaApi(
  page: Page,
  email: string,
  firstName = 'Test',
  lastName = 'User',
) {
  await pageApi(page)(api.register({ email, password: PASSWORD, firstName, lastName }));
}

/** Logs in through the login form. */
export async function logInViaForm(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}
