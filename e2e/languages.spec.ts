import type { AdminTrial } from '@cogni/domain';
import { STROOP_LANGUAGES } from '@cogni/domain/tasks/stroop';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api } from '../apps/server/src/testing/participant-api';
import { PASSWORD, uniqueEmail } from './support/accounts';
import { pageApi } from './support/api-runs';
import { axeViolations } from './support/axe';
import { logInViaForm, registerViaApi, useBrowser } from './support/browser';
import { translationOf } from './support/catalog';
import { screenshot } from './support/screenshot';

/** The header's language switcher. */
const switcher = (page: Page) => page.locator('.language-switcher__select');

/** Chooses `locale` in the header and waits until the page shows in it. */
async function chooseLanguage(page: Page, locale: 'en' | 'de' | 'es') {
  await switcher(page).selectOption(locale);
  await page.waitForFunction((lang) => document.documentElement.lang === lang, locale);
}

/** The trials of a run as its owner reads them back. */
async function storedTrials(page: Page, runId: string) {
  const res = await page.request.get(`/api/results/${runId}/trials`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { trials: AdminTrial[] }).trials;
}

/** On a task's intro page in `locale`: starts the run; its id. */
async function startRun(page: Page, locale: 'de' | 'es'): Promise<string> {
  await page.getByRole('button', { name: await translationOf(locale, 'Start Test') }).click();
  const started = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/results',
  );
  await page
    .getByRole('button', { name: await translationOf(locale, 'Ready ... Set ... Go!') })
    .click();
  const { run } = (await (await started).json()) as { run: { id: string; language: string } };
  expect(run.language).toBe(locale);
  return run.id;
}

/** Waits for the next stimulus after `previous` and reads it: the word shown and its colour. */
async function nextStimulus(page: Page, previous: string | null) {
  const handle = await page.waitForFunction(
    (after) => {
      const el = document.querySelector<HTMLElement>(
        '[data-testid="stroop-stage"] .stroop-stage__stimulus',
      );
      const id = el?.getAttribute('elementtiming');
      if (!el || !id || id === after) return null;
      return { id, shown: el.textContent, word: el.dataset.word };
    },
    previous,
    { timeout: 15_000, polling: 'raf' },
  );
  return (await handle.jsonValue()) as {
    id: string;
    shown: string;
    word: 'RED' | 'GREEN' | 'BLUE';
  };
}

/**
 * Answers the stimulus on screen with `answer` and waits for the feedback. A press that lands
 * before the word is presented is no answer (the stage takes none before its onset), so on a
 * busy machine it is given again.
 */
async function answerStimulus(page: Page, answer: () => Promise<void>) {
  for (let attempt = 0; attempt < 5; attempt++) {
    await page.waitForTimeout(150);
    await answer();
    const answered = await page
      .locator('[data-testid="stroop-stage"] .task-feedback')
      .waitFor({ timeout: 3000 })
      .then(
        () => true,
        () => false,
      );
    if (answered) return;
  }
  throw new Error('the stimulus took no answer');
}

describe('languages', () => {
  const browser = useBrowser();

  it('a visitor switches the page to German in the header, which stays chosen; a task page in German and Spanish is accessible', async () => {
    const page = await browser.newPage();
    await page.goto('/cognitive-tests');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.getByRole('heading', { name: 'Cognitive Tests', level: 1 }).waitFor();

    await chooseLanguage(page, 'de');
    await page
      .getByRole('heading', { name: await translationOf('de', 'Cognitive Tests'), level: 1 })
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // Kept in the browser for the next visit, and for the account once signed in.
    await page.reload();
    await page.waitForFunction(() => document.documentElement.lang === 'de');
    const email = uniqueEmail('languages-visitor');
    await registerViaApi(page, email);
    await pageApi(page)(api.logIn({ email, password: PASSWORD }));

    await page.goto('/cognitive-tests/stroop-test');
    await page.getByRole('button', { name: await translationOf('de', 'Start Test') }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'languages-stroop-intro-de-1280');

    await chooseLanguage(page, 'es');
    await page.getByRole('button', { name: await translationOf('es', 'Start Test') }).waitFor();
    // Spanish answers green with V and blue with A: the instructions say so.
    await page.locator('kbd', { hasText: /^V$/ }).first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'languages-stroop-intro-es-1280');
  }, 120_000);

  it('a signed-in user’s choice is kept in the profile, and a Stroop run shows and stores German words', async () => {
    const page = await browser.newPage();
    const email = uniqueEmail('languages-de');
    await registerViaApi(page, email);
    await logInViaForm(page, email);
    await chooseLanguage(page, 'de');
    // Saved to the profile: the session answers with it, in any browser.
    await expect
      .poll(async () => (await (await page.request.get('/api/session')).json()).language)
      .toBe('de');
    await page.goto('/profile');
    await page.locator('select').nth(1).waitFor();
    await screenshot(page, 'languages-profile-de-1280');

    await page.goto('/cognitive-tests/stroop-test');
    const runId = await startRun(page, 'de');
    const german = STROOP_LANGUAGES.de;
    let previous: string | null = null;
    for (let i = 0; i < 4; i++) {
      const stimulus = await nextStimulus(page, previous);
      previous = stimulus.id;
      expect(stimulus.shown).toBe(german.words[stimulus.word]);
      if (i === 1) await screenshot(page, 'languages-stroop-trial-de-1280');
      await answerStimulus(page, () => page.keyboard.press('KeyG'));
    }
    // The outbox saves each answer on its own: the fourth is stored a moment after it is given.
    await expect
      .poll(async () => (await storedTrials(page, runId)).length, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(4);
    const stored = await storedTrials(page, runId);
    for (const trial of stored.slice(0, 4)) {
      // The colours as always (scores and exports unchanged), and what German showed beside them.
      expect(trial.shownWord).toBe(german.words[trial.stimulusWord as 'RED' | 'GREEN' | 'BLUE']);
      expect(trial.response).toBe('G');
      expect(trial.keyPressed).toBe('G');
    }
  }, 180_000);

  it('on a phone in Spanish, Stroop’s buttons are the Spanish colours, and a tap stores the colour', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isPhone: true });
    const email = uniqueEmail('languages-es');
    await registerViaApi(page, email);
    await logInViaForm(page, email);
    await chooseLanguage(page, 'es');
    await page.goto('/cognitive-tests/stroop-test');
    await page.getByRole('button', { name: await translationOf('es', 'Start Test') }).waitFor();
    await screenshot(page, 'languages-stroop-intro-es-390');
    const runId = await startRun(page, 'es');
    const spanish = STROOP_LANGUAGES.es;
    const green = page.getByRole('button', { name: spanish.names.green });
    await green.waitFor();
    let previous: string | null = null;
    for (let i = 0; i < 3; i++) {
      const stimulus = await nextStimulus(page, previous);
      previous = stimulus.id;
      expect(stimulus.shown).toBe(spanish.words[stimulus.word]);
      if (i === 0) await screenshot(page, 'languages-stroop-trial-es-390');
      await answerStimulus(page, () => green.tap());
    }
    await expect
      .poll(async () => (await storedTrials(page, runId)).length, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(3);
    const stored = (await storedTrials(page, runId)).slice(0, 3);
    for (const trial of stored) {
      expect(trial.response).toBe('G');
      expect(trial.inputModality).toBe('touch');
      expect(trial.shownWord).toBe(spanish.words[trial.stimulusWord as 'RED' | 'GREEN' | 'BLUE']);
    }
  }, 180_000);
});
