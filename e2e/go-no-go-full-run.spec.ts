import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type AdminTrial, type RunSummary, SOA_ONSET_RESYNC_MS } from '@cogni/domain';
import * as goNoGo from '@cogni/domain/tasks/go-no-go';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import {
  pressSpaceAt,
  type ShownStimulus,
  startGoNoGoRun,
  waitForNext,
} from './support/go-no-go-driver';
import { screenshot } from './support/screenshot';
import { makeDelays, measureSoaTimeLine, summarize } from './support/task-run';

/** What the participant did on one trial. */
type Answer = ShownStimulus & {
  isGo: boolean;
  /** The true delay of the first press from the presentation, ms; null without a press. */
  trueRtMs: number | null;
  extraPresses: number;
  /** The practice feedback shown after the trial ('none' in the test). */
  feedback: string;
};

const FRAME_MS = 1000 / 60;
/**
 * The largest single onset error allowed: one stall of the machine of up to six frames, with
 * three browsers sharing two cores; 95 % of onsets stay within two frames.
 */
const MAX_STALL_MS = 6 * FRAME_MS;
const RESULTS_FILE = path.resolve(import.meta.dirname, '../bench/results/go-no-go-e2e-timing.json');
const FIGURES_NOTE =
  "ms. rtError: recorded RT minus the true delay of a DevTools key press with a known timestamp. OnsetToOnsetError: presented onset minus the one before minus the period (1500 ms in the test; 2500 in practice, feedback included); AfterResponse: the same after trials with a press. OnsetAgainstTimeLine: presented onset minus (the block's first onset + k periods; a new anchor after a stall of more than 100 ms, counted in testResyncs and left out of the onset figures). stimulusDurationError: presented offset (first frame without the stimulus) minus presented onset minus 500.";
const position = (t: { phase: string; block: number; trialNumber: number }) =>
  `${t.phase}:${t.block}:${t.trialNumber}`;

/**
 * The participant's plan, by the count of go and no-go trials seen in the block (1-based):
 * practice round 1 misses two go trials and presses on a no-go one (7 of 10 correct, below the
 * criterion of 8), round 2 is answered correctly, and the test has three commissions, four
 * omissions and one go trial pressed twice.
 */
function plan(shown: ShownStimulus, goCount: number, noGoCount: number) {
  if (shown.phase === 'practice' && shown.block === 0) {
    return { press: shown.stimulusId === 'solid' ? ![4, 5].includes(goCount) : noGoCount === 1 };
  }
  if (shown.phase === 'practice') return { press: shown.stimulusId === 'solid' };
  if (shown.stimulusId === 'solid') {
    return { press: ![20, 64, 110, 127].includes(goCount), pressTwice: goCount === 40 };
  }
  return { press: [3, 17, 29].includes(noGoCount) };
}

