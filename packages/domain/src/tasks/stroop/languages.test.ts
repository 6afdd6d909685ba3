import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../languages';
import { storedTrialOf } from '../shared/envelope';
import { stroopTask } from './definition';
import { responseOfKey, STROOP_LANGUAGES } from './languages';
import { INKS, RESPONSE_KEYS, WORDS } from './stimuli';
import type { TrialInput } from './trial';

describe('Stroop in every language', () => {
  it.each(LANGUAGES)(
    '%s: each key is the first letter of its colour, and all differ',
    (language) => {
      const { words, keys, names } = STROOP_LANGUAGES[language];
      RESPONSE_KEYS.forEach((response, index) => {
        const word = WORDS[index] as (typeof WORDS)[number];
        const ink = INKS[index] as (typeof INKS)[number];
        expect(keys[response]).toBe(words[word].charAt(0));
        expect(names[ink].toUpperCase()).toBe(words[word]);
      });
      expect(new Set(Object.values(keys)).size).toBe(3);
      expect(new Set(Object.values(words)).size).toBe(3);
    },
  );

  it('reads a key as the colour it answers in the language, and no other key', () => {
    expect(responseOfKey('en', 'g')).toBe('G');
    expect(responseOfKey('es', 'V')).toBe('G');
    expect(responseOfKey('es', 'a')).toBe('B');
    expect(responseOfKey('es', 'G')).toBeNull();
    expect(responseOfKey('es', 'B')).toBeNull();
    expect(responseOfKey('de', 'B')).toBe('B');
    expect(responseOfKey('de', 'X')).toBeNull();
  });

  it('keeps English as the words the data has always named', () => {
    expect(STROOP_LANGUAGES.en.words).toEqual({ RED: 'RED', GREEN: 'GREEN', BLUE: 'BLUE' });
    expect(STROOP_LANGUAGES.en.keys).toEqual({ R: 'R', G: 'G', B: 'B' });
  });
});

describe('a run taken in another language', () => {
  const config = stroopTask.settings.defaults;
  const run = stroopTask.simulate('language-seed', config, Date.parse('2026-11-29T10:00:00Z'));
  /** What `language` shows and reads for a trial's word, cue and answer. */
  const shownIn = (
    language: Language,
    trial: Pick<TrialInput, 'stimulusWord' | 'cueWord' | 'response'>,
  ) => ({
    shownWord: STROOP_LANGUAGES[language].words[trial.stimulusWord],
    shownCue: STROOP_LANGUAGES[language].cues[trial.cueWord],
    keyPressed: STROOP_LANGUAGES[language].keys[trial.response],
  });
  const scoresOf = (trials: typeof run.trials) =>
    stroopTask.score(
      config,
      trials.map((t) => storedTrialOf(t)),
    );

  it.each(LANGUAGES)('scores the same in %s as the same answers in English', (language) => {
    const taken = run.trials.map((trial) => ({ ...trial, ...shownIn(language, trial) }));
    expect(scoresOf(taken)).toEqual(scoresOf(run.trials));
  });

  it('passes the trial checks with what its language showed, and not with a mix', () => {
    const plan = stroopTask.plan('fixture-seed', config);
    const [fixture] = stroopTask.fixtureRun('fixture-seed', config);
    if (!fixture) throw new Error('no trial');
    const spanish = { ...fixture.trial, ...shownIn('es', fixture.trial) };
    expect(stroopTask.checkTrial(spanish, plan, config)).toEqual([]);
    // German's word with Spanish's cue and key: one trial shows one language.
    const mixed = { ...spanish, shownWord: STROOP_LANGUAGES.de.words[spanish.stimulusWord] };
    expect(stroopTask.checkTrial(mixed, plan, config)).toHaveLength(1);
    expect(stroopTask.checkTrial({ ...spanish, shownWord: 'VIOLETA' }, plan, config)).toHaveLength(
      1,
    );
    expect(stroopTask.checkTrial({ ...spanish, keyPressed: 'X' }, plan, config)).toHaveLength(1);
  });
});
