import type { SimulatedRun } from '../contract';
import type { InputModality } from '../shared/envelope';
import { drawExGaussian } from '../shared/ex-gaussian';
import { createRng, type Rng } from '../shared/random';
import { toSimulatedRun } from '../shared/simulated-run';
import { type Config, getSoaMs } from './config';
import { plan } from './plan';
import { ANTICIPATION_MS, type Trial } from './trial';
import { runVirtualSession } from './virtual-runtime';

/**
 * How a simulated participant behaves. Rates are per trial, independently. Reaction times are
 * ex-Gaussian (mean mu + tau), redrawn until they fall within the SOA.
 */
export type ParticipantParams = {
  /** Go reaction times: the normal part's mean and SD, and the exponential tail's mean (ms). */
  goRtMuMs: number;
  goRtSigmaMs: number;
  goRtTauMs: number;
  /** Chance of pressing for the no-go digit. */
  commissionRate: number;
  /** Chance of not pressing for a go digit. */
  omissionRate: number;
  /** Commission RTs are go RTs this many ms faster (default 40). */
  commissionSpeedupMs?: number;
  /** Chance that a go press is anticipatory: uniform in [10, 100) ms. */
  anticipationRate?: number;
  /** Chance of a second press after a response, 100-400 ms later (within the SOA). */
  extraResponseRate?: number;
  /** Presented onsets fall uniformly within this many ms after their due time. */
  onsetJitterMs?: number;
  inputModality?: InputModality;
  /** Time on each intro screen, in ms. */
  introMs?: number;
  /** performance.timeOrigin of the simulated page (ms since the epoch). */
  timeOriginMs?: number;
};

/** The mock participant of the admin's mock data: commissions on 40 % of no-go digits. */
export const DEFAULT_PARTICIPANT = {
  goRtMuMs: 310,
  goRtSigmaMs: 50,
  goRtTauMs: 60,
  commissionRate: 0.4,
  omissionRate: 0.02,
  anticipationRate: 0.01,
  extraResponseRate: 0.02,
  onsetJitterMs: 8,
} satisfies ParticipantParams;

/** The page's time origin of simulated runs, in ms since the epoch (late 2026). */
export const SIMULATED_TIME_ORIGIN_MS = 1_795_000_000_000;

/** An ex-Gaussian draw, redrawn until it falls in [min, max). */
function drawRt(rng: Rng, params: ParticipantParams, shiftMs: number, maxMs: number): number {
  for (let i = 0; i < 1000; i++) {
    const value =
      drawExGaussian(rng, params.goRtMuMs, params.goRtSigmaMs, params.goRtTauMs) - shiftMs;
    if (value >= 1 && value < maxMs) return value;
  }
  return Math.min(params.goRtMuMs, maxMs - 1);
}

/** One trial's presses (ms after the onset), for a go or a no-go digit. */
function pressesFor(rng: Rng, params: ParticipantParams, isNogo: boolean, soaMs: number) {
  const presses = isNogo ? rng() < params.commissionRate : rng() >= params.omissionRate;
  if (!presses) return [];
  let rt: number;
  if (!isNogo && rng() < (params.anticipationRate ?? 0)) {
    rt = 10 + rng() * (ANTICIPATION_MS - 10);
  } else {
    rt = drawRt(rng, params, isNogo ? (params.commissionSpeedupMs ?? 40) : 0, soaMs);
  }
  const out = [rt];
  if (rng() < (params.extraResponseRate ?? 0)) {
    const extra = rt + 100 + rng() * 300;
    if (extra < soaMs) out.push(extra);
  }
  return out;
}

/**
 * A simulated participant's whole run, as a browser would send it: the run's own plan, played
 * through the engine (runVirtualSession) on a simulated page time line, with timing records.
 */
export function simulateParticipant(
  seed: string,
  config: Config,
  params: ParticipantParams,
): Trial[] {
  const rng = createRng(`${seed}:sart:participant`);
  const soaMs = getSoaMs(config);
  return runVirtualSession({
    config,
    plan: plan(seed, config),
    timeOriginMs: params.timeOriginMs ?? SIMULATED_TIME_ORIGIN_MS,
    startMs: 500,
    introMs: params.introMs ?? 5000,
    inputModality: params.inputModality,
    behave: (trial) => ({
      onsetLateMs: rng() * (params.onsetJitterMs ?? 0),
      pressesAfterOnsetMs: pressesFor(rng, params, trial.isNogo, soaMs),
    }),
  }).trials;
}

/**
 * The admin's mock run: the default participant's run, ending at `endTimeMs`, with its timing
 * records dropped (nothing was measured in a browser). Pure and seeded.
 */
export function simulateRun(seed: string, config: Config, endTimeMs: number): SimulatedRun<Trial> {
  return toSimulatedRun(seed, simulateParticipant(seed, config, DEFAULT_PARTICIPANT), endTimeMs);
}
