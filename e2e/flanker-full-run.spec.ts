import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type AdminTrial, type RunSummary, SOA_ONSET_RESYNC_MS } from '@cogni/domain';
import { type Config, type ScoredTrial, score } from '@cogni/domain/tasks/flanker';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import {
  isCongruent,
  pressFlankerKeyAt,
  type ShownDisplay,
  startFlankerRun,
  targetOf,
  waitForNextDisplay,
} from './support/flanker-driver';
import { screenshot } from './support/screenshot';
import {
  makeDelays,
  measureSoaTimeLine,
  summarize,
  withinFrameShareBound,
} from './support/task-run';

/** What the participant did on one trial. */
type Answer = ShownDisplay & {
  /** The direction answered by the first press; null without a press. */
  answered: 'left' | 'right' | null;
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
const SOA_MS = 2000;
const PRACTICE_PERIOD_MS = 3000;
const STIMULUS_MS = 1000;
/** How much slower the participant answers incongruent arrows: the flanker effect they show. */
const EFFECT_MS = 80;
const RESULTS_FILE = path.resolve(import.meta.dirname, '../bench/results/flanker-e2e-timing.json');
const FIGURES_NOTE =
  "ms. rtError: recorded RT minus the true delay of a DevTools key press with a known timestamp. OnsetToOnsetError: presented onset minus the one before minus the period (2000 ms in the test; 3000 in practice, feedback included); AfterResponse: the same after trials with a press. OnsetAgainstTimeLine: presented onset minus (the block's first onset + k periods; a new anchor after a stall of more than 100 ms, counted in testResyncs and left out of the onset figures). stimulusDurationError: presented offset (the fixation cross's Element Timing) minus presented onset minus 1000; stimulusDurationWithinFrame: the share within one frame.";
const position = (t: { phase: string; block: number; trialNumber: number }) =>
  `${t.phase}:${t.block}:${t.trialNumber}`;

/**
 * The participant's plan for a trial, by its place in the practice block or, in the test, by the
 * count of congruent or incongruent displays seen so far (1-based): practice answers trial 2 with
 * F or J (right), trial 3 the wrong way, and trial 5 not at all; the test answers congruent
 * display 11 and incongruent displays 5, 17 and 30 the wrong way, misses congruent 20 and
 * incongruent 40, answers congruent 30 only during the fixation cross (1300 ms) and presses twice
 * on congruent 7. Incongruent answers come EFFECT_MS later than congruent ones.
 */
function plan(shown: ShownDisplay, count: number) {
  const congruent = isCongruent(shown.display);
  if (shown.phase === 'practice') {
    const n = shown.trialNumber + 1;
    return { answer: n === 5 ? null : n === 3 ? 'wrong' : 'right', homeRow: n === 2 } as const;
  }
  const wrong = congruent ? [11] : [5, 17, 30];
  const missed = congruent ? [20] : [40];
  if (missed.includes(count)) return { answer: null };
  return {
    answer: wrong.includes(count) ? 'wrong' : 'right',
    duringFixation: congruent && count === 30,
    pressTwice: congruent && count === 7,
  } as const;
}

describe('Flanker, a whole default run at real pace', () => {
  const browser = useBrowser();

  it('runs practice with feedback and the test on a fixed SOA, stores every trial with its true RT, and scores the flanker effect', async () => {
    const page = await browser.newPage();
    const { runId, cdp } = await startFlankerRun(page, 'flanker-full', async (intro) => {
      expect(await intro.getByRole('radio', { name: /Keyboard/ }).isChecked()).toBe(true);
      await intro.getByText('Then the real task: 96 trials').waitFor();
      await intro.getByText('First you practise: 8 trials').waitFor();
      expect(await axeViolations(intro)).toEqual([]);
      await screenshot(intro, 'flanker-intro-1280');
    });

    const delays = makeDelays(17);
    const answers: Answer[] = [];
    const prompts: string[] = [];
    const counts = { congruent: 0, incongruent: 0 };
    let previous: string | null = null;
    for (;;) {
      const next = await waitForNextDisplay(page, previous);
      if (next.kind === 'prompt') {
        if (next.text.includes('All trials done')) break;
        prompts.push(next.text);
        expect(await axeViolations(page)).toEqual([]);
        await screenshot(page, `flanker-between-${prompts.length}-1280`);
        await page.getByTestId('block-intro').getByRole('button').click();
        continue;
      }
      previous = next.identifier;
      const kind = isCongruent(next.display) ? 'congruent' : 'incongruent';
      if (next.phase === 'test') counts[kind] += 1;
      const step = plan(next, counts[kind]);
      if (answers.length === 0) await screenshot(page, 'flanker-trial-1280');
      const target = targetOf(next.display);
      const answered =
        step.answer === null
          ? null
          : step.answer === 'right'
            ? target
            : target === 'left'
              ? 'right'
              : 'left';
      let trueRtMs: number | null = null;
      let extraPresses = 0;
      if (answered !== null) {
        const fixationRt = 'duringFixation' in step && step.duringFixation;
        trueRtMs = fixationRt ? 1300 : delays() + (kind === 'incongruent' ? EFFECT_MS : 0);
        const homeRow = 'homeRow' in step && step.homeRow;
        const key = homeRow
          ? answered === 'left'
            ? 'f'
            : 'j'
          : answered === 'left'
            ? 'ArrowLeft'
            : 'ArrowRight';
        await pressFlankerKeyAt(page, cdp, key, next.presentedAt + trueRtMs);
        if ('pressTwice' in step && step.pressTwice) {
          await pressFlankerKeyAt(page, cdp, key, next.presentedAt + trueRtMs + 200);
          extraPresses = 1;
        }
      }
      let feedback = 'none';
      if (next.phase === 'practice') {
        const shown = await page.waitForFunction(
          () => document.querySelector('[data-testid="flanker-stage"] .task-feedback')?.textContent,
          null,
          { polling: 'raf', timeout: 5000 },
        );
        feedback = String(await shown.jsonValue());
        if (next.trialNumber === 2) await screenshot(page, 'flanker-feedback-incorrect-1280');
      }
      answers.push({ ...next, answered, trueRtMs, extraPresses, feedback });
    }
    await screenshot(page, 'flanker-finished-1280');

    // Practice begins with the run; one prompt before the test, with practice's result.
    expect(prompts).toHaveLength(1);
    expect(prompts[0]).toContain('Now the real task.');
    expect(prompts[0]).toContain('(Practice: 6 of 8 correct.)');
    expect(answers.map(position)).toEqual([
      ...Array.from({ length: 8 }, (_, n) => `practice:0:${n}`),
      ...Array.from({ length: 96 }, (_, n) => `test:0:${n}`),
    ]);
    expect(counts).toEqual({ congruent: 48, incongruent: 48 });
    // Feedback after every practice trial, saying what happened.
    for (const a of answers.filter((t) => t.phase === 'practice')) {
      const expected =
        a.answered === null
          ? 'Too slow'
          : a.answered === targetOf(a.display)
            ? 'Correct'
            : 'Incorrect';
      expect(a.feedback, position(a)).toBe(expected);
    }

    await page.getByRole('button', { name: 'View Results' }).click();
    await page.getByRole('heading', { name: 'Test Complete' }).waitFor({ timeout: 30_000 });
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'flanker-results-1280');

    // What the server stored: every trial once, as pressed.
    const { run, trials } = await page.evaluate(async (id) => {
      const result = await (await fetch(`/api/results/${id}`)).json();
      const listed = await (await fetch(`/api/results/${id}/trials`)).json();
      return { run: result.run, trials: listed.trials };
    }, runId);
    const stored = trials as AdminTrial[];
    expect(stored.map(position)).toEqual(answers.map(position));
    const rtErrors: number[] = [];
    const durationErrors: number[] = [];
    stored.forEach((t, i) => {
      const a = answers[i] as Answer;
      const target = targetOf(a.display);
      expect(t, position(a)).toMatchObject({
        display: a.display,
        targetDirection: target,
        congruency: isCongruent(a.display) ? 'congruent' : 'incongruent',
        responded: a.answered !== null,
        response: a.answered,
        responseType:
          a.answered === null ? 'omission' : a.answered === target ? 'correct' : 'error',
        isCorrect: a.answered === target,
        nExtraResponses: a.extraPresses,
        inputModality: 'keyboard',
        flags: [],
      });
      const timing = t.timing as Record<string, number | string | boolean | null>;
      expect(timing.onsetMethod).toBe('element-timing');
      expect(timing.wasInterrupted).toBe(false);
      // The onset stored is the presentation time Element Timing reported.
      expect(timing.stimulusOnsetMs).toBe(a.presentedAt);
      durationErrors.push((timing.stimulusOffsetMs as number) - a.presentedAt - STIMULUS_MS);
      if (a.trueRtMs !== null) {
        expect(t.reactionTime).toBe(
          (timing.responseTimestampMs as number) - (timing.stimulusOnsetMs as number),
        );
        rtErrors.push((t.reactionTime as number) - a.trueRtMs);
      } else {
        expect(t.reactionTime).toBeNull();
      }
    });

    // The fixed SOA, from the presentation times: onset to onset, and each onset against the
    // block's absolute time line, after a response or not. The test block is asserted; practice
    // (3000 ms with feedback, and screenshots taken in it) is reported.
    const soa = (phase: 'practice' | 'test') => {
      const block = answers.filter((a) => a.phase === phase);
      const line = measureSoaTimeLine(
        block.map((a) => a.presentedAt),
        phase === 'test' ? SOA_MS : PRACTICE_PERIOD_MS,
        SOA_ONSET_RESYNC_MS,
      );
      const afterResponse = line.onsetToOnset.filter(
        (_, i) => block[(line.onsetToOnsetAt[i] as number) - 1]?.trueRtMs !== null,
      );
      return { ...line, afterResponse };
    };
    const test = soa('test');
    const practice = soa('practice');
    const withinFrame =
      durationErrors.filter((e) => Math.abs(e) <= FRAME_MS).length / durationErrors.length;
    const figures = {
      rtError: summarize(rtErrors),
      testOnsetToOnsetError: summarize(test.onsetToOnset),
      testOnsetToOnsetErrorAfterResponse: summarize(test.afterResponse),
      testOnsetAgainstTimeLine: summarize(test.againstTimeLine),
      testResyncs: test.resyncs,
      lastTestOnsetAgainstTimeLine: test.lastAgainstAnchor,
      practiceOnsetToOnsetError: summarize(practice.onsetToOnset),
      practiceOnsetAgainstTimeLine: summarize(practice.againstTimeLine),
      stimulusDurationError: summarize(durationErrors),
      stimulusDurationWithinFrame: withinFrame,
    };
    mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
    writeFileSync(
      RESULTS_FILE,
      `${JSON.stringify({ date: new Date().toISOString(), note: FIGURES_NOTE, ...figures }, null, 2)}\n`,
    );
    expect(rtErrors).toHaveLength(answers.filter((a) => a.trueRtMs !== null).length);
    expect(Math.abs(figures.rtError.medianMs)).toBeLessThanOrEqual(0.1);
    expect(figures.rtError.maxAbsMs).toBeLessThanOrEqual(1);
    // 2000 ms apart, responses or not, and no drift from the time line. On a busy machine (three
    // browsers on two cores beside the server) headless Chromium drops frames: 95 % of onsets
    // must be within two frames and every one within six (MAX_STALL_MS). A stall of more than
    // SOA_ONSET_RESYNC_MS starts a new time line, as the engine does: counted apart, twice at
    // most. The time line is judged around its median, its anchor being half a frame from its
    // frame itself.
    expect(test.resyncs).toBeLessThanOrEqual(2);
    expect(Math.abs(test.lastAgainstAnchor)).toBeLessThanOrEqual(2 * FRAME_MS);
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
    // The arrows' presented duration: the fixation cross is drawn stimulusMs after their own
    // presented onset, so a stall costs only the presentations it hits.
    expect(Math.abs(figures.stimulusDurationError.medianMs)).toBeLessThanOrEqual(FRAME_MS);
    expect(withinFrame).toBeGreaterThanOrEqual(withinFrameShareBound(durationErrors.length));

    // The completed scores are the domain's scores of what was pressed.
    const config = run.config as Config;
    const pressedTrials: ScoredTrial[] = answers.map((a) => {
      const target = targetOf(a.display);
      return {
        phase: a.phase,
        block: a.block,
        trialNumber: a.trialNumber,
        congruency: isCongruent(a.display) ? 'congruent' : 'incongruent',
        responseType:
          a.answered === null ? 'omission' : a.answered === target ? 'correct' : 'error',
        reactionTime: a.trueRtMs,
        isCorrect: a.answered === target,
        nExtraResponses: a.extraPresses,
        timing: { wasInterrupted: false },
      };
    });
    const expected = score(config, pressedTrials);
    const summary = run.summary as RunSummary & { scores: typeof expected.scores };
    const { scores } = summary;
    expect(summary).toMatchObject({
      overallScore: expected.overallScore,
      totalTrials: 96,
      correctTrials: 90,
    });
    expect(expected.scores).toMatchObject({
      congruent: { trials: 48, correct: 46, errors: 1, omissions: 1, anticipations: 0 },
      incongruent: { trials: 48, correct: 44, errors: 3, omissions: 1, anticipations: 0 },
      counts: { testTrials: 96, anticipations: 0, extraResponses: 1, interrupted: 0 },
      practice: { trials: 8, correct: 6 },
    });
    const rtScores = [
      ['flankerEffectMs', (s: typeof scores) => s.flankerEffectMs],
      ['flankerEffectMedianMs', (s: typeof scores) => s.flankerEffectMedianMs],
      ['meanRtMs', (s: typeof scores) => s.meanRtMs],
      ['congruent.meanRtMs', (s: typeof scores) => s.congruent.meanRtMs],
      ['incongruent.meanRtMs', (s: typeof scores) => s.incongruent.meanRtMs],
      ['incongruent.sdRtMs', (s: typeof scores) => s.incongruent.sdRtMs],
    ] as const;
    for (const [name, pick] of rtScores) {
      expect(
        Math.abs((pick(scores) as number) - (pick(expected.scores) as number)),
        name,
      ).toBeLessThan(0.1);
    }
    expect(scores.accuracyFlankerEffect).toBeCloseTo(46 / 48 - 44 / 48, 12);
    expect(scores.accuracy).toBeCloseTo(90 / 96, 12);

    // The results page shows the tiles.
    const tile = (name: string) =>
      page.locator('.score-list__item', { hasText: name }).locator('dd');
    expect(await tile('Overall score').textContent()).toContain(`${expected.overallScore}%`);
    const effect = Math.round(scores.flankerEffectMs as number);
    expect(await tile('Flanker effect').textContent()).toContain(
      `${effect > 0 ? '+' : effect < 0 ? '\u2212' : ''}${Math.abs(effect)} ms`,
    );
    expect(await tile('Mean reaction time').textContent()).toContain(
      `${Math.round(scores.meanRtMs as number)} ms`,
    );

    // And progress tracking, with the task's charts and trial tables.
    await page.getByRole('link', { name: 'See all your results' }).click();
    const result = page.locator(`[data-result-id="${runId}"]`);
    await result.getByRole('button').first().click();
    await result
      .getByRole('img', { name: 'Reaction time of each answer in the 96 test trials' })
      .waitFor();
    await result.getByText('Practice trials (8, 2 errors)').waitFor();
    await result
      .getByRole('img', {
        name: 'Box plot of correct reaction times on congruent and on incongruent trials',
      })
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'flanker-progress-1280');
  }, 900_000);
});
