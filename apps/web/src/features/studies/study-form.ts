import {
  DEFAULT_STUDY_DESIGN,
  type DemographicQuestion,
  englishText,
  findTask,
  isLanguage,
  type Language,
  type OrderScheme,
  type SaveStudyInput,
  SOURCE_LANGUAGE,
  type StudyDesign,
  type StudyDetail,
  type StudyPanel,
  type StudyStepKind,
  TASKS,
} from '@cogni/domain';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { translateEnglish } from '../../lib/i18n/error-text';
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
  panel: StudyPanel;
  capturedParams: string;
  panelIdParam: string;
  completionUrl: string;
  completionCode: string;
  screenOutCode: string;
  showScores: boolean;
  /** The Psych-DS dataset's description: authors one per line, keywords comma separated. */
  datasetAuthors: string;
  datasetLicense: string;
  datasetKeywords: string;
  /** The design's balance settings (ADR 041). */
  refill: boolean;
  activeMinutes: string;
  /** The design, with steps named by their draft keys so that moving a step moves its part. */
  order: OrderDraft;
  arms: ArmDraft[];
  balanceMapping: boolean;
  declineMessage: string;
  declineUrl: string;
  title: string;
  description: string;
  /** The language of the participants' pages and tasks, in which the study's texts are written. */
  language: Language;
  steps: StepDraft[];
};

/** The order of the steps as the editor holds it: the group's ends by step key. */
export type OrderDraft = { scheme: OrderScheme; firstKey: string; lastKey: string };

/** An arm as the editor holds it: numbers as typed, steps by key, settings as form values. */
export type ArmDraft = {
  /** Stable across edits, for React's keys and the fields' ids. */
  id: string;
  key: string;
  label: string;
  weight: string;
  target: string;
  omitKeys: string[];
  /** The task steps whose settings differ in this arm, by step key: the whole settings form. */
  settings: Record<string, PreviewFormValues>;
};

let nextKey = 0;
const newKey = () => `step-${++nextKey}`;

/** A new arm, numbered after the others, labelled in the reader's language. */
export function newArm(arms: readonly ArmDraft[], i18n: I18n): ArmDraft {
  let number = arms.length + 1;
  while (arms.some((arm) => arm.key === `arm-${number}`)) number++;
  return {
    id: newKey(),
    key: `arm-${number}`,
    label: i18n._(msg`Arm ${number}`),
    weight: '1',
    target: '',
    omitKeys: [],
    settings: {},
  };
}

/** The task steps whose task has a response mapping a study can balance (ADR 041). */
export function mappedSteps(steps: readonly StepDraft[]): StepDraft[] {
  return steps.filter(
    (step) => step.kind === 'task' && findTask(step.testType as never)?.responseMapping,
  );
}

/** What the editor calls each kind of step. */
export const STEP_KIND_NAMES: Record<StudyStepKind, MessageDescriptor> = {
  consent: msg({ comment: 'a kind of study step: the consent form', message: 'Consent' }),
  info: msg({ comment: 'a kind of study step: a page of information', message: 'Information' }),
  task: msg({ comment: 'a kind of study step: a cognitive task', message: 'Task' }),
  demographics: msg`Questions about the participant`,
  break: msg({ comment: 'a kind of study step: a pause between tasks', message: 'Break' }),
  debrief: msg({
    comment: 'a kind of study step: the page after the last task',
    message: 'Debrief',
  }),
};

/** A new step's title, which participants see until the researcher changes it. */
const DEFAULT_TITLES: Record<Exclude<StudyStepKind, 'task'>, MessageDescriptor> = {
  consent: msg`Consent`,
  info: msg`Before you start`,
  demographics: msg`About you`,
  break: msg`A short break`,
  debrief: msg`Thank you`,
};

/**
 * A new step of `kind`, with a title in the reader's language (the researcher's, who writes the
 * study's texts) and, for a task, the first task at its defaults.
 */
export function newStep(kind: StudyStepKind, i18n: I18n): StepDraft {
  const task = TASKS[0];
  return {
    ...blankStep(kind),
    title:
      kind === 'task' ? translateEnglish(i18n, task?.name ?? '') : i18n._(DEFAULT_TITLES[kind]),
  };
}

/** A step of `kind` without a title: the first task at its defaults for a task. */
function blankStep(kind: StudyStepKind): StepDraft {
  const task = TASKS[0];
  return {
    key: newKey(),
    kind,
    title: '',
    text: '',
    minSeconds: '0',
    questions: ['age', 'gender', 'handedness', 'firstLanguage'],
    testType: task?.id ?? '',
    settings: task ? getDefaultFormValues(task) : {},
  };
}

