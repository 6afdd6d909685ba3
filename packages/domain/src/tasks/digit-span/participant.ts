import type { SimulatedRun } from '../contract';
import type { InputModality } from '../shared/envelope';
import { drawExGaussian } from '../shared/ex-gaussian';
import { createRng, pick, type Rng } from '../shared/random';
import { toSimulatedRun } from '../shared/simulated-run';
import type { Config, Direction } from './config';
import type { Key } from './engine';
import { DIGITS, type PlannedTrial, parseDigits, plan } from './plan';
import type { Trial } from './trial';
import { type ListBehaviour, runVirtualSession, SIMULATED_TIME_ORIGIN_MS } from './virtual-runtime';

/** An ex-Gaussian time: normal part (mean mu, SD sigma) plus an exponential tail (mean tau), ms. */
export type ExGaussianMs = { mu: number; sigma: number; tau: number };

/**
 * How a simulated participant behaves. Each list is recalled correctly with probability
 * P(L) = 1 / (1 + exp((L - span - 0.5) / spread)) for a list of L digits, independently: P is
 * above one half up to `span` digits and below it from span + 1 on, so `span` is the longest
 * length the participant recalls correctly more often than not (the true span).
 */
export type ParticipantParams = {
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
export const DEFAULT_PARTICIPANT = {
  forwardSpan: 6,
  backwardSpan: 5,
  spread: 0.4,
  firstKeyMs: { mu: 700, sigma: 150, tau: 250, perDigitMs: 90 },
  interKeyMs: { mu: 300, sigma: 60, tau: 120 },
  submitMs: { mu: 400, sigma: 80, tau: 150 },
  correctionRate: 0.02,
  emptyRate: 0.05,
} satisfies ParticipantParams;

/** The shortest time the simulated participant takes between two keys, ms. */
const MIN_KEY_GAP_MS = 60;

/** P(correct) of a list of `length` digits for a participant of span `span`. */
export function recallProbability(length: number, span: number, spread: number): number {
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
    const outside = DIGITS.filter((d) => !expected.includes(d));
    answer[at] = pick(outside.length > 0 ? outside : DIGITS.filter((d) => d !== expected[at]), rng);
  }
  return answer;
}

const draw = (rng: Rng, time: ExGaussianMs) =>
  Math.max(MIN_KEY_GAP_MS, drawExGaussian(rng, time.mu, time.sigma, time.tau));

/** The keys of an answer typed by the participant, in ms after the keypad's onset. */
function typeAnswer(
  rng: Rng,
  params: ParticipantParams,
  answer: readonly number[],
  length: number,
): ListBehaviour['keys'] {
  const keys: { key: Key; afterPadMs: number }[] = [];
  let atMs = draw(rng, params.firstKeyMs) + params.firstKeyMs.perDigitMs * length;
  const press = (key: Key, gap: ExGaussianMs) => {
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
            DIGITS.filter((d) => d !== digit),
            rng,
          ),
        ) as Key,
        params.interKeyMs,
      );
      press('backspace', params.interKeyMs);
    }
    press(String(digit) as Key, i === answer.length - 1 ? params.submitMs : params.interKeyMs);
  });
  press('submit', params.submitMs);
  return keys;
}

/** The span of the participant in a direction. */
function spanOf(params: ParticipantParams, direction: Direction): number {
  return direction === 'forward' ? params.forwardSpan : params.backwardSpan;
}

/**
 * A simulated participant's whole run, as a browser would send it: the run's own plan, played
 * through the engine (runVirtualSession) on a simulated page time line, with timing
 * records. Practice and the ladder follow the participant's answers.
 */
export function simulateParticipant(
  seed: string,
  config: Config,
  params: ParticipantParams,
): Trial[] {
  const rng = createRng(`${seed}:digit-span:participant`);
  return runVirtualSession({
    config,
    plan: plan(seed, config),
    timeOriginMs: params.timeOriginMs ?? SIMULATED_TIME_ORIGIN_MS,
    startMs: 500,
    introMs: params.introMs ?? 5000,
    inputModality: params.inputModality,
    behave(trial: PlannedTrial) {
      const expected = parseDigits(trial.expected);
      const recalled =
        rng() < recallProbability(trial.length, spanOf(params, trial.direction), params.spread);
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
export function simulateRun(seed: string, config: Config, endTimeMs: number): SimulatedRun<Trial> {
  return toSimulatedRun(seed, simulateParticipant(seed, config, DEFAULT_PARTICIPANT), endTimeMs);
}
