import type { SimulatedRun } from '../contract';
import type { InputModality } from '../shared/envelope';
import { drawExGaussian } from '../shared/ex-gaussian';
import { createRng, pick, type Rng } from '../shared/random';
import { toSimulatedRun } from '../shared/simulated-run';
import type { DigitSpanConfig, DigitSpanDirection } from './config';
import type { DigitSpanKey } from './engine';
import { DIGIT_SPAN_DIGITS, type PlannedDigitSpanTrial, parseDigits, planDigitSpan } from './plan';
import type { DigitSpanTrial } from './trial';
import {
  DIGIT_SPAN_SIMULATED_TIME_ORIGIN_MS,
  type DigitSpanListBehaviour,
  runDigitSpanVirtualSession,
} from './virtual-runtime';

/** An ex-Gaussian time: normal part (mean mu, SD sigma) plus an exponential tail (mean tau), ms. */
export type ExGaussianMs = { mu: number; sigma: number; tau: number };

/**
 * How a simulated participant behaves. Each list is recalled correctly with probability
 * P(L) = 1 / (1 + exp((L - span - 0.5) / spread)) for a list of L digits, independently: P is
 * above one half up to `span` digits and below it from span + 1 on, so `span` is the longest
 * length the participant recalls correctly more often than not (the true span).
 */
export type DigitSpanParticipantParams = {
  forwardSpan: number;
  backwardSpan: number;
  /** How sharply recall falls around the span (logistic scale, in digits). */
  spread: number;
  /** From the keypad's onset to the first digit: per list, plus perDigitMs per digit in it. */
  firstKeyMs: ExGaussianMs & { perDigitMs: number };
  /** Between two keys of the answer. */
  interKeyMs: ExGaussianMs;
  /** From the last digit to the submit. */
  submitMs: ExGaussianMs;
  /** Chance, per digit typed, of a wrong digit corrected at once with Backspace. */
  correctionRate?: number;
  /** Chance that a list not recalled is submitted empty (twice, as the empty submit asks). */
  emptyRate?: number;
  inputModality?: InputModality;
  /** Time on each intro and reading each feedback, ms. */
  introMs?: number;
  /** performance.timeOrigin of the simulated page (ms since the epoch). */
  timeOriginMs?: number;
};

/** The mock participant of the admin's mock data: an adult's typical spans. */
export const DIGIT_SPAN_DEFAULT_PARTICIPANT = {
  forwardSpan: 6,
  backwardSpan: 5,
  spread: 0.4,
  firstKeyMs: { mu: 700, sigma: 150, tau: 250, perDigitMs: 90 },
  interKeyMs: { mu: 300, sigma: 60, tau: 120 },
  submitMs: { mu: 400, sigma: 80, tau: 150 },
  correctionRate: 0.02,
  emptyRate: 0.05,
} satisfies DigitSpanParticipantParams;

/** The shortest time the simulated participant takes between two keys, ms. */
const MIN_KEY_GAP_MS = 60;

/** P(correct) of a list of `length` digits for a participant of span `span`. */
export function digitSpanRecallProbability(length: number, span: number, spread: number): number {
  return 1 / (1 + Math.exp((length - span - 0.5) / spread));
}

/**
 * A wrong answer to `expected`: two neighbouring digits swapped, one left out, or one replaced
 * by a digit not in the list, chosen at random.
 */
export function makeRecallError(rng: Rng, expected: readonly number[]): number[] {
  const answer = [...expected];
  const kind = pick(expected.length > 1 ? ['swap', 'omit', 'replace'] : ['omit', 'replace'], rng);
  const at = Math.floor(rng() * (kind === 'swap' ? expected.length - 1 : expected.length));
  if (kind === 'swap') {
    answer[at] = expected[at + 1] as number;
    answer[at + 1] = expected[at] as number;
  } else if (kind === 'omit') {
    answer.splice(at, 1);
  } else {
    // A digit from outside the list; a list of all nine digits gets another of its own.
    const outside = DIGIT_SPAN_DIGITS.filter((d) => !expected.includes(d));
    answer[at] = pick(
      outside.length > 0 ? outside : DIGIT_SPAN_DIGITS.filter((d) => d !== expected[at]),
      rng,
    );
  }
  return answer;
}

