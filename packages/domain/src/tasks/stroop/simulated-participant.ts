import { drawExGaussian } from '../shared/ex-gaussian';
import { createRng } from '../shared/random';
import { type Config, isRestBreakAfter } from './config';
import type { ScoringTrial } from './scoring';
import { planPhase } from './stimuli';

/**
 * How a simulated participant does the test phase, for parameter recovery: the true values the
 * scores should find. RTs are ex-Gaussian; a switch shifts the whole distribution.
 */
export type ParticipantParams = {
  /** Mean RT (ms) of correct repeat trials of each cue: mu + tau of the ex-Gaussian. */
  meanRtMs: { Color: number; Word: number };
  /** What a switch adds to the RT (ms), the same for both cues. */
  switchCostMs: number;
  /** SD of the normal part and mean of the exponential tail, ms. */
  sigmaMs: number;
  tauMs: number;
  /** Chance of a wrong answer on a repeat trial of each cue, and what a switch adds to it. */
  errorRate: { Color: number; Word: number };
  switchErrorIncrease: number;
  /** What an error adds to the next trial's RT (ms). */
  postErrorSlowingMs: number;
  /** Chance of an anticipation: a guess 80-199 ms after onset, right one time in three. */
  anticipationRate: number;
  /** Chance of a slow outlier: 1500-4000 ms added (a lapse of attention). */
  slowOutlierRate: number;
  /** Chance the page loses focus during a trial (marked interrupted; 300-3000 ms added). */
  interruptionRate: number;
};

/** A participant with cue difference and switch cost, and the usual kinds of noise. */
export const SIMULATED_PARTICIPANT: ParticipantParams = {
  meanRtMs: { Color: 850, Word: 700 },
  switchCostMs: 50,
  sigmaMs: 80,
  tauMs: 150,
  errorRate: { Color: 0.08, Word: 0.05 },
  switchErrorIncrease: 0.03,
  postErrorSlowingMs: 60,
  anticipationRate: 0.01,
  slowOutlierRate: 0.01,
  interruptionRate: 0.005,
};

/** A simulated test trial: what both scoring versions read. */
export type SimulatedTrial = ScoringTrial & { phase: 'test' };

/** The wall clock of simulated runs starts here (ms since the epoch, late 2026). */
const START_MS = 1_795_000_000_000;
/** A rest break lasts this long (ms): a pause the scoring must recognise. */
const REST_BREAK_MS = 20_000;
/** The fastest a response other than an anticipation is (ms): the far left tail is cut here. */
const MIN_RT_MS = 250;

/**
 * The test phase of a simulated participant on the run's real plan (seed and config): the cue
 * cycle, switches, stimuli and rest breaks as a participant meets them. Pure and seeded.
 */
export function simulateTestPhase(
  seed: string,
  config: Config,
  params: ParticipantParams,
): SimulatedTrial[] {
  const rng = createRng(`${seed}:stroop:participant`);
  const trials: SimulatedTrial[] = [];
  let clockMs = START_MS;
  let previousWasError = false;
  for (const planned of planPhase(seed, 'test', config)) {
    const cue = planned.cueWord;
    let reactionTime: number;
    let isCorrect: boolean;
    let wasInterrupted = false;
    if (rng() < params.anticipationRate) {
      reactionTime = 80 + rng() * 119;
      isCorrect = rng() < 1 / 3;
    } else {
      const meanMs = params.meanRtMs[cue] + (planned.isSwitch ? params.switchCostMs : 0);
      reactionTime = Math.max(
        MIN_RT_MS,
        drawExGaussian(rng, meanMs - params.tauMs, params.sigmaMs, params.tauMs),
      );
      if (previousWasError) reactionTime += params.postErrorSlowingMs;
      if (rng() < params.slowOutlierRate) reactionTime += 1500 + rng() * 2500;
      if (rng() < params.interruptionRate) {
        wasInterrupted = true;
        reactionTime += 300 + rng() * 2700;
      }
      const errorRate = params.errorRate[cue] + (planned.isSwitch ? params.switchErrorIncrease : 0);
      isCorrect = rng() >= errorRate;
    }
    const startMs = clockMs;
    const endMs = startMs + config.cueDurationMs + reactionTime;
    trials.push({
      phase: 'test',
      trialNumber: planned.trialNumber,
      cueWord: cue,
      stimulusWord: planned.stimulusWord,
      stimulusColor: planned.stimulusColor,
      isSwitch: planned.isSwitch,
      isCorrect,
      reactionTime,
      startTime: new Date(startMs).toISOString(),
      endTime: new Date(endMs).toISOString(),
      wasInterrupted,
    });
    previousWasError = !isCorrect;
    // The next cue follows in the next frame, or after a rest break.
    clockMs =
      endMs + 17 + (isRestBreakAfter(config, 'test', planned.trialNumber) ? REST_BREAK_MS : 0);
  }
  return trials;
}
