import { isLanguage, type Language, SOURCE_LANGUAGE } from '@cogni/domain';
import {
  type Config,
  engine,
  getPhaseTrialCount,
  type Phase,
  type Prompt,
  type ResponseKey,
  responseOfKey,
  type Scene,
  STROOP_LANGUAGES,
  stroopTask,
  type TrialInput,
} from '@cogni/domain/tasks/stroop';
import {
  createTaskHost,
  type TaskHostRunOptions,
  type TaskHostSnapshot,
  type TaskStageParts,
} from '../../../lib/task-runtime/task-host';

/**
 * The colour a key answers in the run's language (R, G, B in English; R, V, A in Spanish),
 * stored as its English initial: by physical key first (KeyV is V on a QWERTY keyboard), by
 * character for other layouts.
 */
export function readResponseKey(
  event: Pick<KeyboardEvent, 'code' | 'key'>,
  language: Language = SOURCE_LANGUAGE,
): ResponseKey | null {
  const byCode = /^Key([A-Z])$/.exec(event.code)?.[1];
  return (
    (byCode ? responseOfKey(language, byCode) : null) ??
    (event.key.length === 1 ? responseOfKey(language, event.key) : null)
  );
}

/** A run's language, English for a value from before languages or one Cogni does not speak. */
export const stroopLanguageOf = (language: string | undefined): Language =>
  isLanguage(language) ? language : SOURCE_LANGUAGE;

/** A line of text on the stage: the cue, the stimulus in its ink, or the feedback. */
function textElement(className: string, text: string): HTMLElement {
  const element = document.createElement('span');
  element.className = className;
  element.textContent = text;
  return element;
}

/**
 * The stage's own words, the feedback after a sample or practice answer, in the reader's
 * language: the runner hands them over when the run starts, so drawing a scene looks them up
 * and translates nothing. English by default (the timing benchmark, the tests).
 */
export type StroopStageTexts = { correct: string; wrong: string };

export const ENGLISH_STAGE_TEXTS: StroopStageTexts = { correct: 'Correct', wrong: 'Wrong' };

/**
 * What Stroop draws on the task host's stage, in the run's language (ADR 042): the cue ('Color'
 * or 'Word', 'Farbe' or 'Wort'), the colour word in its ink, and 'Correct' or 'Wrong' after a
 * sample or practice answer. The language's keys answer (R, G, B; R, V, A in Spanish), and so
 * do the three colour buttons. Each trial's record gets what was shown and the key pressed;
 * the cue and the word carry their English names as data attributes (what the record stores).
 */
export function stroopStageParts(
  texts: StroopStageTexts = ENGLISH_STAGE_TEXTS,
  language: Language = SOURCE_LANGUAGE,
): TaskStageParts<ResponseKey, Scene> {
  const shown = STROOP_LANGUAGES[language];
  return {
    keyToInput: (event) => readResponseKey(event, language),
    annotateTrial<T extends object>(trial: T): T {
      const record = trial as T & TrialInput;
      return {
        ...trial,
        shownWord: shown.words[record.stimulusWord],
        shownCue: shown.cues[record.cueWord],
        ...(record.inputModality === 'touch' ? {} : { keyPressed: shown.keys[record.response] }),
      };
    },
    draw(scene) {
      switch (scene.kind) {
        case 'cue': {
          const element = textElement('stroop-stage__cue', shown.cues[scene.trial.cueWord]);
          element.dataset.cue = scene.trial.cueWord;
          return { element, name: 'cue' };
        }
        case 'stimulus': {
          const { stimulusWord, stimulusColor } = scene.trial;
          const className = `stroop-stage__stimulus stroop-ink--${stimulusColor}`;
          const element = textElement(className, shown.words[stimulusWord]);
          element.dataset.word = stimulusWord;
          return { element, name: 'stimulus' };
        }
        case 'feedback': {
          const text = scene.isCorrect ? texts.correct : texts.wrong;
          const className = `task-feedback task-feedback--${scene.isCorrect ? 'correct' : 'wrong'}`;
          return { element: textElement(className, text), name: 'feedback' };
        }
      }
    },
  };
}

/** The task host running a Stroop run in the run's language, its feedback in `texts`. */
export const createStroopHost = (
  options: TaskHostRunOptions,
  texts: StroopStageTexts = ENGLISH_STAGE_TEXTS,
) =>
  createTaskHost(
    stroopTask,
    engine,
    () => stroopStageParts(texts, stroopLanguageOf(options.run.language)),
    options,
  );

/** A Stroop run's host, as the running view holds it. */
export type StroopHost = ReturnType<typeof createStroopHost>;

/** What the running view shows, read off the host's snapshot. */
export type StroopView = {
  /**
   * 'cue', 'stimulus', 'feedback': what the stage shows; 'rest': a rest break waits for the
   * participant; 'finished': every trial is recorded.
   */
  kind: Scene['kind'] | 'rest' | 'finished';
  phase: Phase | null;
  trialNumber: number | null;
  phaseTrialCount: number | null;
  saveError: string | null;
};

/** The running view's reading of a Stroop host's snapshot. */
export function stroopView(snapshot: TaskHostSnapshot<Prompt, Scene>, config: Config): StroopView {
  const position = snapshot.progress?.position;
  const phase = (position?.phase as Phase | undefined) ?? null;
  const kind: StroopView['kind'] =
    snapshot.phase === 'finished'
      ? 'finished'
      : snapshot.phase === 'prompt' && snapshot.prompt?.kind === 'rest'
        ? 'rest'
        : (snapshot.scene?.kind ?? 'cue');
  return {
    kind,
    phase,
    trialNumber: position?.trialNumber ?? null,
    phaseTrialCount: phase ? getPhaseTrialCount(config, phase) : null,
    saveError: snapshot.saveError,
  };
}