const draw = (rng: Rng, time: ExGaussianMs) =>
  Math.max(MIN_KEY_GAP_MS, drawExGaussian(rng, time.mu, time.sigma, time.tau));

/** The keys of an answer typed by the participant, in ms after the keypad's onset. */
function typeAnswer(
  rng: Rng,
  params: DigitSpanParticipantParams,
  answer: readonly number[],
  length: number,
): DigitSpanListBehaviour['keys'] {
  const keys: { key: DigitSpanKey; afterPadMs: number }[] = [];
  let atMs = draw(rng, params.firstKeyMs) + params.firstKeyMs.perDigitMs * length;
  const press = (key: DigitSpanKey, gap: ExGaussianMs) => {
    keys.push({ key, afterPadMs: atMs });
    atMs += draw(rng, gap);
  };
  if (answer.length === 0) {
    press('submit', params.submitMs);
    press('submit', params.submitMs);
    return keys;
  }
  answer.forEach((digit, i) => {
    if (rng() < (params.correctionRate ?? 0)) {
      press(
        String(
          pick(
            DIGIT_SPAN_DIGITS.filter((d) => d !== digit),
            rng,
          ),
        ) as DigitSpanKey,
        params.interKeyMs,
      );
      press('backspace', params.interKeyMs);
    }
    press(
      String(digit) as DigitSpanKey,
      i === answer.length - 1 ? params.submitMs : params.interKeyMs,
    );
  });
  press('submit', params.submitMs);
  return keys;
}

/** The span of the participant in a direction. */
function spanOf(params: DigitSpanParticipantParams, direction: DigitSpanDirection): number {
  return direction === 'forward' ? params.forwardSpan : params.backwardSpan;
}

/**
 * A simulated participant's whole run, as a browser would send it: the run's own plan, played
 * through the engine (runDigitSpanVirtualSession) on a simulated page time line, with timing
 * records. Practice and the ladder follow the participant's answers.
 */
export function simulateDigitSpanParticipant(
  seed: string,
  config: DigitSpanConfig,
  params: DigitSpanParticipantParams,
): DigitSpanTrial[] {
  const rng = createRng(`${seed}:digit-span:participant`);
  return runDigitSpanVirtualSession({
    config,
    plan: planDigitSpan(seed, config),
    timeOriginMs: params.timeOriginMs ?? DIGIT_SPAN_SIMULATED_TIME_ORIGIN_MS,
    startMs: 500,
    introMs: params.introMs ?? 5000,
    inputModality: params.inputModality,
    behave(trial: PlannedDigitSpanTrial) {
      const expected = parseDigits(trial.expected);
      const recalled =
        rng() <
        digitSpanRecallProbability(trial.length, spanOf(params, trial.direction), params.spread);
      let answer = expected;
      if (!recalled) {
        answer = rng() < (params.emptyRate ?? 0) ? [] : makeRecallError(rng, expected);
      }
      return { keys: typeAnswer(rng, params, answer, trial.length) };
    },
  }).trials;
}

/**
 * The admin's mock run: the default participant's run, ending at `endTimeMs`, with its timing
 * records dropped (nothing was measured in a browser). Pure and seeded.
 */
export function simulateDigitSpanRun(
  seed: string,
  config: DigitSpanConfig,
  endTimeMs: number,
): SimulatedRun<DigitSpanTrial> {
  return toSimulatedRun(
    seed,
    simulateDigitSpanParticipant(seed, config, DIGIT_SPAN_DEFAULT_PARTICIPANT),
    endTimeMs,
  );
}
