import type { SimulatedRun } from '../contract';
import type { InputModality } from '../shared/envelope';
import { normalQuantile } from '../shared/normal';
import { createRng, type Rng } from '../shared/random';
import { toSimulatedRun } from '../shared/simulated-run';
import type { Config } from './config';
import { plan } from './plan';
import type { Trial } from './trial';
import { runVirtualSession } from './virtual-runtime';

/** How a simulated participant behaves. Rates are per trial, independently. */
export type ParticipantParams = {
  /** Go RTs are normal with this mean and SD (ms), redrawn until within the window. */
  goRtMeanMs: number;
  goRtSdMs: number;
  /** Chance of pressing on a no-go trial. */
  commissionRate: number;
  /** Chance of not pressing on a go trial. */
  omissionRate: number;
  /** Commission RTs (ms): normal, by default 60 ms faster than go RTs. */
  commissionRtMeanMs?: number;
  commissionRtSdMs?: number;
  /** Chance of a second press in the window after a response. */
  extraResponseRate?: number;
  /** Chance of a press after the window (before the next onset) on a trial left unanswered. */
  lateResponseRate?: number;
  /** Presented onsets fall uniformly within this many ms after their due time. */
  onsetJitterMs?: number;
  inputModality?: InputModality;
  /** Time on each intro and practice-result screen, in ms. */
  introMs?: number;
  /** performance.timeOrigin of the simulated page (ms since the epoch). */
  timeOriginMs?: number;
};

/** The mock participant of the admin's mock data. */
export const DEFAULT_PARTICIPANT = {
  goRtMeanMs: 420,
  goRtSdMs: 90,
  commissionRate: 0.2,
  omissionRate: 0.03,
  extraResponseRate: 0.02,
  lateResponseRate: 0.01,
  onsetJitterMs: 8,
} satisfies ParticipantParams;

/** The page's time origin of simulated runs, in ms since the epoch (late 2026). */
export const SIMULATED_TIME_ORIGIN_MS = 1_795_000_000_000;

/** A normal draw by inverse transform, redrawn until it falls in [min, max). */
function drawNormal(rng: Rng, mean: number, sd: number, min: number, max: number): number {
  for (let i = 0; i < 1000; i++) {
    const value = mean + sd * normalQuantile(rng());
    if (value >= min && value < max) return value;
  }
  return Math.min(Math.max(mean, min), max - 1);
}

/**
 * A simulated participant's whole run, as a browser would send it: the run's own plan, played
 * through the engine (runVirtualSession) on a simulated page time line, with timing records.
 * Practice follows the criterion: rounds are repeated while the participant misses it.
 */
export function simulateParticipant(
  seed: string,
  config: Config,
  params: ParticipantParams,
): Trial[] {
  const rng = createRng(`${seed}:go-no-go:participant`);
  const window = config.responseWindowMs;
  const commissionMean = params.commissionRtMeanMs ?? params.goRtMeanMs - 60;
  const commissionSd = params.commissionRtSdMs ?? params.goRtSdMs;
  const session = runVirtualSession({
    config,
    plan: plan(seed, config),
    timeOriginMs: params.timeOriginMs ?? SIMULATED_TIME_ORIGIN_MS,
    startMs: 500,
    introMs: params.introMs ?? 5000,
    inputModality: params.inputModality,
    behave(trial) {
      const onsetLateMs = rng() * (params.onsetJitterMs ?? 0);
      const presses =
        trial.stimulusType === 'go' ? rng() >= params.omissionRate : rng() < params.commissionRate;
      const pressesAfterOnsetMs: number[] = [];
      if (presses) {
        const rt =
          trial.stimulusType === 'go'
            ? drawNormal(rng, params.goRtMeanMs, params.goRtSdMs, 1, window)
            : drawNormal(rng, commissionMean, commissionSd, 1, window);
        pressesAfterOnsetMs.push(rt);
        if (rng() < (params.extraResponseRate ?? 0)) {
          const extra = rt + 100 + rng() * 300;
          if (extra < window) pressesAfterOnsetMs.push(extra);
        }
      } else if (rng() < (params.lateResponseRate ?? 0)) {
        pressesAfterOnsetMs.push(window + rng() * (config.soaMs - window));
      }
      return { pressesAfterOnsetMs, onsetLateMs };
    },
  });
  return session.trials;
}

/**
 * The admin's mock run (docs/product.md#mock-data): the default participant's run, ending at
 * `endTimeMs`, with its timing records dropped (nothing was measured in a browser). Pure and
 * seeded.
 */
export function simulateRun(seed: string, config: Config, endTimeMs: number): SimulatedRun<Trial> {
  return toSimulatedRun(seed, simulateParticipant(seed, config, DEFAULT_PARTICIPANT), endTimeMs);
}
