import { williamsRows } from '@cogni/domain';
import type { CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN } from './support/accounts';
import { axeViolations } from './support/axe';
import { logInViaForm, useBrowser } from './support/browser';
import { DIGIT_SPAN_RECORDER } from './support/digit-span-driver';
import { playFlankerRun, pressFlankerKeyAt, targetOf } from './support/flanker-driver';
import { playGoNoGoRun, pressSpaceAt } from './support/go-no-go-driver';
import { screenshot, screenshotOf } from './support/screenshot';
import { openStudy, PROLIFIC, STUDY, takeDigitSpan } from './support/study-driver';
import { ELEMENT_TIMING_RECORDER, makeDelays, startRunFromIntro } from './support/task-run';

/** Three short tasks between consent and debrief, in a balanced Latin square, on Prolific. */
const TASK_TITLES = ['Digits', 'Go or wait', 'Arrows'] as const;
type TaskTitle = (typeof TASK_TITLES)[number];
const LATIN_STUDY = {
  settings: {
    ...STUDY.settings,
    name: 'Latin-square study',
    panel: 'prolific',
    capturedParams: ['PROLIFIC_PID', 'STUDY_ID', 'SESSION_ID'],
    panelIdParam: 'PROLIFIC_PID',
    completionUrl: `${PROLIFIC}?cc={COMPLETION_CODE}`,
    completionCode: 'C0FFEE',
    screenOutCode: 'SCR33N',
  },
  content: {
    title: 'Three short tasks',
    description: 'Three short tests in an order of their own.',
    steps: [
      { kind: 'consent', title: 'Consent', text: 'You may stop at any time.' },
      // The browser study's short Digit Span and Go/No-Go.
      { ...STUDY.content.steps[1], title: 'Digits' },
      STUDY.content.steps[3],
      {
        kind: 'task',
        title: 'Arrows',
        testType: 'flankerTest',
        config: { practiceTrials: 4, testTrials: 8, soaMs: 1500, stimulusMs: 800, feedbackMs: 300 },
      },
      { kind: 'debrief', title: 'Thank you', text: 'The order was balanced.' },
    ],
    // The order alone: with the response mapping balanced too, the first three participants
    // could share a row (twelve cells, any three of them empty), so the mapping is the API
    // tests' to prove (assignment.test.ts).
    design: { order: { scheme: 'latinSquare', group: { first: 1, last: 3 } } },
  },
};

/** Answers every flanker display the middle arrow's way with the arrow keys. */
async function takeFlanker(page: Page, cdp: CDPSession): Promise<void> {
  const delays = makeDelays(5);
  await playFlankerRun(page, async (next) => {
    const key = targetOf(next.display) === 'left' ? 'ArrowLeft' : 'ArrowRight';
    await pressFlankerKeyAt(page, cdp, key, next.presentedAt + delays());
  });
  await page.getByRole('button', { name: 'View Results' }).click();
}

/**
 * Takes the task step on screen, whichever of the three it is; answers its title and, for
 * Go/No-Go, the go mapping its run was started with.
 */
async function takeTaskStep(page: Page): Promise<{ title: TaskTitle; goMapping?: string }> {
  const title = (await page.title()).split(' · ')[0] as TaskTitle;
  expect(TASK_TITLES).toContain(title);
  const { run, cdp } = await startRunFromIntro(page);
  const config = (run as { config?: Record<string, unknown> }).config ?? {};
  if (title === 'Digits') await takeDigitSpan(page, cdp, 'keyboard');
  if (title === 'Arrows') await takeFlanker(page, cdp);
  let goMapping: string | undefined;
  if (title === 'Go or wait') {
    // The study balances the go stimulus: P under mapping A, R under B.
    goMapping = String(config.goMapping);
    const go = goMapping === 'B' ? 'R' : 'P';
    const delays = makeDelays(11);
    await playGoNoGoRun(page, async (next) => {
      if (next.stimulusId === go) await pressSpaceAt(page, cdp, next.presentedAt + delays());
    });
    await page.getByRole('button', { name: 'View Results' }).click();
  }
  await page.getByRole('heading', { name: /done$/ }).waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Continue' }).click();
  return { title, goMapping };
}