/**
 * A new study: consent, one task, a debrief, with their titles in the reader's language, which is
 * the study's language too when it is one participants can have (English otherwise).
 */
export function newStudyDraft(i18n: I18n): StudyDraft {
  return {
    name: '',
    participantCap: '',
    panel: 'generic',
    capturedParams: 'PROLIFIC_PID, STUDY_ID, SESSION_ID',
    panelIdParam: '',
    completionUrl: '',
    completionCode: '',
    screenOutCode: '',
    showScores: false,
    datasetAuthors: '',
    datasetLicense: '',
    datasetKeywords: '',
    refill: true,
    activeMinutes: '60',
    order: { scheme: 'fixed', firstKey: '', lastKey: '' },
    arms: [],
    balanceMapping: false,
    declineMessage: '',
    declineUrl: '',
    title: '',
    description: '',
    language: isLanguage(i18n.locale) ? i18n.locale : SOURCE_LANGUAGE,
    steps: [newStep('consent', i18n), newStep('task', i18n), newStep('debrief', i18n)],
  };
}

/** The editor's draft of a saved study. */
export function toStudyDraft(study: StudyDetail): StudyDraft {
  const { settings, content } = study;
  const design = content.design ?? DEFAULT_STUDY_DESIGN;
  const steps = content.steps.map((step) => {
    const draft = { ...blankStep(step.kind), title: step.title };
    if ('text' in step) draft.text = step.text;
    if (step.kind === 'break') draft.minSeconds = String(step.minSeconds);
    if (step.kind === 'demographics') draft.questions = [...step.questions];
    if (step.kind === 'task') {
      const task = findTask(step.testType);
      draft.testType = step.testType;
      draft.settings = task ? toPreviewFormValues(task, step.config) : {};
    }
    return draft;
  });
  const keyAt = (index: number) => steps[index]?.key ?? '';
  return {
    name: settings.name,
    participantCap: settings.participantCap === null ? '' : String(settings.participantCap),
    panel: settings.panel,
    capturedParams: settings.capturedParams.join(', '),
    panelIdParam: settings.panelIdParam ?? '',
    completionUrl: settings.completionUrl ?? '',
    completionCode: settings.completionCode ?? '',
    screenOutCode: settings.screenOutCode ?? '',
    showScores: settings.showScores,
    datasetAuthors: settings.dataset.authors.join('\n'),
    datasetLicense: settings.dataset.license,
    datasetKeywords: settings.dataset.keywords.join(', '),
    refill: settings.refill,
    activeMinutes: String(settings.activeMinutes),
    order:
      design.order.scheme === 'fixed'
        ? { scheme: 'fixed', firstKey: '', lastKey: '' }
        : {
            scheme: design.order.scheme,
            firstKey: keyAt(design.order.group.first),
            lastKey: keyAt(design.order.group.last),
          },
    arms: design.arms.map((arm) => ({
      id: newKey(),
      key: arm.key,
      label: arm.label,
      weight: String(arm.weight),
      target: arm.target === null ? '' : String(arm.target),
      omitKeys: arm.omitSteps.map(keyAt),
      settings: Object.fromEntries(
        Object.entries(arm.settings).flatMap(([index, config]) => {
          const step = content.steps[Number(index)];
          const task = step?.kind === 'task' ? findTask(step.testType) : undefined;
          if (!task || step?.kind !== 'task') return [];
          return [[keyAt(Number(index)), toPreviewFormValues(task, { ...step.config, ...config })]];
        }),
      ),
    })),
    balanceMapping: design.factors.includes('responseMapping'),
    declineMessage: settings.declineMessage,
    declineUrl: settings.declineUrl ?? '',
    title: content.title,
    description: content.description,
    language: content.language,
    steps,
  };
}

/**
 * The editor's own messages about a field, in English as the server's are: a field shows either
 * through translateEnglish, in the reader's language.
 */
const draftMessage = (descriptor: MessageDescriptor) =>
  englishText({ id: descriptor.id, message: descriptor.message ?? descriptor.id });

const DRAFT_MESSAGES = {
  groupEnds: draftMessage(msg`Choose the first and the last step that change places`),
  wholeNumber: draftMessage(msg`Enter a whole number`),
  participants: draftMessage(msg`Enter a whole number of participants, or leave it empty`),
  minutes: draftMessage(msg`Enter whole minutes`),
  seconds: draftMessage(msg`Enter whole seconds`),
  task: draftMessage(msg`Choose a task`),
};

