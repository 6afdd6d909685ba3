import { type Peg, shortestSolution } from '@cogni/domain/tasks/tower-of-hanoi';
import { describe, expect, it } from 'vitest';
import { encodePreviewConfig } from '../apps/web/src/lib/preview';
import { ADMIN } from './support/accounts';
import { axeViolations } from './support/axe';
import { logInViaForm, useBrowser } from './support/browser';
import { screenshot } from './support/screenshot';
import {
  ELEMENT_TIMING_RECORDER,
  expectStampedTimes,
  STAMPED_TIME_BOUND_MS,
  startRunFromIntro,
} from './support/task-run';
import {
  dragPegAt,
  pressPegAt,
  pressPromptButton,
  storedProblems,
  waitForNextOnBoard,
} from './support/tower-of-hanoi-driver';

const PHONE = { width: 390, height: 844 };

describe('Tower of Hanoi on a phone', () => {
  const browser = useBrowser();

  it("plays an admin's short preview with taps and drags, each stored as touch at its time", async () => {
    // The practice problem (2 discs, 3 moves) and the classic 3-disc tower (7 moves).
    const config = { problemSet: 'classic', classicDiscs: 3 };
    const page = await browser.newPage({ viewport: PHONE, isPhone: true });
    await page.addInitScript(ELEMENT_TIMING_RECORDER);
    await logInViaForm(page, ADMIN.email, ADMIN.password);
    await page.goto(`/cognitive-tests/tower-of-hanoi?preview=${encodePreviewConfig(config)}`);
    // A coarse pointer: the touch mode is chosen, and the instructions speak of tapping.
    expect(await page.getByRole('radio', { name: /Touch/ }).isChecked()).toBe(true);
    await page.getByText('Tap a peg to lift its top disc').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // Chosen explicitly too (the choice is kept), so the full-page screenshot, which drops the
    // touch emulation while it is taken, shows the page as the phone does.
    await page.getByText('Keyboard', { exact: true }).click();
    await page.getByText('Touch', { exact: true }).click();
    await screenshot(page, 'tower-of-hanoi-intro-390');
    const { run, cdp } = await startRunFromIntro(page);
    expect(run.isPreview).toBe(true);

    // The practice problem: tap-tap, with a tap on its own peg (a cancel) and a refused drop.
    const practice = await waitForNextOnBoard(page, null);
    if (practice.kind !== 'problem') throw new Error(`expected a problem, saw ${practice.text}`);
    expect(practice.problemId).toBe('practice');
    // The goal and the three pegs fit the phone's screen; each peg is a full-height third.
    const board = await page.locator('.toh-board').boundingBox();
    expect((board?.y ?? 0) + (board?.height ?? 0)).toBeLessThanOrEqual(PHONE.height);
    expect(await page.locator('.toh-goal').isVisible()).toBe(true);
    for (const peg of [1, 2, 3]) {
      const box = await page.locator(`.toh-peg[data-peg="${peg}"]`).boundingBox();
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(64);
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(200);
    }
    let at = practice.onset + 900;
    const tap = async (peg: Peg) => {
      await pressPegAt(page, cdp, 'touch', peg, at);
      at += 260;
    };
    await tap(1); // lift the small disc
    await page.locator('.toh-lift .toh-disc').waitFor();
    await screenshot(page, 'tower-of-hanoi-lifted-390');
    expect(await axeViolations(page)).toEqual([]);
    await tap(1); // its own peg: put back
    await tap(1);
    await tap(3); // small to the right
    await tap(1); // lift the large disc
    await tap(3); // onto the small one: refused
    await page.locator('.toh-cue[data-visible="true"]').waitFor();
    await screenshot(page, 'tower-of-hanoi-not-allowed-390');
    await tap(2); // the large disc to the middle
    await tap(3);
    await tap(2);
    const result = await waitForNextOnBoard(page, practice.id);
    expect(result).toMatchObject({ kind: 'result', solved: true });
    await pressPromptButton(page);
    const intro = await waitForNextOnBoard(page, practice.id);
    expect(intro.kind).toBe('intro');
    await pressPromptButton(page);

    // The classic tower, every disc dragged by a finger.
    const tower = await waitForNextOnBoard(page, practice.id);
    if (tower.kind !== 'problem') throw new Error('expected the classic problem');
    expect(tower.problemId).toBe('classic-3');
    const drops: number[] = [];
    at = tower.onset + 1200;
    for (const [from, to] of shortestSolution('111', '333')) {
      await dragPegAt(page, cdp, 'touch', { from, to, downMs: at, upMs: at + 350 });
      drops.push(at + 350 - tower.onset);
      at += 700;
    }
    expect(await waitForNextOnBoard(page, tower.id)).toMatchObject({ kind: 'result' });
    await pressPromptButton(page);
    await page.getByRole('button', { name: 'View Results' }).click();
    await page.getByRole('heading', { name: 'Preview Complete' }).waitFor({ timeout: 30_000 });
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'tower-of-hanoi-results-390');

    const stored = await storedProblems(page, run.id);
    expect(stored).toHaveLength(2);
    const [storedPractice, storedTower] = stored;
    expect(storedPractice).toMatchObject({
      inputModality: 'touch',
      solved: true,
      moves: 3,
      cancels: 1,
      illegalAttempts: 1,
    });
    expect(storedTower).toMatchObject({ inputModality: 'touch', solved: true, moves: 7 });
    if (!storedTower) throw new Error('the classic problem was not stored');
    const towerDrops = (storedTower.events as { type: string; atMs: number }[]).filter(
      (e) => e.type === 'drop',
    );
    // Each drop at its touchend's time: where the finger let go.
    expect(towerDrops.map((e) => e.atMs)).toHaveLength(7);
    expectStampedTimes(
      towerDrops.map((drop, i) => ({
        label: `drop ${i}`,
        storedMs: drop.atMs,
        stampedMs: drops[i] as number,
      })),
    );
    expect(Math.abs((storedPractice?.reactionTime as number) - 900)).toBeLessThanOrEqual(
      STAMPED_TIME_BOUND_MS,
    );

    // The admin's reports list the task under "Planning tests"; its mock data fills the report.
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Test Reports' }).click();
    const report = page
      .getByRole('region', { name: 'Planning tests' })
      .locator('[data-test-type="towerOfHanoiTest"]');
    await report.getByRole('button', { name: /Generate mock data/ }).click();
    await report.getByText('Mock data generated and saved.').waitFor();
    // Other browser tests finish runs of their own on the same server meanwhile: at least one.
    await report
      .getByText(/^[1-9]\d* runs? of [1-9]\d* participants?, [1-9]\d* scored trials/)
      .waitFor();
    expect(
      await report
        .locator('tr[data-cell]')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-cell'))),
    ).toEqual(['discs-2', 'discs-3', 'discs-4', 'discs-5']);
  }, 120_000);
});
