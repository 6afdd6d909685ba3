import type { Locator, Page } from 'playwright-core';

/** A full-page screenshot for a person to look at, when SCREENSHOT_DIR is set; else nothing. */
export async function screenshot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/**
 * A screenshot of one part of the page, when SCREENSHOT_DIR is set. A part taller than the
 * window is taken in a window tall enough to hold it, so that the capture does not scroll and
 * the sticky header is not drawn over it; the window's size is restored after.
 */
export async function screenshotOf(locator: Locator, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  const page = locator.page();
  const viewport = page.viewportSize();
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  const scrollY = await page.evaluate(() => window.scrollY);
  const needed = box ? Math.ceil(scrollY + box.y + box.height + 16) : 0;
  if (viewport && box && box.height > viewport.height - 80) {
    await page.setViewportSize({ width: viewport.width, height: needed });
  }
  await locator.screenshot({ path: `${dir}/${name}.png` });
  if (viewport) await page.setViewportSize(viewport);
}
