import type { SimulatedRun } from '../contract';
import type { InputModality } from '../shared/envelope';
import { drawExGaussian } from '../shared/ex-gaussian';
import { normalCdf } from '../shared/normal';
import { createRng, type Rng } from '../shared/random';
import { toSimulatedRun } from '../shared/simulated-run';
import type { Config } from './config';
import { plan } from './plan';
import type { Answer, Trial } from './trial';
import { runVirtualSession } from './virtual-runtime';

/** A level's sensitivity and criterion, as signal detection theory models a participant. */
export type LevelAbility = { dPrime: number; criterion: number };

/** How a simulated participant behaves. Chances are per trial, independently. */
export type ParticipantParams = {
  /**
   * Sensitivity and criterion by level: P(match | target) = Φ(d'/2 - c) and
   * P(match | non-target) = Φ(-d'/2 - c), for a trial that is answered at all.
   */
  ability: (level: number) => LevelAbility;
  /** Chance of no answer on a trial (fillers included). */
  omissionRate: number;
  /** Ex-Gaussian RTs (ms): mu, sigma, tau; redrawn until within the SOA. */
  rt: { mu: number; sigma: number; tau: number };
  /** Chance of a second press after an answer (the same answer, 100-400 ms later). */
  extraResponseRate?: number;
  /** Presented onsets fall uniformly within this many ms after their due time. */
  onsetJitterMs?: number;
  inputModality?: InputModality;
  /** Time on each intro screen, in ms. */
  introMs?: number;
  /** performance.timeOrigin of the simulated page (ms since the epoch). */
  timeOriginMs?: number;
};

/** The mock participant's sensitivity falls with load: d' 3.0, 2.2, 1.5, ... (at least 0.4). */
export function defaultAbility(level: number): LevelAbility {
  return { dPrime: Math.max(0.4, 3.8 - 0.8 * level), criterion: 0.2 };
}

/** The mock participant of the admin's mock data. */
export const DEFAULT_PARTICIPANT = {
  ability: defaultAbility,
  omissionRate: 0.03,
  rt: { mu: 520, sigma: 90, tau: 180 },
  extraResponseRate: 0.02,
  onsetJitterMs: 8,
} satisfies ParticipantParams;

/** The page's time origin of simulated runs, in ms since the epoch (late 2026). */
export const SIMULATED_TIME_ORIGIN_MS = 1_795_000_000_000;

/** An ex-Gaussian RT redrawn until it falls in [1, maxMs); the mode after 1000 draws. */
function drawRt(rng: Rng, rt: ParticipantParams['rt'], maxMs: number): number {
  for (let i = 0; i < 1000; i++) {
    const value = drawExGaussian(rng, rt.mu, rt.sigma, rt.tau);
    if (value >= 1 && value < maxMs) return value;
  }
  return Math.min(Math.max(rt.mu, 1), maxMs - 1);
}

/** P(answer "match") for a trial the participant answers. */
export function matchProbability(ability: LevelAbility, isTarget: boolean): number {
  const half = ability.dPrime / 2;
  return normalCdf((isTarget ? half : -half) - ability.criterion);
}

/**
 * A simulated participant's whole run, as a browser would send it: the run's own plan, played
 * through the engine (runVirtualSession) on a simulated page time line, with timing
 * records. Fillers are answered "no match", as the instructions ask. Practice follows the
 * criterion: a round is repeated while the participant misses it.
 */
export function simulateParticipant(
  seed: string,
  config: Config,
  params: ParticipantParams,
): Trial[] {
  const rng = createRng(`${seed}:n-back:participant`);
  const session = runVirtualSession({
    config,
    plan: plan(seed, config),
    timeOriginMs: params.timeOriginMs ?? SIMULATED_TIME_ORIGIN_MS,
    startMs: 500,
    introMs: params.introMs ?? 5000,
    inputModality: params.inputModality,
    behave(trial) {
      const onsetLateMs = rng() * (params.onsetJitterMs ?? 0);
      if (rng() < params.omissionRate) return { presses: [], onsetLateMs };
      const answer: Answer =
        trial.isTarget === null
          ? 'no-match'
          : rng() < matchProbability(params.ability(trial.level), trial.isTarget)
            ? 'match'
            : 'no-match';
      const rt = drawRt(rng, params.rt, config.soaMs);
      const presses = [{ afterOnsetMs: rt, answer }];
      if (rng() < (params.extraResponseRate ?? 0)) {
        const extra = rt + 100 + rng() * 300;
        if (extra < config.soaMs) presses.push({ afterOnsetMs: extra, answer });
      }
      return { presses, onsetLateMs };
    },
  });
  return session.trials;
}

/** The admin's mock run: the default participant's run, ending at `endTimeMs`. Pure and seeded. */
export function simulateRun(seed: string, config: Config, endTimeMs: number): SimulatedRun<Trial> {
  return toSimulatedRun(seed, simulateParticipant(seed, config, DEFAULT_PARTICIPANT), endTimeMs);
}
