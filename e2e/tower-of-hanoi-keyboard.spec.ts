import type { Run } from '@cogni/domain';
import * as towerOfHanoi from '@cogni/domain/tasks/tower-of-hanoi';
import type { CDPSession, Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { encodePreviewConfig } from '../apps/web/src/lib/preview';
import { ADMIN, uniqueEmail } from './support/accounts';
import { axeViolations } from './support/axe';
import { logInViaForm, registerViaApi, useBrowser } from './support/browser';
import { screenshot } from './support/screenshot';
import {
  ELEMENT_TIMING_RECORDER,
  expectStampedTimes,
  STAMPED_TIME_BOUND_MS,
} from './support/task-run';
import {
  pressTohKeyAt,
  type ShownProblem,
  storedProblems,
  TOH_KEYS,
  waitForNextOnBoard,
} from './support/tower-of-hanoi-driver';

/** The page's clock now (performance.now()). */
const pageNow = (page: Page) => page.evaluate(() => performance.now());

/** Presses Enter on whatever has the focus (a prompt's button), once it takes presses. */
async function enter(page: Page, cdp: CDPSession) {
  await page.waitForTimeout(500);
  await pressTohKeyAt(page, cdp, TOH_KEYS.enter, (await pageNow(page)) + 5);
}

/** Starts a run from the task's page with the keyboard only; returns it and a DevTools session. */
async function startWithKeys(page: Page): Promise<{ run: Run; cdp: CDPSession }> {
  const cdp = await page.context().newCDPSession(page);
  await page.getByRole('button', { name: 'Start Test' }).focus();
  await pressTohKeyAt(page, cdp, TOH_KEYS.enter, (await pageNow(page)) + 5);
  const started = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/results' && r.request().method() === 'POST',
  );
  // 'Ready ... Set ... Go!' has the focus.
  await page.getByRole('button', { name: 'Ready ... Set ... Go!' }).waitFor();
  await enter(page, cdp);
  const { run } = (await (await started).json()) as { run: Run };
  return { run, cdp };
}

/** Each move of `moves` by number keys: the peg to lift from, then the peg to put on. */
async function solveWithNumbers(
  page: Page,
  cdp: CDPSession,
  shown: ShownProblem,
  moves: readonly [towerOfHanoi.Peg, towerOfHanoi.Peg][],
  firstMs: number,
) {
  let at = shown.onset + firstMs;
  for (const [from, to] of moves) {
    await pressTohKeyAt(page, cdp, TOH_KEYS[from], at);
    await pressTohKeyAt(page, cdp, TOH_KEYS[to], at + 200);
    at += 420;
  }
}

