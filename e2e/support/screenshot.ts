import type { Page } from 'playwright-core';

/** A full-page screenshot for a person to look at, when SCREENSHOT_DIR is set; else nothing. */
export async function screenshot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}
