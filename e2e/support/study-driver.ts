import type { CDPSession, Page } from 'playwright-core';
import { expect } from 'vitest';
import { continuePast, pressAnswerKeyAt, waitForNextInRun } from './digit-span-driver';
import { makeDelays } from './task-run';
import { touchPadButtonAt } from './trusted-input';

/** Prolific's completion page, outside our system: the browser test answers it itself. */
export const PROLIFIC = 'https://app.prolific.com/submissions/complete';

export const STUDY = {
  settings: {
    name: 'Browser study',
    participantCap: null,
    capturedParams: ['PROLIFIC_PID'],
    completionUrl: `${PROLIFIC}?cc={COMPLETION_CODE}&pid={PROLIFIC_PID}`,
    declineMessage: 'Thank you all the same.',
    declineUrl: null,
    completionCode: 'C0FFEE',
    showScores: false,
  },
  content: {
    title: 'Memory and attention',
    description: 'Two short tests and a few questions, about **ten** minutes.',
    steps: [
      {
        kind: 'consent',
        title: 'Consent',
        text: 'You may stop at any time.\n\n- Your answers are pseudonymous.',
      },
      {
        kind: 'task',
        title: 'Remembering digits',
        testType: 'digitSpanTest',
        config: { forwardMaxLength: 3, backwardMaxLength: 3, practiceMaxTries: 1 },
      },
      { kind: 'demographics', title: 'About you', questions: ['age', 'handedness'] },
      {
        kind: 'task',
        title: 'Go or wait',
        testType: 'goNoGoTest',
        config: {
          stimulusSet: 'letters-PR',
          practiceTrials: 5,
          practiceMaxRounds: 1,
          testTrials: 10,
          soaMs: 1000,
          responseWindowMs: 950,
          feedbackMs: 300,
        },
      },
      { kind: 'debrief', title: 'Thank you', text: 'The study measures working memory.' },
    ],
  },
};

/** A study made and opened by the admin through the API, as the study editor does. */
export async function openStudy(admin: Page, baseUrl: string, study = STUDY): Promise<string> {
  const created = await admin.request.post('/api/studies', {
    data: study,
    headers: { origin: baseUrl },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { study: made } = (await created.json()) as { study: { id: string; code: string } };
  const opened = await admin.request.post(`/api/studies/${made.id}/state`, {
    data: { state: 'open' },
    headers: { origin: baseUrl },
  });
  expect(opened.status()).toBe(200);
  return made.code;
}

/** How the participant answers Digit Span: the keyboard, or the on-screen keypad. */
export type DigitSpanInput = 'keyboard' | 'touch';

/**
 * Answers Digit Span lists right, by keyboard or on the keypad, passing the prompts between
 * them; stops after `maxLists` lists (a reload comes next), or at 'All trials done' and then
 * presses 'View Results'. Answers how many lists it answered.
 */
export async function takeDigitSpan(
  page: Page,
  cdp: CDPSession,
  input: DigitSpanInput,
  maxLists = Number.POSITIVE_INFINITY,
): Promise<number> {
  const delays = makeDelays(7);
  let previous: string | null = null;
  let lists = 0;
  for (;;) {
    const next = await waitForNextInRun(page, previous);
    if (next.kind === 'finished') break;
    if (next.kind !== 'list') {
      await continuePast(page);
      continue;
    }
    previous = next.padId;
    const answer = next.block === 0 ? next.digits : [...next.digits].reverse();
    let at = next.padOnset + 400;
    for (const key of answer) {
      at += delays();
      if (input === 'keyboard') await pressAnswerKeyAt(page, cdp, key, at);
      else await touchPadButtonAt(page, cdp, String(key), at);
    }
    at += delays();
    if (input === 'keyboard') await pressAnswerKeyAt(page, cdp, 'enter', at);
    else await touchPadButtonAt(page, cdp, 'submit', at);
    lists += 1;
    if (lists >= maxLists) return lists;
  }
  await page.getByRole('button', { name: 'View Results' }).click();
  return lists;
}
