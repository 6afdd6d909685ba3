import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { answerNextTrial, type PressedTrial, startStroopRun } from './support/stroop-driver';
import { makeDelays, summarize } from './support/task-run';

const RESULTS_FILE = path.resolve(import.meta.dirname, '../bench/results/stroop-e2e-timing.json');

describe('the Stroop test, all 168 trials at real speed', () => {
  const browser = useBrowser();

  it('runs sample, practice and test with breaks, saves every trial, and shows the results', async () => {
    const page = await browser.newPage();
    const { runId, cdp } = await startStroopRun(page, 'full-run');

    const delays = makeDelays(7);
    const pressed: PressedTrial[] = [];
    const feedbackSeen: string[] = [];
    const rests: number[] = [];
    let previous: string | null = null;
    for (let i = 0; i < 168; i++) {
      // Every ninth trial is answered wrongly, so scores and feedback are not trivial.
      const trial = await answerNextTrial(page, cdp, {
        previous,
        trueRtMs: delays(),
        answerWrong: i % 9 === 4,
      });
      previous = trial.identifier;
      pressed.push(trial);
      const after = await page.waitForFunction(
        (id) => {
          const stage = document.querySelector('[data-testid="stroop-stage"]');
          if (!stage || stage.querySelector(`[elementtiming="${id}"]`)) return null;
          return stage.querySelector('.task-feedback')?.textContent ?? 'none';
        },
        trial.identifier,
        { polling: 'raf', timeout: 10_000 },
      );
      feedbackSeen.push(String(await after.jsonValue()));
      if (trial.phase === 'test' && [39, 79, 119].includes(trial.trialNumber)) {
        await page.getByTestId('rest-prompt').waitFor();
        rests.push(trial.trialNumber + 1);
        await page.getByRole('button', { name: 'Continue' }).click();
      }
    }
    expect(pressed.map((p) => `${p.phase}:${p.trialNumber}`)).toEqual([
      ...Array.from({ length: 8 }, (_, n) => `sample:${n}`),
      ...Array.from({ length: 16 }, (_, n) => `practice:${n}`),
      ...Array.from({ length: 144 }, (_, n) => `test:${n}`),
    ]);
    expect(rests).toEqual([40, 80, 120]);
    // Feedback after sample and practice trials only, and it says whether the answer was right.
    pressed.forEach((p, i) => {
      const expected = p.phase === 'test' ? 'none' : p.isCorrect ? 'Correct' : 'Wrong';
      expect(feedbackSeen[i], `${p.phase}:${p.trialNumber}`).toBe(expected);
    });

    await page.getByRole('button', { name: 'View Results' }).click();
    await page.getByRole('heading', { name: 'Test Complete' }).waitFor({ timeout: 30_000 });
    await page.getByText('Thank you for completing the Stroop Test.').waitFor();

    // What the server stored: exactly 168 trials, with the right fields and summary.
    const active = await page.evaluate(
      async () => (await (await fetch('/api/results/active?testType=stroopTest')).json()).run,
    );
    expect(active).toBeNull(); // complete, so nothing is left to resume
    const { run, trials } = await page.evaluate(async (id) => {
      const result = await (await fetch(`/api/results/${id}`)).json();
      const listed = await (await fetch(`/api/results/${id}/trials`)).json();
      return { run: result.run, trials: listed.trials };
    }, runId);
    expect(trials).toHaveLength(168);
    const testPressed = pressed.filter((p) => p.phase === 'test');
    const correct = testPressed.filter((p) => p.isCorrect).length;
    expect(run.summary).toMatchObject({
      totalTrials: 144,
      correctTrials: correct,
      // Percent correct in one integer division (scoring version 3).
      overallScore: Math.floor((correct * 100) / 144),
    });
    const errors: number[] = [];
    const cueIntervalErrors: number[] = [];
    trials.forEach((t: any, i: number) => {
      const p = pressed[i] as PressedTrial;
      expect(t).toMatchObject({
        phase: p.phase,
        trialNumber: p.trialNumber,
        response: p.key,
        isCorrect: p.isCorrect,
        isCongruent: false,
      });
      expect(t.timing.onsetMethod).toBe('element-timing');
      // Stored unrounded: exactly response timestamp minus presented onset.
      expect(t.reactionTime).toBe(t.timing.responseTimestampMs - t.timing.stimulusOnsetMs);
      errors.push(t.reactionTime - p.trueRtMs);
      cueIntervalErrors.push(t.timing.stimulusOnsetMs - t.timing.cueOnsetMs - 1400);
    });
    // A 5 µs clock makes a whole-millisecond RT rare; rounding would make them all whole.
    expect(trials.filter((t: any) => !Number.isInteger(t.reactionTime)).length).toBeGreaterThan(
      150,
    );
    const figure = {
      date: new Date().toISOString(),
      note: 'recorded RT minus the true delay of a DevTools key press with a known timestamp, ms',
      ...summarize(errors),
      cueInterval: {
        note: 'presented stimulus onset minus presented cue onset minus 1400, ms',
        ...summarize(cueIntervalErrors),
      },
    };
    mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
    writeFileSync(RESULTS_FILE, `${JSON.stringify(figure, null, 2)}\n`);
    expect(Math.abs(figure.medianMs)).toBeLessThan(1);
    // Timed against frames: the typical cue lasts 1400 ms within one 60 Hz frame. The worst
    // case is reported, not asserted: on a loaded 2-core CI machine headless Chromium drops
    // frames (the timing benchmark measures it properly).
    expect(Math.abs(figure.cueInterval.medianMs)).toBeLessThan(17);

    // The run made through the app is the newest result in progress tracking, with its score.
    await page.getByRole('link', { name: 'See all your results' }).click();
    const result = page.locator(`[data-result-id="${runId}"]`);
    await result.getByRole('button').first().click();
    const overall = result.locator('.score-list__item', { hasText: 'Overall score' });
    expect(await overall.locator('dd').textContent()).toBe(`${run.summary.overallScore}%`);
    await result
      .getByRole('img', { name: 'Reaction time of each of the 144 test trials' })
      .waitFor();
  }, 900_000);
});
