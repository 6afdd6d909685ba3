import {
  DEFAULT_STUDY_DESIGN,
  type DemographicQuestion,
  findTask,
  type OrderScheme,
  type SaveStudyInput,
  type StudyDesign,
  type StudyDetail,
  type StudyPanel,
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

/** A new arm, numbered after the others. */
export function newArm(arms: readonly ArmDraft[]): ArmDraft {
  let n = arms.length + 1;
  while (arms.some((arm) => arm.key === `arm-${n}`)) n++;
  return {
    id: newKey(),
    key: `arm-${n}`,
    label: `Arm ${n}`,
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
    steps: [newStep('consent'), newStep('task'), newStep('debrief')],
  };
}

/** The editor's draft of a saved study. */
export function toStudyDraft(study: StudyDetail): StudyDraft {
  const { settings, content } = study;
  const design = content.design ?? DEFAULT_STUDY_DESIGN;
  const steps = content.steps.map((step) => {
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
    steps,
  };
}

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
      errors['content.design.order.group'] =
        'Choose the first and the last step that change places';
    }
    order = { scheme: draft.order.scheme, group: { first, last } };
  }
  const arms = draft.arms.map((arm, armIndex) => {
    const at = `content.design.arms.${armIndex}`;
    const weight = Number(arm.weight.trim());
    if (!/^[1-9][0-9]*$/.test(arm.weight.trim())) errors[`${at}.weight`] = 'Enter a whole number';
    const target = arm.target.trim();
    if (target !== '' && !/^[1-9][0-9]*$/.test(target)) {
      errors[`${at}.target`] = 'Enter a whole number of participants, or leave it empty';
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

/** Field problems found before sending, keyed as the server keys them (`content.steps.2.title`). */
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
    errors['settings.participantCap'] = 'Enter a whole number of participants, or leave it empty';
  }
  const activeMinutes = draft.activeMinutes.trim();
  if (!/^[1-9][0-9]*$/.test(activeMinutes)) {
    errors['settings.activeMinutes'] = 'Enter whole minutes';
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
        steps,
        design,
      } as never,
    },
  };
}
