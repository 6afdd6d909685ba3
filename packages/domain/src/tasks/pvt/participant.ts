import type { SimulatedRun } from '../contract';
import type { InputModality } from '../shared/envelope';
import { createRng } from '../shared/random';
import { toSimulatedRun } from '../shared/simulated-run';
import { type Config, resolveConfig } from './config';
import { plan } from './plan';
import type { Trial } from './trial';
import {
  type AttemptBehaviour,
  runVirtualSession,
  SIMULATED_TIME_ORIGIN_MS,
} from './virtual-runtime';

/**
 * How a simulated participant behaves. Each counter is, independently: a lapse with
 * `lapseProbability` (a reaction time uniform from the lapse threshold over `lapseSpanMs`, or a
 * timeout with `timeoutProbability` of those), a response under the false-start threshold with
 * `fastFalseStartProbability`, and otherwise a response whose speed (1000 / RT, s⁻¹) is uniform
 * in [speedMin, speedMax]. Each foreperiod is cut short by a false start with
 * `falseStartProbability`, at a uniform point of its blank wait (after the feedback shown in it).
 */
export type ParticipantParams = {
  lapseProbability: number;
  /** Non-lapse speeds, s⁻¹: their reaction times (1000 / speed) must be under the lapse threshold. */
  speedMin: number;
  speedMax: number;
  lapseSpanMs: number;
  timeoutProbability?: number;
  fastFalseStartProbability?: number;
  falseStartProbability?: number;
  /** Chance of a second press during the feedback. */
  extraPressProbability?: number;
  /** Counters are presented uniformly within this many ms after their due time. */
  onsetJitterMs?: number;
  inputModality?: InputModality;
  /** Time on the intro before the run starts, ms. */
  introMs?: number;
  /** performance.timeOrigin of the simulated page (ms since the epoch). */
  timeOriginMs?: number;
};

/** The mock participant of the admin's mock data: alert, with a few lapses and false starts. */
export const DEFAULT_PARTICIPANT = {
  lapseProbability: 0.06,
  speedMin: 3,
  speedMax: 4.6,
  lapseSpanMs: 600,
  timeoutProbability: 0.02,
  fastFalseStartProbability: 0.01,
  falseStartProbability: 0.02,
  extraPressProbability: 0.02,
  onsetJitterMs: 8,
} satisfies ParticipantParams;

/**
 * The participant of the recovery test and the score-recovery bench: lapses with probability
 * 0.1 (a tenth of them timeouts, the rest an RT uniform over 700 ms from the lapse threshold),
 * otherwise a speed uniform on [3, 5] s⁻¹, and false starts on 3 % of intervals. Its mean
 * response speed over every stimulus, a timeout at 1000 / the 30 s timeout, is
 * recoveryTrueSpeed(lapse threshold).
 */
export const RECOVERY_PARTICIPANT = {
  lapseProbability: 0.1,
  speedMin: 3,
  speedMax: 5,
  lapseSpanMs: 700,
  timeoutProbability: 0.1,
  falseStartProbability: 0.03,
  onsetJitterMs: 8,
} satisfies ParticipantParams;

/**
 * The recovery participant's true mean response speed, s⁻¹, at a lapse threshold L (ms):
 * 0.9 x 4 + 0.1 x (0.9 x 1000 ln((L + 700) / L) / 700 + 0.1 x 1000 / 30000), the mean of
 * 1000 / RT over an RT uniform on [L, L + 700) being 1000 ln((L + 700) / L) / 700. At the
 * PVT's 500 ms: 3.71289; at the PVT-B's 355 ms: 3.74037.
 */
export function recoveryTrueSpeed(lapseThresholdMs: number): number {
  const lapseSpeed = (1000 * Math.log((lapseThresholdMs + 700) / lapseThresholdMs)) / 700;
  return 0.9 * 4 + 0.1 * (0.9 * lapseSpeed + (0.1 * 1000) / 30_000);
}

/**
 * A simulated participant's whole run, as a browser would send it: the run's own plan, played
 * through the engine (runVirtualSession) on a simulated page time line, with timing records.
 */
export function simulateParticipant(
  seed: string,
  config: Config,
  participant: ParticipantParams,
): Trial[] {
  const params = resolveConfig(config);
  const rng = createRng(`${seed}:pvt:participant`);
  const chance = (p: number | undefined) => rng() < (p ?? 0);
  const behave = (waitMs: number): AttemptBehaviour => {
    const onsetLateMs = rng() * (participant.onsetJitterMs ?? 0);
    if (chance(participant.falseStartProbability)) {
      return { falseStartAfterMs: rng() * waitMs, rtMs: null, onsetLateMs };
    }
    let rtMs: number | null;
    if (chance(participant.lapseProbability)) {
      rtMs = chance(participant.timeoutProbability)
        ? null
        : params.lapseThresholdMs + rng() * participant.lapseSpanMs;
    } else if (chance(participant.fastFalseStartProbability)) {
      rtMs = rng() * params.falseStartMs;
    } else {
      const speed = participant.speedMin + rng() * (participant.speedMax - participant.speedMin);
      rtMs = 1000 / speed;
    }
    const extra = rtMs !== null && chance(participant.extraPressProbability);
    return {
      rtMs,
      onsetLateMs,
      extraPressesAfterMs: extra ? [100 + rng() * (params.feedbackMs - 200)] : [],
      continueAfterMs: 800 + rng() * 1500,
    };
  };
  return runVirtualSession({
    config,
    plan: plan(seed, config),
    timeOriginMs: participant.timeOriginMs ?? SIMULATED_TIME_ORIGIN_MS,
    startMs: 500,
    introMs: participant.introMs ?? 5000,
    inputModality: participant.inputModality,
    behave: ({ waitMs }) => behave(waitMs),
  }).trials;
}

/**
 * The admin's mock run (docs/product.md#mock-data): the default participant's run, ending at
 * `endTimeMs`, with its timing records dropped (nothing was measured in a browser). Pure and
 * seeded.
 */
export function simulateRun(seed: string, config: Config, endTimeMs: number): SimulatedRun<Trial> {
  return toSimulatedRun(seed, simulateParticipant(seed, config, DEFAULT_PARTICIPANT), endTimeMs);
}
