import type { Config, Phase } from './config';
import {
  getCorrectKey,
  getCue,
  INKS,
  isSwitchTrial,
  type PlannedTrial,
  planPhase,
  WORDS,
} from './stimuli';

/**
 * A run's plan as the server keeps it to check each save: one byte a trial (word x 3 + ink) per
 * phase. Whole PlannedTrial objects for the thousands of runs a server remembers would take
 * hundreds of MB; the rest of a planned trial follows from its number (cue, switch) and its
 * stimulus (the correct key).
 */
export type CompactPlan = Readonly<Record<Phase, Uint8Array>>;

/** The whole run's plan, compact: the same trials planPhase plans. */
export function planCompact(seed: string, config: Config): CompactPlan {
  const encode = (phase: Phase) =>
    Uint8Array.from(
      planPhase(seed, phase, config),
      (t) => WORDS.indexOf(t.stimulusWord) * INKS.length + INKS.indexOf(t.stimulusColor),
    );
  return { sample: encode('sample'), practice: encode('practice'), test: encode('test') };
}

/** Trial `trialNumber` of `phase` as planPhase plans it, or undefined past the phase's end. */
export function plannedTrialAt(
  plan: CompactPlan,
  phase: Phase,
  trialNumber: number,
): PlannedTrial | undefined {
  const code = plan[phase][trialNumber];
  if (code === undefined) return undefined;
  const word = WORDS[Math.floor(code / INKS.length)];
  const ink = INKS[code % INKS.length];
  if (!word || !ink) return undefined;
  const cueWord = getCue(trialNumber);
  return {
    phase,
    trialNumber,
    cueWord,
    stimulusWord: word,
    stimulusColor: ink,
    isSwitch: isSwitchTrial(trialNumber),
    isCongruent: false,
    correctKey: getCorrectKey(cueWord, word, ink),
  };
}

export type Plans = Record<Phase, readonly PlannedTrial[]>;

/** The whole run planned from its seed: every phase's trials. */
export function planRun(seed: string, config: Config): Plans {
  return {
    sample: planPhase(seed, 'sample', config),
    practice: planPhase(seed, 'practice', config),
    test: planPhase(seed, 'test', config),
  };
}