describe('Tower of Hanoi with the keyboard only', () => {
  const browser = useBrowser();

  it('plays a preview by number keys, arrows with Enter and Space, Esc, and a second attempt after the time runs out', async () => {
    const config = { problemSet: 'random3', randomProblems: 2, timeLimitS: 10, maxAttempts: 2 };
    const page = await browser.newPage();
    await page.addInitScript(ELEMENT_TIMING_RECORDER);
    await logInViaForm(page, ADMIN.email, ADMIN.password);
    await page.goto(`/cognitive-tests/tower-of-hanoi?preview=${encodePreviewConfig(config)}`);
    await page.getByText('Press 1, 2 or 3 to lift the top disc').waitFor();
    await page.getByText('and 2 tries').waitFor();
    const { run, cdp } = await startWithKeys(page);
    expect(run.isPreview).toBe(true);
    const plan = towerOfHanoi.plan(run.seed, towerOfHanoi.ConfigSchema.parse(run.config));

    // Practice, by number keys: lift, Esc (put back), then the three moves.
    const practice = await waitForNextOnBoard(page, null);
    if (practice.kind !== 'problem') throw new Error('expected the practice problem');
    // The keyboard's focus is on the left peg, named for what it holds.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Left peg, 2 discs, top: small disc',
    );
    await pressTohKeyAt(page, cdp, TOH_KEYS[1], practice.onset + 800);
    await pressTohKeyAt(page, cdp, TOH_KEYS.escape, practice.onset + 1000);
    await page
      .getByTestId('toh-announcement')
      .getByText('Put the small disc back on the left peg.')
      .waitFor();
    await solveWithNumbers(page, cdp, practice, towerOfHanoi.shortestSolution('11', '22'), 1300);
    expect(await waitForNextOnBoard(page, practice.id)).toMatchObject({
      kind: 'result',
      solved: true,
    });
    await enter(page, cdp);
    expect((await waitForNextOnBoard(page, practice.id)).kind).toBe('intro');
    await enter(page, cdp);

    // Test problem 1, by arrows, Enter and Space: an arrow moves the focus one peg, Enter lifts
    // the disc there, Space puts it down. The first Enter is held down (its repeats choose
    // nothing) and each Space is held 150 ms: every choice is stamped with its key press.
    const first = await waitForNextOnBoard(page, practice.id);
    if (first.kind !== 'problem') throw new Error('expected test problem 1');
    const firstProblem = towerOfHanoi.problemAt(plan, first);
    if (!firstProblem) throw new Error('no planned problem');
    const firstMoves = towerOfHanoi.shortestSolution(firstProblem.start, firstProblem.goal);
    let at = first.onset + 700;
    let focus: towerOfHanoi.Peg = 1;
    const chosenAt: number[] = [];
    for (const [i, [from, to]] of firstMoves.entries()) {
      for (const peg of [from, to]) {
        while (focus !== peg) {
          const right = peg > focus;
          await pressTohKeyAt(page, cdp, right ? TOH_KEYS.right : TOH_KEYS.left, at);
          focus = (focus + (right ? 1 : -1)) as towerOfHanoi.Peg;
          at += 80;
        }
        expect(await page.evaluate(() => document.activeElement?.getAttribute('data-peg'))).toBe(
          String(peg),
        );
        chosenAt.push(at);
        if (peg === from) {
          const held = i === 0 ? { holdMs: 500, repeats: 5 } : {};
          await pressTohKeyAt(page, cdp, TOH_KEYS.enter, at, held);
          at += i === 0 ? 600 : 120;
        } else {
          await pressTohKeyAt(page, cdp, TOH_KEYS.space, at, { holdMs: 150 });
          at += 220;
        }
      }
      // A random problem may be solved by its first move, which ends it: the board, and with it
      // the announcement of that move, gives way to the result.
      if (i === 0 && firstMoves.length > 1) {
        const announced = page.getByTestId('toh-announcement');
        await announced.getByText(/^Moved the .+ disc from \w+ to \w+\. 1 move\.$/).waitFor();
      }
      if (i === 0) expect(await axeViolations(page)).toEqual([]);
    }
    expect(await waitForNextOnBoard(page, first.id)).toMatchObject({ kind: 'result' });
    await enter(page, cdp);

    // Test problem 2: one move that does not solve it, then the 10 s run out; the second attempt
    // solves it.
    const second = await waitForNextOnBoard(page, first.id);
    if (second.kind !== 'problem') throw new Error('expected test problem 2');
    const secondProblem = towerOfHanoi.problemAt(plan, second);
    if (!secondProblem) throw new Error('no planned problem');
    const secondMoves = towerOfHanoi.shortestSolution(secondProblem.start, secondProblem.goal);
    // A legal move that does not reach the goal: a random problem may be one move from it.
    const notSolving = towerOfHanoi
      .legalMoves(secondProblem.start)
      .find(
        ([from, to]) =>
          towerOfHanoi.applyMove(secondProblem.start, from, to) !== secondProblem.goal,
      );
    if (!notSolving) throw new Error('no move that leaves the goal unreached');
    await solveWithNumbers(page, cdp, second, [notSolving], 600);
    await page
      .getByTestId('toh-announcement')
      .getByText('This attempt is over: the discs are back at the start. Attempt 2 of 2.')
      .waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('toh-progress').textContent()).toContain('attempt 2 of 2');
    const resetAt = (await pageNow(page)) - second.onset;
    await solveWithNumbers(page, cdp, second, secondMoves, resetAt + 500);
    expect(await waitForNextOnBoard(page, second.id)).toMatchObject({
      kind: 'result',
      solved: true,
    });
    await enter(page, cdp);
    expect((await waitForNextOnBoard(page, second.id)).kind).toBe('finished');
    // 'View Results' has the focus.
    await enter(page, cdp);
    await page.getByRole('heading', { name: 'Preview Complete' }).waitFor({ timeout: 30_000 });

    const stored = await storedProblems(page, run.id);
    expect(stored.map((t) => [t.phase, t.trialNumber, t.inputModality, t.solved])).toEqual([
      ['practice', 0, 'keyboard', true],
      ['test', 0, 'keyboard', true],
      ['test', 1, 'keyboard', true],
    ]);
    type StoredEvent = { type: string; from: number | null; to: number | null; atMs: number };
    const eventsOf = (trial: (typeof stored)[number] | undefined) =>
      trial ? (trial.events as StoredEvent[]) : [];
    const events = (trial: (typeof stored)[number] | undefined) =>
      eventsOf(trial).map((e) => [e.type, e.from, e.to].join(':'));
    expect(events(stored[0]).slice(0, 3)).toEqual(['pickup:1:', 'cancel:1:1', 'pickup:1:']);
    expect(stored[0]).toMatchObject({ cancels: 1, moves: 3 });
    // One pickup and one drop per move (the held Enter lifted the disc once), each at its key
    // press: Space's drop not at its release, no repeat of Enter anywhere.
    expect(events(stored[1])).toEqual(
      firstMoves.flatMap(([from, to]) => [`pickup:${from}:`, `drop:${from}:${to}`]),
    );
    expectStampedTimes(
      eventsOf(stored[1]).map((event, i) => ({
        label: `event ${i}`,
        storedMs: event.atMs,
        stampedMs: (chosenAt[i] as number) - first.onset,
      })),
    );
    expect(stored[2]).toMatchObject({
      attempts: 2,
      moves: secondMoves.length,
      totalMoves: secondMoves.length + 1,
      endReason: 'solved',
    });
    expect(events(stored[2])[2]).toBe('reset::');
    expect(eventsOf(stored[2])[2]?.atMs).toBe(10_000);
  }, 90_000);

  it('gives a problem again from its start after a reload, flagged as restarted', async () => {
    const page = await browser.newPage();
    await page.addInitScript(ELEMENT_TIMING_RECORDER);
    const email = uniqueEmail('toh-keys');
    await registerViaApi(page, email);
    await logInViaForm(page, email);
    await page.goto('/cognitive-tests/tower-of-hanoi');
    const { run, cdp } = await startWithKeys(page);
    const practice = await waitForNextOnBoard(page, null);
    if (practice.kind !== 'problem') throw new Error('expected the practice problem');
    await solveWithNumbers(page, cdp, practice, towerOfHanoi.shortestSolution('11', '22'), 700);
    await waitForNextOnBoard(page, practice.id);
    await enter(page, cdp);
    await waitForNextOnBoard(page, practice.id);
    await enter(page, cdp);
    const first = await waitForNextOnBoard(page, practice.id);
    if (first.kind !== 'problem') throw new Error('expected test problem 1');
    // A disc lifted, then the page is reloaded.
    await pressTohKeyAt(page, cdp, TOH_KEYS[1], first.onset + 500);
    await page.locator('.toh-lift .toh-disc').waitFor();
    await page.reload();
    const again = await page.context().newCDPSession(page);
    await page.getByRole('button', { name: 'Start Test' }).focus();
    await enter(page, again);
    await page
      .getByText('Your test continues where it stopped: problem 1, from its start.')
      .waitFor();
    // 'Continue test' has the focus.
    await enter(page, again);
    const intro = await waitForNextOnBoard(page, null);
    expect(intro).toMatchObject({ kind: 'intro' });
    expect(intro.kind === 'intro' && intro.text).toContain(
      'Welcome back: problem 1 starts again from the beginning.',
    );
    await screenshot(page, 'tower-of-hanoi-resumed-1280');
    await enter(page, again);
    const restarted = await waitForNextOnBoard(page, null);
    if (restarted.kind !== 'problem') throw new Error('expected test problem 1 again');
    expect(restarted).toMatchObject({ phase: 'test', trialNumber: 0, problemId: 'bishop-1' });
    await solveWithNumbers(page, again, restarted, towerOfHanoi.shortestSolution('11', '33'), 900);
    expect(await waitForNextOnBoard(page, restarted.id)).toMatchObject({ kind: 'result' });
    // The outbox sends the trial while its result is shown: wait until the server has it.
    const stored = await vi.waitFor(
      async () => {
        const trials = await storedProblems(page, run.id);
        if (trials.length < 2) throw new Error('the restarted problem is not stored yet');
        return trials;
      },
      { timeout: 10_000, interval: 200 },
    );
    expect(stored).toHaveLength(2);
    expect(stored[1]).toMatchObject({
      phase: 'test',
      trialNumber: 0,
      restarted: true,
      solved: true,
      moves: 3,
      flags: ['restarted'],
    });
    // The restarted problem's times are its own: from its new onset.
    expect(Math.abs((stored[1]?.reactionTime as number) - 900)).toBeLessThanOrEqual(
      STAMPED_TIME_BOUND_MS,
    );
  }, 60_000);
});
