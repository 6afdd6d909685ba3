import {
  type Config,
  engine,
  getPhaseTrialCount,
  type Phase,
  type Prompt,
  type ResponseKey,
  type Scene,
  stroopTask,
} from '@cogni/domain/tasks/stroop';
import {
  createTaskHost,
  type TaskHostRunOptions,
  type TaskHostSnapshot,
  type TaskStageParts,
} from '../../../lib/task-runtime/task-host';

const KEY_BY_CODE: Record<string, ResponseKey> = { KeyR: 'R', KeyG: 'G', KeyB: 'B' };

/** R, G or B from a key event: by physical key first, by character for other layouts. */
export function readResponseKey(event: Pick<KeyboardEvent, 'code' | 'key'>): ResponseKey | null {
  const byCode = KEY_BY_CODE[event.code];
  if (byCode) return byCode;
  const upper = event.key.toUpperCase();
  return upper === 'R' || upper === 'G' || upper === 'B' ? upper : null;
}

/** A line of text on the stage: the cue, the stimulus in its ink, or the feedback. */
function textElement(className: string, text: string): HTMLElement {
  const element = document.createElement('span');
  element.className = className;
  element.textContent = text;
  return element;
}

/**
 * What Stroop draws on the task host's stage: the cue ('Color' or 'Word'), the colour word in
 * its ink, and 'Correct' or 'Wrong' after a sample or practice answer. R, G and B answer, and so
 * do the three colour buttons.
 */
export const STROOP_STAGE_PARTS: TaskStageParts<ResponseKey, Scene> = {
  keyToInput: readResponseKey,
  draw(scene) {
    switch (scene.kind) {
      case 'cue':
        return { element: textElement('stroop-stage__cue', scene.trial.cueWord), name: 'cue' };
      case 'stimulus': {
        const { stimulusWord, stimulusColor } = scene.trial;
        const className = `stroop-stage__stimulus stroop-ink--${stimulusColor}`;
        return { element: textElement(className, stimulusWord), name: 'stimulus' };
      }
      case 'feedback': {
        const text = scene.isCorrect ? 'Correct' : 'Wrong';
        const className = `task-feedback task-feedback--${text.toLowerCase()}`;
        return { element: textElement(className, text), name: 'feedback' };
      }
    }
  },
};

/** The task host running a Stroop run. */
export const createStroopHost = (options: TaskHostRunOptions) =>
  createTaskHost(stroopTask, engine, () => STROOP_STAGE_PARTS, options);

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
