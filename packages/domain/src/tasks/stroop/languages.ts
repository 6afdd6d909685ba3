import type { Language } from '../../languages';
import type { Cue, Ink, ResponseKey, Word } from './stimuli';

/**
 * What a Stroop run shows and reads in one language (ADR 042). A Stroop test is valid only in
 * the participant's first language: the colour words, the cues, the keys and the buttons follow
 * the run's language. The stored trial keeps the colours as English names (`stimulusWord`
 * 'RED', `response` 'R' for red), so scoring and exports are the same in every language; the
 * words shown and the key pressed are stored beside them.
 */
export type StroopLanguage = {
  /** Each colour word as shown, in capitals. */
  words: Record<Word, string>;
  /** Each cue as shown before the word. */
  cues: Record<Cue, string>;
  /**
   * The key that answers each colour: the first letter of the colour's name in the language,
   * so R, G, B in English and German, R, V, A in Spanish. The response is stored as the colour
   * (`R` for red), whatever key answered it.
   */
  keys: Record<ResponseKey, string>;
  /** Each colour's name on a touch button and in the instructions. */
  names: Record<Ink, string>;
};

export const STROOP_LANGUAGES: Record<Language, StroopLanguage> = {
  en: {
    words: { RED: 'RED', GREEN: 'GREEN', BLUE: 'BLUE' },
    cues: { Color: 'Color', Word: 'Word' },
    keys: { R: 'R', G: 'G', B: 'B' },
    names: { red: 'Red', green: 'Green', blue: 'Blue' },
  },
  de: {
    words: { RED: 'ROT', GREEN: 'GRÜN', BLUE: 'BLAU' },
    cues: { Color: 'Farbe', Word: 'Wort' },
    keys: { R: 'R', G: 'G', B: 'B' },
    names: { red: 'Rot', green: 'Grün', blue: 'Blau' },
  },
  es: {
    words: { RED: 'ROJO', GREEN: 'VERDE', BLUE: 'AZUL' },
    cues: { Color: 'Color', Word: 'Palabra' },
    keys: { R: 'R', G: 'V', B: 'A' },
    names: { red: 'Rojo', green: 'Verde', blue: 'Azul' },
  },
};

/** The colour (as its English initial) that a key answers in `language`; null for any other key. */
export function responseOfKey(language: Language, key: string): ResponseKey | null {
  const upper = key.toUpperCase();
  const { keys } = STROOP_LANGUAGES[language];
  for (const response of Object.keys(keys) as ResponseKey[]) {
    if (keys[response] === upper) return response;
  }
  return null;
}
