import type { SimulatedRun } from '../contract';
import type { InputModality } from '../shared/envelope';
import { normalCdf, normalQuantile } from '../shared/normal';
import { createRng, type Rng } from '../shared/random';
import { toSimulatedRun } from '../shared/simulated-run';
import type { Config, Direction } from './config';
import type { Answer } from './engine';
import { plan } from './plan';
import { ANTICIPATION_MS } from './plausibility';
import type { Trial } from './trial';
import { runVirtualSession } from './virtual-runtime';

/** How a simulated participant behaves. Chances are per trial, independently. */
export type ParticipantParams = {
  /** RTs on congruent trials are normal with this mean and SD (ms). */
  congruentRtMeanMs: number;
  rtSdMs: number;
  /** Incongruent RTs are as long again plus this (ms): the true flanker effect. */
  flankerEffectMs: number;
  /** Chance of answering the other direction, by congruency (at the trial's drawn RT). */
  congruentErrorRate: number;
  incongruentErrorRate: number;
  /** Chance of not answering at all. */
  omissionRate: number;
  /** Chance of a guess within ANTICIPATION_MS of the onset, either way (before anything else). */
  anticipationRate?: number;
  /** Chance of a second press in the window after an answer. */
  extraResponseRate?: number;
  /** Chance that the page loses focus during a trial. */
  interruptionRate?: number;
  /** Presented onsets fall uniformly within this many ms after their due time. */
  onsetJitterMs?: number;
  inputModality?: InputModality;
  /** Time on each intro screen, in ms. */
  introMs?: number;
  /** performance.timeOrigin of the simulated page (ms since the epoch). */
  timeOriginMs?: number;
};

/** The participant of the admin's mock data: a typical adult on arrows (docs/scoring/flanker.md). */
export const DEFAULT_PARTICIPANT = {
  congruentRtMeanMs: 470,
  rtSdMs: 90,
  flankerEffectMs: 60,
  congruentErrorRate: 0.02,
  incongruentErrorRate: 0.08,
  omissionRate: 0.01,
  anticipationRate: 0.005,
  extraResponseRate: 0.01,
  onsetJitterMs: 8,
} satisfies ParticipantParams;

/** The page's time origin of simulated runs, in ms since the epoch (late 2026). */
export const SIMULATED_TIME_ORIGIN_MS = 1_795_000_000_000;

/**
 * A draw from the normal with `mean` and `sd` cut to [min, max), by inverse transform of the cut
 * distribution: one uniform draw, no rejection.
 */
function drawCutNormal(rng: Rng, mean: number, sd: number, min: number, max: number): number {
  const low = normalCdf((min - mean) / sd);
  const high = normalCdf((max - mean) / sd);
  const value = mean + sd * normalQuantile(low + rng() * (high - low));
  return Math.min(Math.max(value, min), max - 1e-9);
}

const other = (direction: Direction): Direction => (direction === 'left' ? 'right' : 'left');

/**
 * A simulated participant's whole run, as a browser would send it: the run's own plan played
 * through the engine (runVirtualSession) on a simulated page time line, with timing records.
 * RTs other than anticipations are drawn from ANTICIPATION_MS to the SOA, so the normal's tails
 * that far out (over 3.5 SD at the defaults) are cut.
 */
export function simulateParticipant(
  seed: string,
  config: Config,
  params: ParticipantParams,
): Trial[] {
  const rng = createRng(`${seed}:flanker:participant`);
  return runVirtualSession({
    config,
    plan: plan(seed, config),
    timeOriginMs: params.timeOriginMs ?? SIMULATED_TIME_ORIGIN_MS,
    startMs: 500,
    introMs: params.introMs ?? 5000,
    inputModality: params.inputModality,
    behave(trial) {
      const onsetLateMs = rng() * (params.onsetJitterMs ?? 0);
      const interrupted = rng() < (params.interruptionRate ?? 0);
      const presses: { afterOnsetMs: number; answer: Answer }[] = [];
      if (rng() < (params.anticipationRate ?? 0)) {
        const response = rng() < 0.5 ? 'left' : 'right';
        presses.push({ afterOnsetMs: 40 + rng() * (ANTICIPATION_MS - 41), answer: { response } });
      } else if (rng() >= params.omissionRate) {
        const isIncongruent = trial.congruency === 'incongruent';
        const meanMs = params.congruentRtMeanMs + (isIncongruent ? params.flankerEffectMs : 0);
        const rt = drawCutNormal(rng, meanMs, params.rtSdMs, ANTICIPATION_MS, config.soaMs);
        const errorRate = isIncongruent ? params.incongruentErrorRate : params.congruentErrorRate;
        const response = rng() < errorRate ? other(trial.targetDirection) : trial.targetDirection;
        presses.push({ afterOnsetMs: rt, answer: { response } });
        if (rng() < (params.extraResponseRate ?? 0)) {
          const extra = rt + 100 + rng() * 300;
          if (extra < config.soaMs) presses.push({ afterOnsetMs: extra, answer: { response } });
        }
      }
      return { presses, onsetLateMs, interrupted };
    },
  }).trials;
}

/**
 * The admin's mock run (docs/product.md#mock-data): the default participant's run, ending at
 * `endTimeMs`, with its timing records dropped (nothing was measured in a browser). Pure and
 * seeded.
 */
export function simulate(seed: string, config: Config, endTimeMs: number): SimulatedRun<Trial> {
  return toSimulatedRun(seed, simulateParticipant(seed, config, DEFAULT_PARTICIPANT), endTimeMs);
}
