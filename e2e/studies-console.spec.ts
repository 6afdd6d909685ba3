import { describe, expect, it } from 'vitest';
import { ADMIN } from './support/accounts';
import { axeViolations } from './support/axe';
import { logInViaForm, useBrowser } from './support/browser';
import { screenshot } from './support/screenshot';

describe("a researcher's studies", () => {
  const browser = useBrowser();

  it('makes a study in the editor, opens it, makes personal links and previews it as a participant', async () => {
    const page = await browser.newPage();
    await logInViaForm(page, ADMIN.email, ADMIN.password);
    await page.getByTestId('sidebar').getByRole('link', { name: 'Studies' }).click();
    await page.getByRole('heading', { name: 'Studies', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'New study' }).click();

    // The editor starts with consent, a task and a debrief.
    await page.getByLabel('Name').fill('Console study');
    await page.getByLabel('Title', { exact: true }).first().fill('Attention and memory');
    const steps = page.locator('.studies-step');
    expect(await steps.count()).toBe(3);
    await steps.nth(0).getByLabel('Text').fill('You may stop at any time.');
    await steps.nth(1).getByLabel('Task').selectOption({ label: 'Go/No-Go' });
    await steps
      .nth(1)
      .getByText(/^Settings of/)
      .click();
    // A setting out of its bounds is named before anything is sent.
    const trials = steps.nth(1).getByLabel(/^Test trials/);
    await trials.fill('0');
    await steps.nth(2).getByLabel('Text').fill('Thank you for taking part.');
    await page.getByRole('button', { name: 'Create study' }).click();
    await page.getByText('Some fields need a change').waitFor();
    await trials.fill('20');
    // The message goes with the change.
    expect(await steps.nth(1).getByText('Enter a whole number from 10 to 1000').count()).toBe(0);
    await page.getByRole('button', { name: 'Create study' }).click();
    await page.waitForURL(/\/studies\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Console study' }).waitFor();

    await page.getByRole('button', { name: 'Open the study' }).click();
    await page.getByRole('button', { name: 'Pause' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'study-editor-1280');
    await page.getByRole('link', { name: 'Links' }).click();
    await page.getByRole('heading', { name: 'Open link' }).waitFor();
    const openLink = await page
      .getByRole('textbox', { name: 'Open link', exact: true })
      .inputValue();
    expect(openLink).toMatch(/\/s\/[a-z0-9]{12}$/);
    await page.getByRole('img', { name: /^QR code of/ }).waitFor();
    await page.getByLabel('How many').fill('3');
    await page.getByLabel('Label (optional)').fill('Clinic A');
    await page.getByRole('button', { name: 'Make links' }).click();
    await page.getByRole('cell', { name: 'Clinic A' }).first().waitFor();
    expect(await page.getByRole('cell', { name: 'Clinic A' }).count()).toBe(3);

    // A personal link: used by its first start, and it resumes that participant in another
    // browser, where the consent they gave holds.
    const personal = (await page.locator('td code').first().textContent()) ?? '';
    expect(personal).toMatch(/\/s\/[a-z0-9]{12}\/[a-z0-9]{12}$/);
    const first = await browser.newPage();
    await first.goto(new URL(personal).pathname);
    await first.getByRole('button', { name: 'Start' }).click();
    await first.getByRole('button', { name: 'I agree' }).click();
    await first.getByText('Step 2 of 3').waitFor();
    const second = await browser.newPage();
    await second.goto(new URL(personal).pathname);
    await second.getByRole('button', { name: 'Start' }).click();
    await second.getByText('Step 2 of 3').waitFor();
    await page.reload();
    await page.getByRole('cell', { name: 'Not yet' }).first().waitFor();
    expect(await page.getByRole('cell', { name: 'Not yet' }).count()).toBe(2);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'study-links-1280');

    // The preview opens the study as a participant, marked, in a new tab.
    const opened = page.context().waitForEvent('page');
    await page.getByRole('button', { name: 'Preview as a participant' }).click();
    const preview = await opened;
    await preview.getByText('Step 1 of 3').waitFor();
    await preview.getByText('Preview', { exact: true }).waitFor();
    await preview.getByRole('heading', { name: 'Consent' }).waitFor();

    // On a phone: the same pages, within the screen's width.
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, isPhone: true });
    await logInViaForm(phone, ADMIN.email, ADMIN.password);
    await phone.goto(new URL(page.url()).pathname);
    await phone.getByRole('heading', { name: 'Console study' }).waitFor();
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await screenshot(phone, 'study-editor-390');
    await phone.getByRole('link', { name: 'Links' }).click();
    await phone.getByRole('heading', { name: 'Open link' }).waitFor();
    await screenshot(phone, 'study-links-390');
  }, 120_000);
});