describe('Go/No-Go, a whole default run at real pace', () => {
  const browser = useBrowser();

  it('runs criterion practice and the test on a fixed SOA, stores every trial with its true RT, and scores what was pressed', async () => {
    const page = await browser.newPage();
    const { runId, cdp } = await startGoNoGoRun(page, 'gng-full', async (intro) => {
      expect(await intro.getByRole('radio', { name: /Keyboard/ }).isChecked()).toBe(true);
      await intro.getByText('press Space as fast as you can').waitFor();
      expect(await axeViolations(intro)).toEqual([]);
      await screenshot(intro, 'go-no-go-intro-1280');
    });

    const delays = makeDelays(11);
    const answers: Answer[] = [];
    const prompts: string[] = [];
    const counts = new Map<string, { go: number; noGo: number }>();
    let previous: string | null = null;
    for (;;) {
      const next = await waitForNext(page, previous);
      if (next.kind === 'prompt') {
        if (next.text.includes('All trials done')) break;
        prompts.push(next.text);
        if (prompts.length === 1) expect(await axeViolations(page)).toEqual([]);
        await screenshot(page, `go-no-go-between-${prompts.length}-1280`);
        await page.getByTestId('block-intro').getByRole('button').click();
        continue;
      }
      previous = next.identifier;
      const block = `${next.phase}:${next.block}`;
      const count = counts.get(block) ?? { go: 0, noGo: 0 };
      const isGo = next.stimulusId === 'solid';
      if (isGo) count.go += 1;
      else count.noGo += 1;
      counts.set(block, count);
      const { press, pressTwice = false } = plan(next, count.go, count.noGo);
      const isFirst = answers.length === 0;
      const isFirstNoGo = !isGo && block === 'practice:0' && count.noGo === 1;
      if (isFirst) await screenshot(page, 'go-no-go-solid-1280');
      if (isFirstNoGo) await screenshot(page, 'go-no-go-outline-1280');
      const trueRtMs = press ? delays() : null;
      if (trueRtMs !== null) {
        await pressSpaceAt(page, cdp, next.presentedAt + trueRtMs);
        if (pressTwice) await pressSpaceAt(page, cdp, next.presentedAt + trueRtMs + 200);
      }
      let feedback = 'none';
      if (next.phase === 'practice') {
        const shown = await page.waitForFunction(
          () => document.querySelector('[data-testid="gng-stage"] .task-feedback')?.textContent,
          null,
          { polling: 'raf', timeout: 5000 },
        );
        feedback = String(await shown.jsonValue());
        if (isFirst || isFirstNoGo) {
          await screenshot(page, `go-no-go-feedback-${isFirst ? 'correct' : 'incorrect'}-1280`);
        }
      }
      answers.push({ ...next, isGo, trueRtMs, extraPresses: pressTwice ? 1 : 0, feedback });
    }
    await screenshot(page, 'go-no-go-finished-1280');

    // Criterion practice: round 1 (7 of 10) was repeated, round 2 (10 of 10) led to the test.
    expect(prompts).toHaveLength(2);
    expect(prompts[0]).toContain('Practice again: 7 of 10 correct');
    expect(prompts[1]).toContain('Now the real task.');
    expect(prompts[1]).toContain('You will no longer be told when you make an error.');
    expect(answers.map(position)).toEqual([
      ...Array.from({ length: 10 }, (_, n) => `practice:0:${n}`),
      ...Array.from({ length: 10 }, (_, n) => `practice:1:${n}`),
      ...Array.from({ length: 160 }, (_, n) => `test:0:${n}`),
    ]);
    // Feedback after every practice trial, saying what happened.
    for (const a of answers.filter((t) => t.phase === 'practice')) {
      const responded = a.trueRtMs !== null;
      const expected = responded === a.isGo ? 'Correct' : responded ? 'Incorrect' : 'Too slow';
      expect(a.feedback, position(a)).toBe(expected);
    }

    await page.getByRole('button', { name: 'View Results' }).click();
    await page.getByRole('heading', { name: 'Test Complete' }).waitFor({ timeout: 30_000 });
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'go-no-go-results-1280');

    // What the server stored: every trial once, as pressed.
    const { run, trials } = await page.evaluate(async (id) => {
      const result = await (await fetch(`/api/results/${id}`)).json();
      const listed = await (await fetch(`/api/results/${id}/trials`)).json();
      return { run: result.run, trials: listed.trials };
    }, runId);
    const stored = trials as AdminTrial[];
    expect(stored.map(position)).toEqual(answers.map(position));
    expect(new Set(stored.map(position)).size).toBe(stored.length);
    const rtErrors: number[] = [];
    const offsetErrors: number[] = [];
    stored.forEach((t, i) => {
      const a = answers[i] as Answer;
      const responded = a.trueRtMs !== null;
      expect(t, position(a)).toMatchObject({
        stimulusId: a.stimulusId,
        stimulusType: a.isGo ? 'go' : 'nogo',
        responded,
        response: responded ? 'space' : null,
        isCorrect: responded === a.isGo,
        nExtraResponses: a.extraPresses,
        lateResponse: false,
        inputModality: 'keyboard',
        flags: [],
      });
      const timing = t.timing as Record<string, number | string | boolean | null>;
      expect(timing.onsetMethod).toBe('element-timing');
      expect(timing.wasInterrupted).toBe(false);
      // The onset stored is the presentation time Element Timing reported.
      expect(timing.stimulusOnsetMs).toBe(a.presentedAt);
      offsetErrors.push((timing.stimulusOffsetMs as number) - a.presentedAt - 500);
      if (responded) {
        expect(t.reactionTime).toBe(
          (timing.responseTimestampMs as number) - (timing.stimulusOnsetMs as number),
        );
        rtErrors.push((t.reactionTime as number) - (a.trueRtMs as number));
      } else {
        expect(t.reactionTime).toBeNull();
      }
    });

    // The fixed SOA, from the presentation times: onset to onset, and each onset against the
    // block's absolute time line (its first onset + k periods), after a response or not. The
    // test block is asserted; practice (2500 ms with feedback, and screenshots taken in it)
    // is reported.
    const soa = (blockOf: string) => {
      const block = answers.filter((a) => `${a.phase}:${a.block}` === blockOf);
      const line = measureSoaTimeLine(
        block.map((a) => a.presentedAt),
        blockOf.startsWith('test') ? 1500 : 2500,
        SOA_ONSET_RESYNC_MS,
      );
      const afterResponse = line.onsetToOnset.filter(
        (_, i) => block[(line.onsetToOnsetAt[i] as number) - 1]?.trueRtMs !== null,
      );
      return { ...line, afterResponse };
    };
    const test = soa('test:0');
    const practice = [soa('practice:0'), soa('practice:1')];
    const figures = {
      rtError: summarize(rtErrors),
      testOnsetToOnsetError: summarize(test.onsetToOnset),
      testOnsetToOnsetErrorAfterResponse: summarize(test.afterResponse),
      testOnsetAgainstTimeLine: summarize(test.againstTimeLine),
      testResyncs: test.resyncs,
      practiceOnsetToOnsetError: summarize(practice.flatMap((p) => p.onsetToOnset)),
      practiceOnsetAgainstTimeLine: summarize(practice.flatMap((p) => p.againstTimeLine)),
      stimulusDurationError: summarize(offsetErrors),
    };
    mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
    writeFileSync(
      RESULTS_FILE,
      `${JSON.stringify({ date: new Date().toISOString(), note: FIGURES_NOTE, ...figures }, null, 2)}\n`,
    );
    expect(rtErrors).toHaveLength(answers.filter((a) => a.trueRtMs !== null).length);
    expect(Math.abs(figures.rtError.medianMs)).toBeLessThanOrEqual(0.1);
    expect(figures.rtError.maxAbsMs).toBeLessThanOrEqual(1);
    // 1500 ms apart, responses or not, and no drift from the time line. On an idle machine the
    // typical onset is within a frame and the worst within two (bench/results/
    // go-no-go-e2e-timing.json); in `npm test` this run shares two cores with two other browsers
    // and the server, and headless Chromium drops frames, so 95 % must be within two frames and
    // every one within six (MAX_STALL_MS). A stall of more than SOA_ONSET_RESYNC_MS (the page got no
    // frame for that long) starts a new time line, as the engine does, and may happen twice at
    // most. The time line is judged around its median: the block's first onset, which anchors
    // it, is itself up to half a frame from its frame.
    expect(test.resyncs).toBeLessThanOrEqual(2);
    const timeLineMedian = figures.testOnsetAgainstTimeLine.medianMs;
    for (const errors of [
      test.onsetToOnset,
      test.afterResponse,
      test.againstTimeLine.map((error) => error - timeLineMedian),
    ]) {
      const size = summarize(errors.map(Math.abs));
      expect(size.p95Ms).toBeLessThanOrEqual(2 * FRAME_MS);
      expect(size.maxAbsMs).toBeLessThanOrEqual(MAX_STALL_MS);
    }
    expect(Math.abs(figures.testOnsetToOnsetError.medianMs)).toBeLessThanOrEqual(FRAME_MS / 2);
    expect(Math.abs(figures.stimulusDurationError.medianMs)).toBeLessThanOrEqual(FRAME_MS);

    // The completed scores are the domain's scores of what was pressed.
    const config = run.config as goNoGo.Config;
    const pressedTrials: goNoGo.ScoredTrial[] = answers.map((a) => ({
      phase: a.phase,
      block: a.block,
      trialNumber: a.trialNumber,
      stimulusType: a.isGo ? 'go' : 'nogo',
      responded: a.trueRtMs !== null,
      reactionTime: a.trueRtMs,
      isCorrect: (a.trueRtMs !== null) === a.isGo,
      nExtraResponses: a.extraPresses,
      lateResponse: false,
      timing: { wasInterrupted: false },
    }));
    const expected = goNoGo.score(config, pressedTrials);
    const summary = run.summary as RunSummary & { scores: typeof expected.scores };
    const { scores } = summary;
    expect(summary).toMatchObject({
      overallScore: expected.overallScore,
      totalTrials: 160,
      correctTrials: expected.correctTrials,
    });
    expect(expected.scores).toMatchObject({
      commissions: 3,
      omissions: 4,
      counts: { goTrials: 128, noGoTrials: 32, extraResponses: 1 },
      practice: { roundsTaken: 2, criterionMet: true },
    });
    const rtScores = ['meanGoRtMs', 'medianGoRtMs', 'sdGoRtMs', 'meanCommissionRtMs'] as const;
    for (const key of rtScores) {
      expect(
        Math.abs((scores[key] as number) - (expected.scores[key] as number)),
        key,
      ).toBeLessThan(0.1);
    }
    expect(
      Math.abs((summary.averageReactionTime as number) - (expected.averageReactionTime as number)),
    ).toBeLessThan(0.1);
    expect(Math.abs((scores.cvGoRt as number) - (expected.scores.cvGoRt as number))).toBeLessThan(
      1e-3,
    );
    const withoutRts = (s: typeof scores) => ({
      ...s,
      meanGoRtMs: null,
      medianGoRtMs: null,
      sdGoRtMs: null,
      cvGoRt: null,
      meanCommissionRtMs: null,
    });
    expect(withoutRts(scores)).toEqual(withoutRts(expected.scores));

    // The results page shows the tiles.
    const tile = (name: string) =>
      page.locator('.score-list__item', { hasText: name }).locator('dd');
    expect(await tile('Overall score').textContent()).toContain(`${expected.overallScore}%`);
    expect(await tile('Commission rate').textContent()).toContain(
      `${Number(((3 / 32) * 100).toFixed(1))}%`,
    );
    expect(await tile('Omission rate').textContent()).toContain(
      `${Number(((4 / 128) * 100).toFixed(1))}%`,
    );
    expect(await tile('Mean go reaction time').textContent()).toBe(
      `${Math.round(scores.meanGoRtMs as number)} ms`,
    );
    // d', then what never pressing gives with these counts: Φ⁻¹(0.5 / 129) - Φ⁻¹(0.5 / 33).
    expect(await tile('Sensitivity').textContent()).toBe(
      `${(scores.dPrime as number).toFixed(2)}never pressing gives \u22120.50`,
    );
    expect(await tile('Overall score').textContent()).toContain(
      'go and no-go trials weighed equally',
    );

    // And progress tracking, with the task's charts and trial tables.
    await page.getByRole('link', { name: 'See all your results' }).click();
    const result = page.locator(`[data-result-id="${runId}"]`);
    await result.getByRole('button').first().click();
    await result
      .getByRole('img', { name: 'Reaction time of each press in the 160 test trials' })
      .waitFor();
    await result.getByText('Practice round 2 trials (10, 0 errors)').waitFor();
    await result
      .getByRole('img', { name: 'Box plot of reaction times of presses on go and on no-go trials' })
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'go-no-go-progress-1280');
  }, 900_000);
});
