import {
  DEFAULT_STUDY_DESIGN,
  type DemographicQuestion,
  findTask,
  type SaveStudyInput,
  type StudyDesign,
  type StudyDetail,
  type StudyStepKind,
  TASKS,
} from '@cogni/domain';
import {
  getDefaultFormValues,
  type PreviewFormValues,
  readPreviewForm,
  toPreviewFormValues,
} from '../../lib/settings-form';

/** A step as the editor holds it: text as typed, a task's settings as form values. */
export type StepDraft = {
  /** Stable across moves, for React's keys and the fields' ids. */
  key: string;
  kind: StudyStepKind;
  title: string;
  text: string;
  minSeconds: string;
  questions: DemographicQuestion[];
  testType: string;
  settings: PreviewFormValues;
};

/** The whole study as the editor holds it. */
export type StudyDraft = {
  name: string;
  participantCap: string;
  capturedParams: string;
  completionUrl: string;
  completionCode: string;
  showScores: boolean;
  /** The design's balance settings and the design itself (ADR 041), kept as saved. */
  refill: boolean;
  activeMinutes: number;
  design: StudyDesign;
  declineMessage: string;
  declineUrl: string;
  title: string;
  description: string;
  steps: StepDraft[];
};

let nextKey = 0;
const newKey = () => `step-${++nextKey}`;

export const STEP_KIND_NAMES: Record<StudyStepKind, string> = {
  consent: 'Consent',
  info: 'Information',
  task: 'Task',
  demographics: 'Questions about the participant',
  break: 'Break',
  debrief: 'Debrief',
};

const DEFAULT_TITLES: Record<StudyStepKind, string> = {
  consent: 'Consent',
  info: 'Before you start',
  task: '',
  demographics: 'About you',
  break: 'A short break',
  debrief: 'Thank you',
};

/** A new step of `kind`, with a title and, for a task, the first task at its defaults. */
export function newStep(kind: StudyStepKind): StepDraft {
  const task = TASKS[0];
  return {
    key: newKey(),
    kind,
    title: kind === 'task' ? (task?.name ?? '') : DEFAULT_TITLES[kind],
    text: '',
    minSeconds: '0',
    questions: ['age', 'gender', 'handedness', 'firstLanguage'],
    testType: task?.id ?? '',
    settings: task ? getDefaultFormValues(task) : {},
  };
}

/** A new study: consent, one task, a debrief. */
export function newStudyDraft(): StudyDraft {
  return {
    name: '',
    participantCap: '',
    capturedParams: 'PROLIFIC_PID, STUDY_ID, SESSION_ID',
    completionUrl: '',
    completionCode: '',
    showScores: false,
    refill: true,
    activeMinutes: 60,
    design: DEFAULT_STUDY_DESIGN,
    declineMessage: '',
    declineUrl: '',
    title: '',
    description: '',
    steps: [newStep('consent'), newStep('task'), newStep('debrief')],
  };
}

/** The editor's draft of a saved study. */
export function toStudyDraft(study: StudyDetail): StudyDraft {
  const { settings, content } = study;
  return {
    name: settings.name,
    participantCap: settings.participantCap === null ? '' : String(settings.participantCap),
    capturedParams: settings.capturedParams.join(', '),
    completionUrl: settings.completionUrl ?? '',
    completionCode: settings.completionCode ?? '',
    showScores: settings.showScores,
    refill: settings.refill,
    activeMinutes: settings.activeMinutes,
    design: content.design ?? DEFAULT_STUDY_DESIGN,
    declineMessage: settings.declineMessage,
    declineUrl: settings.declineUrl ?? '',
    title: content.title,
    description: content.description,
    steps: content.steps.map((step) => {
      const draft = { ...newStep(step.kind), title: step.title };
      if ('text' in step) draft.text = step.text;
      if (step.kind === 'break') draft.minSeconds = String(step.minSeconds);
      if (step.kind === 'demographics') draft.questions = [...step.questions];
      if (step.kind === 'task') {
        const task = findTask(step.testType);
        draft.testType = step.testType;
        draft.settings = task ? toPreviewFormValues(task, step.config) : {};
      }
      return draft;
    }),
  };
}

/** Field problems found before sending, keyed as the server keys them (`content.steps.2.title`). */
export type DraftErrors = Record<string, string>;

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/**
 * The body of a save, or the problems the editor can see itself (a task setting that is not a
 * number, a cap that is not whole); the server checks everything again with the same schemas.
 */
export function readStudyDraft(
  draft: StudyDraft,
): { ok: true; input: SaveStudyInput } | { ok: false; errors: DraftErrors } {
  const errors: DraftErrors = {};
  const cap = draft.participantCap.trim();
  if (cap !== '' && !/^[1-9][0-9]*$/.test(cap)) {
    errors['settings.participantCap'] = 'Enter a whole number of participants, or leave it empty';
  }
  const steps = draft.steps.map((step, index) => {
    const base = { kind: step.kind, title: step.title };
    switch (step.kind) {
      case 'consent':
      case 'info':
      case 'debrief':
        return { ...base, text: step.text };
      case 'break': {
        const seconds = Number(step.minSeconds || '0');
        if (!Number.isInteger(seconds)) {
          errors[`content.steps.${index}.minSeconds`] = 'Enter whole seconds';
        }
        return { ...base, text: step.text, minSeconds: seconds };
      }
      case 'demographics':
        return { ...base, questions: step.questions };
      case 'task': {
        const task = findTask(step.testType as never);
        if (!task) {
          errors[`content.steps.${index}.testType`] = 'Choose a task';
          return { ...base, testType: step.testType, config: {} };
        }
        const read = readPreviewForm(task, step.settings);
        if (!read.ok) {
          for (const [key, message] of Object.entries(read.errors)) {
            errors[`content.steps.${index}.config${key ? `.${key}` : ''}`] = message;
          }
          return { ...base, testType: step.testType, config: {} };
        }
        return { ...base, testType: step.testType, config: read.config };
      }
      default:
        throw new Error(`unknown step kind ${step.kind satisfies never}`);
    }
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    input: {
      settings: {
        name: draft.name,
        participantCap: cap === '' ? null : Number(cap),
        capturedParams: draft.capturedParams
          .split(/[\s,]+/)
          .map((name) => name.trim())
          .filter(Boolean),
        completionUrl: orNull(draft.completionUrl),
        completionCode: orNull(draft.completionCode),
        showScores: draft.showScores,
        refill: draft.refill,
        activeMinutes: draft.activeMinutes,
        declineMessage: draft.declineMessage,
        declineUrl: orNull(draft.declineUrl),
      },
      content: {
        title: draft.title,
        description: draft.description,
        steps,
        design: draft.design,
      } as never,
    },
  };
}
