import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, PHASES } from './config';
import {
  getAllowedStimuli,
  getCorrectKey,
  getCue,
  isCongruent,
  isSwitchTrial,
  planPhase,
} from './stimuli';

describe('cue schedule and switch flags', () => {
  it('runs Color, Color, Word, Word, ... from trial 0', () => {
    expect(Array.from({ length: 8 }, (_, n) => getCue(n))).toEqual([
      'Color',
      'Color',
      'Word',
      'Word',
      'Color',
      'Color',
      'Word',
      'Word',
    ]);
  });

  it('marks every even trial but 0 as a switch, exactly where the cue changes', () => {
    expect(Array.from({ length: 6 }, (_, n) => isSwitchTrial(n))).toEqual([
      false,
      false,
      true,
      false,
      true,
      false,
    ]);
    for (let n = 1; n < 1000; n++) expect(isSwitchTrial(n)).toBe(getCue(n) !== getCue(n - 1));
  });
});

describe('correct key', () => {
  it('is the ink for Color and the word for Word', () => {
    expect(getCorrectKey('Color', 'RED', 'blue')).toBe('B');
    expect(getCorrectKey('Word', 'RED', 'blue')).toBe('R');
    expect(getCorrectKey('Word', 'GREEN', 'red')).toBe('G');
  });
});

describe('planned runs (property: over 100,000 generated trials)', () => {
  it('always follow the stimulus rules, cue schedule, switch flags and counts', () => {
    let trialsChecked = 0;
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 40 }), (seed) => {
        return PHASES.every((phase) => {
          const plan = planPhase(seed, phase, DEFAULT_CONFIG);
          const expectedCount = { sample: 8, practice: 16, test: 144 }[phase];
          expect(plan).toHaveLength(expectedCount);
          if (plan.length !== expectedCount) return false;
          // Plain checks (not expect) per trial: 100,000 trials must stay fast.
          return plan.every((trial, n) => {
            trialsChecked++;
            const previous = plan[n - 1];
            return (
              trial.trialNumber === n &&
              trial.phase === phase &&
              trial.cueWord === getCue(n) &&
              trial.isSwitch === (n > 0 && n % 2 === 0) &&
              !isCongruent(trial.stimulusWord, trial.stimulusColor) &&
              trial.isCongruent === false &&
              trial.correctKey ===
                getCorrectKey(trial.cueWord, trial.stimulusWord, trial.stimulusColor) &&
              (!previous ||
                (trial.stimulusWord !== previous.stimulusWord &&
                  trial.stimulusColor !== previous.stimulusColor))
            );
          });
        });
      }),
      { numRuns: 620 },
    );
    expect(trialsChecked).toBeGreaterThanOrEqual(100_000);
  });

  it('is the same for the same seed and differs between seeds', () => {
    const a = planPhase('seed-a', 'test', DEFAULT_CONFIG);
    expect(planPhase('seed-a', 'test', DEFAULT_CONFIG)).toEqual(a);
    expect(planPhase('seed-b', 'test', DEFAULT_CONFIG)).not.toEqual(a);
  });

  it('uses every allowed stimulus, not just a few', () => {
    const seen = new Set(
      planPhase('variety', 'test', DEFAULT_CONFIG).map(
        (t) => `${t.stimulusWord}/${t.stimulusColor}`,
      ),
    );
    expect(seen.size).toBe(6);
  });

  it('always has a stimulus that follows any previous one', () => {
    for (const previous of getAllowedStimuli(undefined)) {
      expect(getAllowedStimuli(previous).length).toBeGreaterThan(0);
    }
    expect(getAllowedStimuli(undefined)).toHaveLength(6);
  });
});
