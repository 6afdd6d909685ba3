import type { Run } from '@cogni/domain';
import * as towerOfHanoi from '@cogni/domain/tasks/tower-of-hanoi';
import type { CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { screenshot } from './support/screenshot';
import { expectStampedTimes, startTaskRun } from './support/task-run';
import {
  dragPegAt,
  pressPegAt,
  pressPromptButton,
  type ShownProblem,
  storedProblems,
  waitForNextOnBoard,
} from './support/tower-of-hanoi-driver';

/** One input the test made, as the stored event must show it. */
type Done = {
  type: string;
  from: towerOfHanoi.Peg | null;
  to: towerOfHanoi.Peg | null;
  atMs: number;
};

/** From a problem's onset to the first click, and between clicks, ms. */
const PLANNING_MS = 650.5;
const GAP_MS = 210.25;

/**
 * Solves a problem by the domain's breadth-first solution, with the mouse: a click on the peg to
 * lift from and one on the peg to put on. The second test problem has a cancel first (the disc
 * lifted and put back), the third one refused drop (the first disc that can be aimed at a smaller
 * one is), and the fourth is solved by dragging every disc. Returns what was done, in order,
 * with times from the onset.
 */
async function solve(
  page: Page,
  cdp: CDPSession,
  shown: ShownProblem,
  moves: readonly [towerOfHanoi.Peg, towerOfHanoi.Peg][],
  start: string,
): Promise<Done[]> {
  const done: Done[] = [];
  let at = shown.onset + PLANNING_MS;
  const click = async (
    peg: towerOfHanoi.Peg,
    type: string,
    from: towerOfHanoi.Peg | null,
    to: towerOfHanoi.Peg | null,
  ) => {
    await pressPegAt(page, cdp, 'mouse', peg, at);
    done.push({ type, from, to, atMs: at - shown.onset });
    at += GAP_MS;
  };
  const isTest = (n: number) => shown.phase === 'test' && shown.trialNumber === n;
  let position = start;
  let refused = false;
  for (const [i, [from, to]] of moves.entries()) {
    if (isTest(4)) {
      await dragPegAt(page, cdp, 'mouse', { from, to, downMs: at, upMs: at + 300 });
      done.push({ type: 'pickup', from, to: null, atMs: at - shown.onset });
      done.push({ type: 'drop', from, to, atMs: at + 300 - shown.onset });
      at += 300 + GAP_MS;
      continue;
    }
    if (isTest(1) && i === 0) {
      await click(from, 'pickup', from, null);
      await click(from, 'cancel', from, from);
    }
    await click(from, 'pickup', from, null);
    // A peg whose top disc is smaller than the one lifted.
    const smaller = ([1, 2, 3] as const).find((peg) => {
      const top = position.lastIndexOf(String(peg));
      return peg !== from && top > position.lastIndexOf(String(from));
    });
    if (isTest(2) && !refused && smaller) {
      refused = true;
      await click(smaller, 'illegal', from, smaller);
      await page.locator('.toh-cue[data-visible="true"]').waitFor();
      await screenshot(page, 'tower-of-hanoi-not-allowed-1280');
      expect(await page.locator('.toh-cue').textContent()).toBe('Not allowed');
      // The disc is still lifted, over its own peg.
      expect(await page.locator(`.toh-peg[data-peg="${from}"] .toh-lift .toh-disc`).count()).toBe(
        1,
      );
    }
    if (isTest(0) && i === 0) {
      await page.locator('.toh-lift .toh-disc').waitFor();
      await screenshot(page, 'tower-of-hanoi-lifted-1280');
      expect(await axeViolations(page)).toEqual([]);
    }
    await click(to, 'drop', from, to);
    const index = position.lastIndexOf(String(from));
    position = position.slice(0, index) + String(to) + position.slice(index + 1);
  }
  return done;
}

describe('Tower of Hanoi with the mouse', () => {
  const browser = useBrowser();

  it('solves the whole default run by the shortest solutions, and stores every click as made', async () => {
    const page = await browser.newPage();
    const { runId, cdp } = await startTaskRun(page, {
      slug: 'tower-of-hanoi',
      emailPrefix: 'toh-mouse',
      beforeStart: async (intro) => {
        await intro.getByText('never put a larger disc on a smaller one').waitFor();
        expect(await axeViolations(intro)).toEqual([]);
        await screenshot(intro, 'tower-of-hanoi-intro-1280');
      },
    });
    const run = ((await (await page.request.get(`/api/results/${runId}`)).json()) as { run: Run })
      .run;
    const config = towerOfHanoi.ConfigSchema.parse(run.config);
    const plan = towerOfHanoi.plan(run.seed, config);

    const made = new Map<string, Done[]>();
    let previous: string | null = null;
    let results = 0;
    for (;;) {
      const next = await waitForNextOnBoard(page, previous);
      if (next.kind === 'finished') break;
      if (next.kind !== 'problem') {
        if (next.kind === 'result') {
          results += 1;
          expect(next.solved).toBe(true);
          if (results === 1) {
            expect(next.text).toContain('Solved in 3 moves. The fewest possible is 3.');
            await screenshot(page, 'tower-of-hanoi-practice-result-1280');
          }
        }
        await pressPromptButton(page);
        continue;
      }
      previous = next.id;
      const problem = towerOfHanoi.problemAt(plan, next);
      if (!problem) throw new Error(`no problem at ${next.phase} ${next.trialNumber}`);
      expect(next.problemId).toBe(problem.id);
      // Both the goal and the pegs are in view, without scrolling.
      const board = await page.locator('.toh-board').boundingBox();
      expect((board?.y ?? 0) + (board?.height ?? 0)).toBeLessThanOrEqual(800);
      const moves = towerOfHanoi.shortestSolution(problem.start, problem.goal);
      made.set(
        `${next.phase}:${next.trialNumber}`,
        await solve(page, cdp, next, moves, problem.start),
      );
    }
    expect(made.size).toBe(14);

    await page.getByRole('button', { name: 'View Results' }).click();
    await page.getByRole('heading', { name: 'Test Complete' }).waitFor({ timeout: 30_000 });
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'tower-of-hanoi-results-1280');

    // The result in progress tracking: its tiles, score details, charts and problem table.
    await page.goto('/progress-tracking');
    const result = page.locator(`[data-result-id="${runId}"]`);
    await result.getByRole('button').first().click();
    await result.getByRole('img', { name: /Moves beyond the fewest possible/ }).waitFor();
    await result.getByRole('img', { name: /Time to the first disc lifted/ }).waitFor();
    await result.getByText('Problems (13, 13 solved)').click();
    expect(await result.locator('tr[data-problem]').count()).toBe(14);
    await result.getByRole('table', { name: 'Scores of the test problems' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'tower-of-hanoi-progress-1280');

    const stored = await storedProblems(page, runId);
    expect(stored).toHaveLength(14);
    const stamped: { label: string; storedMs: number; stampedMs: number }[] = [];
    for (const trial of stored) {
      const key = `${trial.phase}:${trial.trialNumber}`;
      const done = made.get(key) ?? [];
      const events = trial.events as {
        type: string;
        from: towerOfHanoi.Peg;
        to: towerOfHanoi.Peg | null;
        atMs: number;
      }[];
      expect(
        events.map((e) => [e.type, e.from, e.to]),
        key,
      ).toEqual(done.map((d) => [d.type, d.from, d.to]));
      // Every event at the time of its input event (checked for the whole run below).
      for (const [i, event] of events.entries()) {
        stamped.push({
          label: `${key} event ${i}`,
          storedMs: event.atMs,
          stampedMs: done[i]?.atMs ?? 0,
        });
      }
      expect(trial, key).toMatchObject({
        solved: true,
        isCorrect: true,
        inputModality: 'mouse',
        endReason: 'solved',
      });
      expect(trial.moves).toBe(trial.minMoves);
      stamped.push({
        label: `${key} planning time`,
        storedMs: trial.reactionTime as number,
        stampedMs: PLANNING_MS,
      });
    }
    expectStampedTimes(stamped);
    const summary = (
      (await (await page.request.get(`/api/results/${runId}`)).json()) as {
        run: Run;
      }
    ).run.summary;
    expect(summary?.overallScore).toBe(100);
    expect(summary?.scores as towerOfHanoi.Scores).toMatchObject({
      problems: 13,
      solved: 13,
      optimal: 13,
      totalExcessMoves: 0,
      illegalAttempts: 1,
      cancels: 1,
      emptySourceAttempts: 0,
      practice: { solved: true, moves: 3, minMoves: 3 },
    });
  }, 150_000);
});
