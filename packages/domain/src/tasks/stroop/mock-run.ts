import { createRng, type Rng } from '../shared/random';
import { type Config, hasFeedback, PHASES } from './config';
import { planRun } from './plan';
import { getCorrectKey, type Ink, RESPONSE_KEYS, type ResponseKey } from './stimuli';
import type { Trial } from './trial';

/**
 * The mock-data generator's behaviour (docs/product.md#mock-data). Reaction times are whole
 * milliseconds drawn uniformly from the inclusive ranges; a switch trial adds a uniform 0-99 ms and
 * is `switchAccuracyPenalty` (a proportion, i.e. 5 percentage points) less likely to be correct.
 */
export const MOCK = {
  congruent: { minRtMs: 500, maxRtMs: 799, accuracy: 0.95 },
  incongruent: { minRtMs: 600, maxRtMs: 999, accuracy: 0.85 },
  switchExtraRtMs: { min: 0, max: 99 },
  switchAccuracyPenalty: 0.05,
  /**
   * Share of mock trials made congruent (ink = word). The first version's generator drew word and
   * ink independently from three colours, which makes one trial in three congruent; real trials
   * never are (docs/product.md#the-stroop-test).
   */
  congruentProbability: 1 / 3,
} as const;

/** A generated trial: nothing was measured in a browser, so it has no timing record. */
export type MockTrial = Omit<Trial, 'timing'> & { timing: null };

export type MockRun = {
  seed: string;
  config: Config;
  /** ISO 8601, UTC. */
  startTime: string;
  endTime: string;
  /** Every trial of the run, in run order. */
  trials: MockTrial[];
};

/** Pause between a response (or its feedback) and the next cue, in ms. */
const INTER_TRIAL_MS = 100;

/** A whole number drawn uniformly from min..max, both included. */
function drawInt(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

/** Reaction time and chance of a correct answer of one mock trial (MOCK). */
function drawBehaviour(
  rng: Rng,
  isCongruent: boolean,
  isSwitch: boolean,
): { reactionTime: number; accuracy: number } {
  const kind = isCongruent ? MOCK.congruent : MOCK.incongruent;
  let reactionTime = drawInt(rng, kind.minRtMs, kind.maxRtMs);
  let accuracy: number = kind.accuracy;
  if (isSwitch) {
    reactionTime += drawInt(rng, MOCK.switchExtraRtMs.min, MOCK.switchExtraRtMs.max);
    accuracy -= MOCK.switchAccuracyPenalty;
  }
  return { reactionTime, accuracy };
}

function pickWrongKey(rng: Rng, correct: ResponseKey): ResponseKey {
  const wrong = RESPONSE_KEYS.filter((key) => key !== correct);
  return wrong[Math.floor(rng() * wrong.length)] ?? wrong[0] ?? correct;
}

/**
 * A complete mock Stroop run for the admin mock-data generator (docs/product.md#mock-data), ending
 * at `endTimeMs`. The cue schedule, switch flags and stimuli are the seeded plan of a real run; a
 * share of the trials (MOCK.congruentProbability) is made congruent by inking the word in
 * its own colour, since real trials never are (docs/product.md#the-stroop-test). Behaviour follows
 * MOCK. Pure and seeded: the same seed and end time always give the same run.
 */
export function generateMockRun(seed: string, config: Config, endTimeMs: number): MockRun {
  const plans = planRun(seed, config);
  const rng = createRng(`${seed}:mock`);
  const drafts: (Omit<MockTrial, 'startTime' | 'endTime'> & { startMs: number; endMs: number })[] =
    [];
  let clockMs = 0;
  for (const phase of PHASES) {
    for (const planned of plans[phase]) {
      const isCongruent = rng() < MOCK.congruentProbability;
      const stimulusColor: Ink = isCongruent
        ? (planned.stimulusWord.toLowerCase() as Ink)
        : planned.stimulusColor;
      const correctKey = getCorrectKey(planned.cueWord, planned.stimulusWord, stimulusColor);
      const { reactionTime, accuracy } = drawBehaviour(rng, isCongruent, planned.isSwitch);
      const isCorrect = rng() < accuracy;
      const startMs = clockMs;
      const endMs = startMs + config.cueDurationMs + reactionTime;
      drafts.push({
        phase,
        trialNumber: planned.trialNumber,
        cueWord: planned.cueWord,
        stimulusWord: planned.stimulusWord,
        stimulusColor,
        response: isCorrect ? correctKey : pickWrongKey(rng, correctKey),
        reactionTime,
        isCorrect,
        isSwitch: planned.isSwitch,
        isCongruent,
        timing: null,
        startMs,
        endMs,
      });
      clockMs = endMs + (hasFeedback(phase) ? config.feedbackDurationMs : 0) + INTER_TRIAL_MS;
    }
  }
  const lastEndMs = drafts.at(-1)?.endMs ?? 0;
  const originMs = endTimeMs - lastEndMs;
  const toIso = (offsetMs: number) => new Date(originMs + offsetMs).toISOString();
  return {
    seed,
    config,
    startTime: toIso(0),
    endTime: toIso(lastEndMs),
    trials: drafts.map(({ startMs, endMs, ...trial }) => ({
      ...trial,
      startTime: toIso(startMs),
      endTime: toIso(endMs),
    })),
  };
}
