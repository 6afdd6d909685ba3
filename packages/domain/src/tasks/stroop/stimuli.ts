import { z } from 'zod';
import { createRng, pick } from '../shared/random';
import { type Config, getPhaseTrialCount, type Phase } from './config';

export const CUES = ['Color', 'Word'] as const;
export const CueSchema = z.enum(CUES);
export type Cue = z.infer<typeof CueSchema>;

/** The three colour words, as shown. */
export const WORDS = ['RED', 'GREEN', 'BLUE'] as const;
export const WordSchema = z.enum(WORDS);
export type Word = z.infer<typeof WordSchema>;

/** The three ink colours. */
export const INKS = ['red', 'green', 'blue'] as const;
export const InkSchema = z.enum(INKS);
export type Ink = z.infer<typeof InkSchema>;

export const RESPONSE_KEYS = ['R', 'G', 'B'] as const;
export const ResponseKeySchema = z.enum(RESPONSE_KEYS);
export type ResponseKey = z.infer<typeof ResponseKeySchema>;

/**
 * The cue of a trial: Color, Color, Word, Word, ... from trialNumber 0 of each phase
 * (docs/product.md#trial-numbering).
 */
export function getCue(trialNumber: number): Cue {
  return Math.floor(trialNumber / 2) % 2 === 0 ? 'Color' : 'Word';
}

/**
 * A trial is a switch when its cue differs from the previous trial's in the same phase: every even
 * trialNumber except 0, which has no predecessor (docs/product.md#trial-numbering).
 */
export function isSwitchTrial(trialNumber: number): boolean {
  return trialNumber > 0 && trialNumber % 2 === 0;
}

/** The key that answers a trial: the first letter of the ink (cue Color) or the word (cue Word). */
export function getCorrectKey(cue: Cue, word: Word, ink: Ink): ResponseKey {
  const name = cue === 'Color' ? ink : word;
  return name.charAt(0).toUpperCase() as ResponseKey;
}

/**
 * Is the word the same colour as the ink? Never, for real trials (docs/product.md#the-stroop-test).
 */
export function isCongruent(word: Word, ink: Ink): boolean {
  return word.toLowerCase() === ink;
}

export type Stimulus = { word: Word; ink: Ink };

/**
 * The stimuli a trial may show after `previous` (docs/product.md#the-stroop-test): word and ink
 * differ, and neither repeats the previous trial's word or ink. Never empty: of three colours, at
 * least one word-ink pair always avoids both.
 */
export function getAllowedStimuli(previous: Stimulus | undefined): Stimulus[] {
  const allowed: Stimulus[] = [];
  for (const word of WORDS) {
    for (const ink of INKS) {
      if (isCongruent(word, ink)) continue;
      if (previous && (word === previous.word || ink === previous.ink)) continue;
      allowed.push({ word, ink });
    }
  }
  return allowed;
}

export function isAllowedStimulus(stimulus: Stimulus, previous: Stimulus | undefined): boolean {
  return getAllowedStimuli(previous).some(
    (s) => s.word === stimulus.word && s.ink === stimulus.ink,
  );
}

/** One trial as planned before it is run. */
export type PlannedTrial = {
  phase: Phase;
  trialNumber: number;
  cueWord: Cue;
  stimulusWord: Word;
  stimulusColor: Ink;
  isSwitch: boolean;
  isCongruent: boolean;
  correctKey: ResponseKey;
};

/**
 * The trials of one phase, drawn from a random source seeded by the session's seed and the
 * phase: the same seed always gives the same run, so the server can check every trial against
 * the plan and any run can be replayed.
 */
export function planPhase(seed: string, phase: Phase, config: Config): PlannedTrial[] {
  const rng = createRng(`${seed}:${phase}`);
  const trials: PlannedTrial[] = [];
  let previous: Stimulus | undefined;
  for (let trialNumber = 0; trialNumber < getPhaseTrialCount(config, phase); trialNumber++) {
    const stimulus = pick(getAllowedStimuli(previous), rng);
    const cueWord = getCue(trialNumber);
    trials.push({
      phase,
      trialNumber,
      cueWord,
      stimulusWord: stimulus.word,
      stimulusColor: stimulus.ink,
      isSwitch: isSwitchTrial(trialNumber),
      isCongruent: false,
      correctKey: getCorrectKey(cueWord, stimulus.word, stimulus.ink),
    });
    previous = stimulus;
  }
  return trials;
}