/**
 * The design of the draft, its steps named by number again; problems the editor can see itself
 * (a group end that is no longer a step, a weight that is not a number) go into `errors`.
 */
function readDesign(draft: StudyDraft, errors: DraftErrors): StudyDesign {
  const indexOf = (key: string) => draft.steps.findIndex((step) => step.key === key);
  let order: StudyDesign['order'] = { scheme: 'fixed' };
  if (draft.order.scheme !== 'fixed') {
    const first = indexOf(draft.order.firstKey);
    const last = indexOf(draft.order.lastKey);
    if (first < 0 || last < 0) {
      errors['content.design.order.group'] = DRAFT_MESSAGES.groupEnds;
    }
    order = { scheme: draft.order.scheme, group: { first, last } };
  }
  const arms = draft.arms.map((arm, armIndex) => {
    const at = `content.design.arms.${armIndex}`;
    const weight = Number(arm.weight.trim());
    if (!/^[1-9][0-9]*$/.test(arm.weight.trim()))
      errors[`${at}.weight`] = DRAFT_MESSAGES.wholeNumber;
    const target = arm.target.trim();
    if (target !== '' && !/^[1-9][0-9]*$/.test(target)) {
      errors[`${at}.target`] = DRAFT_MESSAGES.participants;
    }
    const settings: Record<string, Record<string, unknown>> = {};
    for (const [key, values] of Object.entries(arm.settings)) {
      const index = indexOf(key);
      const step = draft.steps[index];
      const task = step?.kind === 'task' ? findTask(step.testType as never) : undefined;
      if (!task) continue;
      const read = readPreviewForm(task, values);
      if (!read.ok) {
        for (const [setting, message] of Object.entries(read.errors)) {
          errors[`${at}.settings.${index}${setting ? `.${setting}` : ''}`] = message;
        }
        continue;
      }
      settings[String(index)] = read.config;
    }
    return {
      key: arm.key.trim(),
      label: arm.label,
      weight,
      target: target === '' ? null : Number(target),
      omitSteps: arm.omitKeys.map(indexOf).filter((index) => index >= 0),
      settings,
    };
  });
  return {
    order,
    arms,
    factors: draft.balanceMapping && mappedSteps(draft.steps).length > 0 ? ['responseMapping'] : [],
  };
}

/**
 * Field problems found before sending, keyed as the server keys them (`content.steps.2.title`):
 * English, as the server's are, shown with translateEnglish.
 */
export type DraftErrors = Record<string, string>;

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
/** The non-empty items of a list typed with `separator`, trimmed. */
const listOf = (text: string, separator: RegExp) =>
  text
    .split(separator)
    .map((item) => item.trim())
    .filter(Boolean);

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
    errors['settings.participantCap'] = DRAFT_MESSAGES.participants;
  }
  const activeMinutes = draft.activeMinutes.trim();
  if (!/^[1-9][0-9]*$/.test(activeMinutes)) {
    errors['settings.activeMinutes'] = DRAFT_MESSAGES.minutes;
  }
  const design = readDesign(draft, errors);
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
          errors[`content.steps.${index}.minSeconds`] = DRAFT_MESSAGES.seconds;
        }
        return { ...base, text: step.text, minSeconds: seconds };
      }
      case 'demographics':
        return { ...base, questions: step.questions };
      case 'task': {
        const task = findTask(step.testType as never);
        if (!task) {
          errors[`content.steps.${index}.testType`] = DRAFT_MESSAGES.task;
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
        panel: draft.panel,
        capturedParams: listOf(draft.capturedParams, /[\s,]+/),
        panelIdParam: orNull(draft.panelIdParam),
        completionUrl: orNull(draft.completionUrl),
        completionCode: orNull(draft.completionCode),
        screenOutCode: orNull(draft.screenOutCode),
        showScores: draft.showScores,
        dataset: {
          authors: listOf(draft.datasetAuthors, /\n/),
          license: draft.datasetLicense.trim(),
          keywords: listOf(draft.datasetKeywords, /,/),
        },
        refill: draft.refill,
        activeMinutes: Number(activeMinutes),
        declineMessage: draft.declineMessage,
        declineUrl: orNull(draft.declineUrl),
      },
      content: {
        title: draft.title,
        description: draft.description,
        language: draft.language,
        steps,
        design,
      } as never,
    },
  };
}