describe('a study design in the browser', () => {
  const browser = useBrowser();

  it('shows the Latin square in the editor and Prolific’s URLs, and three participants take the tasks in three orders', async () => {
    const admin = await browser.newPage();
    await logInViaForm(admin, ADMIN.email, ADMIN.password);
    const code = await openStudy(admin, browser.baseUrl, LATIN_STUDY as never);

    // The editor shows the square's six rows (three tasks: the square and its mirror).
    await admin.goto('/studies');
    await admin.getByRole('link', { name: 'Latin-square study' }).first().click();
    const studyUrl = admin.url();
    await admin.getByRole('heading', { name: 'Design' }).waitFor();
    const rows = admin.locator('.studies-design__rows li');
    expect(await rows.count()).toBe(6);
    expect(await rows.first().textContent()).toBe('2. Digits → 3. Go or wait → 4. Arrows');
    await admin.getByText('6 cells (arms × orders × mappings)').waitFor();
    expect(await axeViolations(admin)).toEqual([]);
    await screenshotOf(admin.locator('.studies-design'), 'study-design-1280');

    // The links page: the URL to paste into Prolific and the completion URL to paste back.
    await admin.getByRole('link', { name: 'Links' }).click();
    await admin.getByRole('heading', { name: 'For Prolific' }).waitFor();
    const prolificUrl = await admin.getByLabel('Study URL for Prolific').inputValue();
    expect(prolificUrl).toBe(
      `${browser.baseUrl}/s/${code}?PROLIFIC_PID={{%PROLIFIC_PID%}}&STUDY_ID={{%STUDY_ID%}}&SESSION_ID={{%SESSION_ID%}}`,
    );
    expect(await admin.getByLabel('Completion URL').inputValue()).toBe(`${PROLIFIC}?cc=C0FFEE`);
    await admin.getByText('SCR33N').waitFor();
    expect(await axeViolations(admin)).toEqual([]);
    await screenshot(admin, 'study-panel-links-1280');

    const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, isPhone: true });
    await logInViaForm(phone, ADMIN.email, ADMIN.password);
    await phone.goto(studyUrl.replace(browser.baseUrl, ''));
    await phone.getByRole('heading', { name: 'Design' }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await screenshotOf(phone.locator('.studies-design'), 'study-design-390');
    await phone.getByRole('link', { name: 'Links' }).click();
    await phone.getByRole('heading', { name: 'For Prolific' }).waitFor();
    await screenshot(phone, 'study-panel-links-390');

    // Three participants from Prolific, one after another: Prolific fills in each one's ids.
    const orders: TaskTitle[][] = [];
    const mappings: string[] = [];
    for (const n of [1, 2, 3]) {
      const page = await browser.newPage();
      await page.addInitScript(ELEMENT_TIMING_RECORDER);
      await page.addInitScript(DIGIT_SPAN_RECORDER);
      await page.route(`${PROLIFIC}**`, (route) =>
        route.fulfill({ contentType: 'text/html', body: '<h1>Prolific</h1>' }),
      );
      await page.goto(
        prolificUrl
          .replace(browser.baseUrl, '')
          .replace('{{%PROLIFIC_PID%}}', `pid-latin-${n}`)
          .replace('{{%STUDY_ID%}}', 'st-latin')
          .replace('{{%SESSION_ID%}}', `se-${n}`),
      );
      await page.getByRole('button', { name: 'Start' }).click();
      await page.getByText('Step 1 of 5').waitFor();
      await page.getByRole('button', { name: 'I agree' }).click();
      const order: TaskTitle[] = [];
      for (const step of [2, 3, 4]) {
        await page.getByText(`Step ${step} of 5`).waitFor();
        const taken = await takeTaskStep(page);
        order.push(taken.title);
        if (taken.goMapping) mappings.push(taken.goMapping);
      }
      await page.getByText('Step 5 of 5').waitFor();
      await page.getByRole('button', { name: 'Finish' }).click();
      await page.waitForURL((url) => url.href.startsWith(PROLIFIC), { timeout: 30_000 });
      expect(new URL(page.url()).searchParams.get('cc')).toBe('C0FFEE');
      orders.push(order);

      // The same Prolific id cannot take part again, even in a fresh browser.
      if (n === 1) {
        const again = await browser.newPage();
        await again.route(`${PROLIFIC}**`, (route) =>
          route.fulfill({ contentType: 'text/html', body: '<h1>Prolific</h1>' }),
        );
        await again.goto(`/s/${code}?PROLIFIC_PID=pid-latin-1&STUDY_ID=st-latin&SESSION_ID=x`);
        await again.getByRole('button', { name: 'Start' }).click();
        await again.getByText('You have already taken part in this study').waitFor();
        const back = again.getByRole('link', { name: 'Return to the panel' });
        expect(await back.getAttribute('href')).toBe(`${PROLIFIC}?cc=SCR33N`);
      }
    }

    // Three different orders (the rule fills the empty cells first), each a row of the square;
    // Go/No-Go at its own mapping, A.
    const square = williamsRows(3).map((row) => row.map((i) => TASK_TITLES[i]).join(' > '));
    const seen = orders.map((order) => order.join(' > '));
    expect(new Set(seen).size).toBe(3);
    for (const order of seen) expect(square).toContain(order);
    expect(mappings).toEqual(['A', 'A', 'A']);

    // Each participant's order and row are recorded: the export names them.
    const studyId = new URL(studyUrl).pathname.split('/')[2];
    const exported = await admin.request.get(
      `/api/studies/${studyId}/export?format=json&table=participants`,
    );
    const { rows: participants } = (await exported.json()) as {
      rows: {
        state: string;
        order_row: number;
        step_order: string;
        response_mapping: string | null;
      }[];
    };
    expect(participants.map((p) => p.state)).toEqual(['completed', 'completed', 'completed']);
    participants.forEach((participant, i) => {
      const recorded = participant.step_order
        .split(' ')
        .slice(1, 4)
        .map((index) => TASK_TITLES[Number(index) - 1]);
      expect(recorded.join(' > ')).toBe(seen[i]);
      expect(square[participant.order_row]).toBe(seen[i]);
      expect(participant.response_mapping).toBeNull();
    });
  }, 480_000);
});
