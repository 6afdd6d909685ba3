import type { CDPSession, Page } from 'playwright-core';
import { expect } from 'vitest';
import { eventually } from './eventually';
import { answerNextTrial, type PressedTrial } from './stroop-driver';
import { makeDelays } from './task-run';

export type Position = { phase: string; trialNumber: number };

/**
 * Answers `count` trials in a row with seeded human-like delays; `previous` is the identifier of
 * the stimulus answered last (null at the start of a page). Returns what was answered and the
 * identifier to pass next time (`pressed`: the key, correctness and true RT of each).
 */
export async function answerTrials(
  page: Page,
  cdp: CDPSession,
  count: number,
  previous: string | null = null,
) {
  const delay = makeDelays(3);
  const pressed: PressedTrial[] = [];
  for (let i = 0; i < count; i++) {
    const { identifier, ...trial } = await answerNextTrial(page, cdp, {
      previous,
      trueRtMs: delay(),
    });
    previous = identifier;
    pressed.push(trial);
  }
  const answered: Position[] = pressed.map(({ phase, trialNumber }) => ({ phase, trialNumber }));
  return { answered, pressed, last: previous };
}

/**
 * Takes the page offline, keeps answering trials for `offlineMs`, checks that the page says they
 * wait to be saved, and brings the network back. Returns how many were answered offline.
 */
export async function answerWhileOffline(
  page: Page,
  cdp: CDPSession,
  offlineMs: number,
  previous: string | null,
): Promise<{ count: number; pressed: PressedTrial[]; last: string | null }> {
  await page.context().setOffline(true);
  const offlineSince = Date.now();
  let last = previous;
  const pressed: PressedTrial[] = [];
  while (Date.now() - offlineSince < offlineMs) {
    const answered = await answerTrials(page, cdp, 1, last);
    last = answered.last;
    pressed.push(...answered.pressed);
  }
  await eventually(async () =>
    expect(await page.locator('.task-save-status').textContent()).toMatch(/waiting to be saved/),
  );
  await page.context().setOffline(false);
  return { count: pressed.length, pressed, last };
}

/** The run's stored trials in run order, one entry per row, read with the page's session. */
export async function storedPositions(page: Page, runId: string): Promise<Position[]> {
  return page.evaluate(async (id) => {
    const listed = await (await fetch(`/api/results/${id}/trials`)).json();
    return listed.trials.map((t: Position) => ({ phase: t.phase, trialNumber: t.trialNumber }));
  }, runId);
}

/**
 * Waits until the browser has kept a trial: written to its outbox (IndexedDB, flushed to disk),
 * or already saved on the server (the outbox deletes it only after that). A key press is kept a
 * few milliseconds after it is made; a reload before then loses an answer nobody was told was
 * kept, and the test asks that trial again.
 */
export async function waitUntilKept(page: Page, runId: string, position: Position) {
  const key = `${runId}:${position.phase}:${position.trialNumber}`;
  await eventually(async () => {
    const isInOutbox = await page.evaluate(async (trialKey) => {
      // Opened only if the app made it: opening a missing database would create it empty.
      const names = (await indexedDB.databases()).map((database) => database.name);
      if (!names.includes('cogni-outbox')) return false;
      return new Promise<boolean>((resolve, reject) => {
        const open = indexedDB.open('cogni-outbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const database = open.result;
          const read = database.transaction('trials').objectStore('trials').getKey(trialKey);
          read.onsuccess = () => {
            database.close();
            resolve(read.result !== undefined);
          };
          read.onerror = () => {
            database.close();
            reject(read.error);
          };
        };
      });
    }, key);
    const isKept =
      isInOutbox ||
      (await storedPositions(page, runId)).some(
        (stored) => stored.phase === position.phase && stored.trialNumber === position.trialNumber,
      );
    expect(isKept, `trial ${key} in the outbox or on the server`).toBe(true);
  });
}

/** The positions `from` to `to - 1` of one phase. */
export const positions = (phase: string, from: number, to: number): Position[] =>
  Array.from({ length: to - from }, (_, i) => ({ phase, trialNumber: from + i }));

/** The first `count` positions of a run in run order: 8 sample, 16 practice, then test trials. */
export const firstPositions = (count: number): Position[] =>
  [
    ...positions('sample', 0, 8),
    ...positions('practice', 0, 16),
    ...positions('test', 0, 144),
  ].slice(0, count);
