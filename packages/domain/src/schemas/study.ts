import { z } from 'zod';
import { type Language, LanguageSchema, SOURCE_LANGUAGE } from '../languages';
import { williamsRows } from '../studies/latin-square';
import { findTask } from '../tasks/registry';
import { englishText } from '../texts';
import { StartableTestTypeSchema } from './results';
import {
  DEFAULT_STUDY_DESIGN,
  FACTOR_LEVELS,
  STUDY_CELLS_MAX,
  type StudyDesign,
  StudyDesignSchema,
} from './study-design';
import { FIELD_TEXTS, REQUIRED } from './validation-texts';

/**
 * A study (ADR 040): what a researcher sends as one link. Its `content` is what participants
 * see, kept in numbered versions; its settings (name, state, cap, captured URL parameters,
 * where participants go at the end) belong to the study and apply to every version.
 */

/** The states of a study: only an open study lets new participants start. */
export const STUDY_STATES = ['draft', 'open', 'paused', 'closed'] as const;
export const StudyStateSchema = z.enum(STUDY_STATES, {
  error: englishText(
    /*i18n*/ {
      id: 'validation.studyState',
      message: "state must be 'draft', 'open', 'paused' or 'closed'",
    },
  ),
});
export type StudyState = z.infer<typeof StudyStateSchema>;

/** The kinds of step a study is made of, in the order a participant meets them. */
export const STUDY_STEP_KINDS = [
  'consent',
  'info',
  'task',
  'demographics',
  'break',
  'debrief',
] as const;
export type StudyStepKind = (typeof STUDY_STEP_KINDS)[number];

/** The built-in demographic questions a study may ask; each is optional for the participant. */
export const DEMOGRAPHIC_QUESTIONS = ['age', 'gender', 'handedness', 'firstLanguage'] as const;
export const DemographicQuestionSchema = z.enum(DEMOGRAPHIC_QUESTIONS, {
  error: englishText(
    /*i18n*/ {
      id: 'validation.demographicQuestion',
      message: "a question must be 'age', 'gender', 'handedness' or 'firstLanguage'",
    },
  ),
});
export type DemographicQuestion = z.infer<typeof DemographicQuestionSchema>;

export const STUDY_TITLE_MAX_LENGTH = 200;
/** Markdown texts: a description, a consent form, an information page, a debrief. */
export const STUDY_TEXT_MAX_LENGTH = 20_000;
export const STUDY_STEPS_MAX = 40;
export const STUDY_BREAK_MAX_SECONDS = 600;
export const STUDY_CAPTURED_PARAMS_MAX = 10;
export const STUDY_PARTICIPANT_CAP_MAX = 1_000_000;
export const STUDY_URL_MAX_LENGTH = 2_000;
/** A participant not seen for this long stops counting in the balance: 5 minutes to 7 days. */
export const STUDY_ACTIVE_MINUTES_MIN = 5;
export const STUDY_ACTIVE_MINUTES_MAX = 7 * 24 * 60;

/** Text a person typed: no control characters but line breaks and tabs. */
function text(field: string, max: number, min = 0) {
  return z
    .string({ error: englishText(FIELD_TEXTS.text, { field }) })
    .max(max, englishText(FIELD_TEXTS.maxCharacters, { field, max }))
    .refine((value) => value.trim().length >= min, englishText(FIELD_TEXTS.required, { field }))
    .refine(
      (value) => !/(?![\n\r\t])\p{Cc}/u.test(value),
      englishText(FIELD_TEXTS.invalidCharacters, { field }),
    );
}

const TitleSchema = text('title', STUDY_TITLE_MAX_LENGTH, 1);
const MarkdownSchema = (field: string) => text(field, STUDY_TEXT_MAX_LENGTH, 1);

export const ConsentStepSchema = z.strictObject({
  kind: z.literal('consent'),
  title: TitleSchema,
  text: MarkdownSchema('text'),
});
export const InfoStepSchema = z.strictObject({
  kind: z.literal('info'),
  title: TitleSchema,
  text: MarkdownSchema('text'),
});
export const TaskStepSchema = z.strictObject({
  kind: z.literal('task'),
  title: TitleSchema,
  testType: StartableTestTypeSchema,
  /**
   * The task's settings for this step, any left out taking their defaults; validated by the
   * task's settings schema (StudyContentSchema), as an admin preview's configuration is.
   */
  config: z.record(z.string().max(100), z.unknown(), {
    error: englishText(
      /*i18n*/ {
        id: 'validation.configObject',
        message: 'config must be an object of task settings',
      },
    ),
  }),
});
export const DemographicsStepSchema = z.strictObject({
  kind: z.literal('demographics'),
  title: TitleSchema,
  questions: z
    .array(DemographicQuestionSchema)
    .min(
      1,
      englishText(
        /*i18n*/ { id: 'validation.questionsMin', message: 'Choose at least one question' },
      ),
    )
    .refine(
      (questions) => new Set(questions).size === questions.length,
      englishText(
        /*i18n*/ { id: 'validation.questionListedTwice', message: 'A question is listed twice' },
      ),
    ),
});
export const BreakStepSchema = z.strictObject({
  kind: z.literal('break'),
  title: TitleSchema,
  text: text('text', STUDY_TEXT_MAX_LENGTH),
  /** The shortest break, in seconds: the Continue button waits this long. */
  minSeconds: z
    .number({ error: englishText(FIELD_TEXTS.number, { field: 'minSeconds' }) })
    .int(englishText(FIELD_TEXTS.wholeNumber, { field: 'minSeconds' }))
    .min(0, englishText(FIELD_TEXTS.atLeast, { field: 'minSeconds', min: 0 }))
    .max(
      STUDY_BREAK_MAX_SECONDS,
      englishText(FIELD_TEXTS.atMost, { field: 'minSeconds', max: STUDY_BREAK_MAX_SECONDS }),
    ),
});
export const DebriefStepSchema = z.strictObject({
  kind: z.literal('debrief'),
  title: TitleSchema,
  text: MarkdownSchema('text'),
});

export const StudyStepSchema = z.discriminatedUnion(
  'kind',
  [
    ConsentStepSchema,
    InfoStepSchema,
    TaskStepSchema,
    DemographicsStepSchema,
    BreakStepSchema,
    DebriefStepSchema,
  ],
  {
    error: englishText(FIELD_TEXTS.oneOf, {
      field: 'kind',
      options: STUDY_STEP_KINDS.map((k) => `'${k}'`).join(', '),
    }),
  },
);
export type StudyStep = z.infer<typeof StudyStepSchema>;
export type TaskStep = z.infer<typeof TaskStepSchema>;

/**
 * `config` checked by the task step's settings schema: the configuration with its defaults
 * filled in, or undefined with each problem added under `path`.
 */
function parseTaskConfig(
  step: TaskStep,
  config: Record<string, unknown>,
  path: (string | number)[],
  ctx: z.RefinementCtx,
): Record<string, unknown> | undefined {
  const task = findTask(step.testType);
  if (!task) return undefined;
  const parsed = task.settings.schema.safeParse(config);
  if (parsed.success) return parsed.data as Record<string, unknown>;
  for (const issue of parsed.error.issues) {
    ctx.addIssue({
      code: 'custom',
      path: [...path, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
      message: issue.message,
    });
  }
  return undefined;
}

/** The messages about a version's steps and design as a whole. */
const TEXTS = {
  fixedStepsInGroup: englishText(
    /*i18n*/ {
      id: 'validation.fixedStepsInGroup',
      message: 'Consent and the debrief keep their places: leave them out of the group',
    },
  ),
  consentOmitted: englishText(
    /*i18n*/ { id: 'validation.consentOmitted', message: 'No arm may leave out the consent' },
  ),
  armWithoutSteps: englishText(
    /*i18n*/ { id: 'validation.armWithoutSteps', message: 'An arm must keep at least one step' },
  ),
  responseMappingWithoutTask: englishText(
    /*i18n*/ {
      id: 'validation.responseMappingWithoutTask',
      message:
        'Balancing the response mapping needs a task step whose task has one (N-back or Go/No-Go)',
    },
  ),
  consentFirst: englishText(
    /*i18n*/ { id: 'validation.consentFirst', message: 'Consent must be the first step' },
  ),
  debriefLast: englishText(
    /*i18n*/ { id: 'validation.debriefLast', message: 'The debrief must be the last step' },
  ),
};

/** A step that must keep its place: consent first and the debrief last. */
const isFixedInPlace = (step: StudyStep) => step.kind === 'consent' || step.kind === 'debrief';

/** The design's problems with the version's steps (its own shape is StudyDesignSchema's). */
function checkDesign(design: StudyDesign, steps: readonly StudyStep[], ctx: z.RefinementCtx) {
  const issue = (path: (string | number)[], message: string) =>
    ctx.addIssue({ code: 'custom', path: ['design', ...path], message });
  const isStep = (index: number) => index < steps.length;
  let orderRows = 1;
  // A group out of order is StepGroupSchema's to report (its refinement); the checks below need
  // first < last (a Latin square of no steps cannot be drawn).
  if (design.order.scheme !== 'fixed' && design.order.group.first < design.order.group.last) {
    const { first, last } = design.order.group;
    if (!isStep(last)) {
      issue(['order', 'group', 'last'], `The study has no step ${last + 1}`);
    } else if (steps.slice(first, last + 1).some(isFixedInPlace)) {
      issue(['order', 'group'], TEXTS.fixedStepsInGroup);
    } else if (design.order.scheme === 'latinSquare') {
      orderRows = williamsRows(last - first + 1).length;
    }
  }
  design.arms.forEach((arm, armIndex) => {
    arm.omitSteps.forEach((index, i) => {
      const step = steps[index];
      if (!step) issue(['arms', armIndex, 'omitSteps', i], `The study has no step ${index + 1}`);
      else if (step.kind === 'consent') {
        issue(['arms', armIndex, 'omitSteps', i], TEXTS.consentOmitted);
      }
    });
    if (arm.omitSteps.filter(isStep).length >= steps.length) {
      issue(['arms', armIndex, 'omitSteps'], TEXTS.armWithoutSteps);
    }
  });
  if (
    design.factors.includes('responseMapping') &&
    !steps.some((step) => step.kind === 'task' && findTask(step.testType)?.responseMapping)
  ) {
    issue(['factors'], TEXTS.responseMappingWithoutTask);
  }
  const cells =
    Math.max(1, design.arms.length) * orderRows * FACTOR_LEVELS.length ** design.factors.length;
  if (cells > STUDY_CELLS_MAX) {
    issue([], `The design has ${cells} cells; at most ${STUDY_CELLS_MAX} can be balanced`);
  }
}

/**
 * What participants see, as one document: a version of a study holds exactly this. A consent
 * step, if any, comes first; a debrief, if any, comes last; each task step's configuration is
 * checked by its task's settings schema (a problem names `steps.<i>.config.<setting>`) and the
 * stored content holds it resolved, its defaults filled in.
 */
export const StudyContentSchema = z
  .strictObject({
    title: TitleSchema,
    description: text('description', STUDY_TEXT_MAX_LENGTH),
    steps: z
      .array(StudyStepSchema)
      .min(
        1,
        englishText(
          /*i18n*/ { id: 'validation.stepsMin', message: 'A study needs at least one step' },
        ),
      )
      .max(
        STUDY_STEPS_MAX,
        englishText(
          /*i18n*/ { id: 'validation.stepsMax', message: 'A study has at most {max} steps' },
          { max: STUDY_STEPS_MAX },
        ),
      ),
    /** Orders, arms and factors (ADR 041); a version without one has a fixed order. */
    design: StudyDesignSchema.default(DEFAULT_STUDY_DESIGN),
    /**
     * The language of the participants' pages, tasks included (ADR 042): the researcher writes
     * the study's own texts in it, and a Stroop step shows its colour words in it.
     */
    language: LanguageSchema.default(SOURCE_LANGUAGE),
  })
  .superRefine((content, ctx) => {
    checkDesign(content.design, content.steps, ctx);
    content.steps.forEach((step, index) => {
      if (step.kind === 'consent' && index !== 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['steps', index],
          message: TEXTS.consentFirst,
        });
      }
      if (step.kind === 'debrief' && index !== content.steps.length - 1) {
        ctx.addIssue({
          code: 'custom',
          path: ['steps', index],
          message: TEXTS.debriefLast,
        });
      }
    });
  })
  .transform((content, ctx) => {
    const steps = content.steps.map((step, index) => {
      if (step.kind !== 'task') return step;
      const parsed = parseTaskConfig(step, step.config, ['steps', index, 'config'], ctx);
      return parsed ? { ...step, config: parsed } : step;
    });
    // An arm's settings must make a valid configuration with the step's own.
    content.design.arms.forEach((arm, armIndex) => {
      for (const [key, settings] of Object.entries(arm.settings)) {
        const step = steps[Number(key)];
        const path = ['design', 'arms', armIndex, 'settings', key];
        if (step?.kind !== 'task') {
          ctx.addIssue({ code: 'custom', path, message: `Step ${key} is not a task step` });
          continue;
        }
        parseTaskConfig(step, { ...step.config, ...settings }, path, ctx);
      }
    });
    return { ...content, steps };
  });
export type StudyContent = z.output<typeof StudyContentSchema>;

/**
 * A version's content as stored: checked when it was saved, so only what later schemas added is
 * filled in (a version saved before designs has a fixed order, one arm and no factor).
 */
export function readStoredContent(stored: unknown): StudyContent {
  const content = stored as Omit<StudyContent, 'design' | 'language'> & {
    design?: StudyDesign;
    language?: Language;
  };
  return {
    ...content,
    design: content.design ?? DEFAULT_STUDY_DESIGN,
    // Versions stored before studies had languages are English.
    language: content.language ?? SOURCE_LANGUAGE,
  };
}

/** A URL parameter the study keeps from its link (e.g. `PROLIFIC_PID`). */
export const CapturedParamNameSchema = z
  .string({
    error: englishText(
      /*i18n*/ { id: 'validation.paramNameText', message: 'A parameter name must be text' },
    ),
  })
  .regex(
    /^[A-Za-z][A-Za-z0-9_]{0,63}$/,
    englishText(
      /*i18n*/ {
        id: 'validation.paramName',
        message:
          'A parameter name starts with a letter and has only letters, digits and _ (at most {max})',
      },
      { max: 64 },
    ),
  );

/**
 * A URL a participant is sent to, with `{NAME}` standing for a captured parameter's value
 * (e.g. `https://app.prolific.com/submissions/complete?cc=ABC123` or a SONA credit URL with
 * `survey_code={SURVEY_CODE}`). Only http and https.
 */
export const RedirectTemplateSchema = z
  .string({
    error: englishText(/*i18n*/ { id: 'validation.urlText', message: 'The URL must be text' }),
  })
  .max(
    STUDY_URL_MAX_LENGTH,
    englishText(
      /*i18n*/ { id: 'validation.urlMax', message: 'The URL must be at most {max} characters' },
      { max: STUDY_URL_MAX_LENGTH },
    ),
  )
  .refine(
    (value) =>
      /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?([/?#][^\s]*)?$/.test(
        value.replace(/\{[A-Za-z][A-Za-z0-9_]*\}/g, 'x'),
      ),
    englishText(
      /*i18n*/ { id: 'validation.urlInvalid', message: 'Enter a full http or https URL' },
    ),
  );

/** The recruitment panels whose conventions a study can follow (ADR 041). */
export const STUDY_PANELS = ['generic', 'prolific', 'sona'] as const;
export type StudyPanel = (typeof STUDY_PANELS)[number];

/** A completion or screen-out code a panel gives: letters, digits, - and _. */
const panelCode = (name: string) =>
  z
    .string({ error: englishText(FIELD_TEXTS.text, { field: name }) })
    .regex(/^[A-Za-z0-9_-]{1,64}$/, englishText(FIELD_TEXTS.identifier, { field: name, max: 64 }));

/** An author's or a keyword's validation messages. */
type DatasetTextMessages = { text: string; notEmpty: string; tooLong: string };

const AUTHOR_TEXTS: DatasetTextMessages = {
  text: englishText(/*i18n*/ { id: 'validation.authorText', message: 'An author must be text' }),
  notEmpty: englishText(
    /*i18n*/ { id: 'validation.authorNotEmpty', message: 'An author must not be empty' },
  ),
  tooLong: englishText(
    /*i18n*/ { id: 'validation.authorMax', message: 'An author must be at most {max} characters' },
    { max: 200 },
  ),
};

const KEYWORD_TEXTS: DatasetTextMessages = {
  text: englishText(/*i18n*/ { id: 'validation.keywordText', message: 'A keyword must be text' }),
  notEmpty: englishText(
    /*i18n*/ { id: 'validation.keywordNotEmpty', message: 'A keyword must not be empty' },
  ),
  tooLong: englishText(
    /*i18n*/ { id: 'validation.keywordMax', message: 'A keyword must be at most {max} characters' },
    { max: 100 },
  ),
};

/** Short free text of the dataset description: a name, a keyword, a license. */
const datasetText = (messages: DatasetTextMessages, max: number) =>
  z.string({ error: messages.text }).trim().min(1, messages.notEmpty).max(max, messages.tooLong);

/**
 * What the Psych-DS export's `dataset_description.json` says beyond the study's own title and
 * description: who made the dataset, under which license, and its keywords.
 */
export const StudyDatasetSchema = z.strictObject({
  authors: z
    .array(datasetText(AUTHOR_TEXTS, 200))
    .max(
      50,
      englishText(
        /*i18n*/ { id: 'validation.authorsMax', message: 'At most {max} authors' },
        { max: 50 },
      ),
    )
    .default([]),
  /** An SPDX identifier (CC-BY-4.0, CC0-1.0) or a license's URL; empty: none given. */
  license: z
    .string({ error: englishText(FIELD_TEXTS.text, { field: 'license' }) })
    .trim()
    .max(200, englishText(FIELD_TEXTS.maxCharacters, { field: 'license', max: 200 }))
    .default(''),
  keywords: z
    .array(datasetText(KEYWORD_TEXTS, 100))
    .max(
      30,
      englishText(
        /*i18n*/ { id: 'validation.keywordsMax', message: 'At most {max} keywords' },
        { max: 30 },
      ),
    )
    .default([]),
});
export type StudyDataset = z.infer<typeof StudyDatasetSchema>;

/** The study's own settings, beside its content. */
export const StudySettingsSchema = z
  .strictObject({
    /** The researcher's name for the study; participants see the content's title instead. */
    name: text('name', STUDY_TITLE_MAX_LENGTH, 1),
    /** At most this many participants (previews not counted); null for no cap. */
    participantCap: z
      .number({ error: englishText(FIELD_TEXTS.number, { field: 'participantCap' }) })
      .int(englishText(FIELD_TEXTS.wholeNumber, { field: 'participantCap' }))
      .min(1, englishText(FIELD_TEXTS.atLeast, { field: 'participantCap', min: 1 }))
      .max(
        STUDY_PARTICIPANT_CAP_MAX,
        englishText(FIELD_TEXTS.atMost, {
          field: 'participantCap',
          max: STUDY_PARTICIPANT_CAP_MAX,
        }),
      )
      .nullable(),
    capturedParams: z
      .array(CapturedParamNameSchema)
      .max(
        STUDY_CAPTURED_PARAMS_MAX,
        englishText(
          /*i18n*/ { id: 'validation.paramsMax', message: 'At most {max} parameters' },
          { max: STUDY_CAPTURED_PARAMS_MAX },
        ),
      )
      .refine(
        (names) => new Set(names).size === names.length,
        englishText(
          /*i18n*/ { id: 'validation.paramListedTwice', message: 'A parameter is listed twice' },
        ),
      ),
    /** Where a participant goes once every answer is saved; null: a thank-you page. */
    completionUrl: RedirectTemplateSchema.nullable(),
    /** Shown to a participant who does not agree to the consent, when there is no decline URL. */
    declineMessage: text('declineMessage', STUDY_TEXT_MAX_LENGTH),
    /** Where a participant who does not agree goes; null: the decline message. */
    declineUrl: RedirectTemplateSchema.nullable(),
    /**
     * The completion code the thank-you page shows, and `{COMPLETION_CODE}` in the completion URL:
     * the study's own (a panel's code), or null for a code of each participant's own.
     */
    completionCode: panelCode('completionCode').nullable().default(null),
    /** Whether participants see their own scores at the end (for clinics and self-assessment). */
    showScores: z
      .boolean({ error: englishText(FIELD_TEXTS.trueOrFalse, { field: 'showScores' }) })
      .default(false),
    /**
     * Whether a participant who stopped counting (abandoned, declined) frees their slot in the
     * design's balance (ADR 041); without it every assigned participant keeps counting.
     */
    refill: z
      .boolean({ error: englishText(FIELD_TEXTS.trueOrFalse, { field: 'refill' }) })
      .default(true),
    /** How long after last seen a participant who has not completed still counts, in minutes. */
    activeMinutes: z
      .number({ error: englishText(FIELD_TEXTS.number, { field: 'activeMinutes' }) })
      .int(englishText(FIELD_TEXTS.wholeNumber, { field: 'activeMinutes' }))
      .min(
        STUDY_ACTIVE_MINUTES_MIN,
        englishText(FIELD_TEXTS.atLeast, { field: 'activeMinutes', min: STUDY_ACTIVE_MINUTES_MIN }),
      )
      .max(
        STUDY_ACTIVE_MINUTES_MAX,
        englishText(FIELD_TEXTS.atMost, { field: 'activeMinutes', max: STUDY_ACTIVE_MINUTES_MAX }),
      )
      .default(60),
    /**
     * The panel whose conventions the study follows: Prolific's or SONA's parameters and
     * completion URL, or any (generic). The editor fills the parameters and URLs from it.
     */
    panel: z
      .enum(STUDY_PANELS, {
        error: englishText(
          /*i18n*/ {
            id: 'validation.studyPanel',
            message: 'panel must be generic, prolific or sona',
          },
        ),
      })
      .default('generic'),
    /**
     * The captured parameter that names a panel's participant (PROLIFIC_PID, SONA's survey code):
     * one participation per value; null: none.
     */
    panelIdParam: CapturedParamNameSchema.nullable().default(null),
    /** The panel's code for those screened out (a full study, declined consent); null: none. */
    screenOutCode: panelCode('screenOutCode').nullable().default(null),
    dataset: StudyDatasetSchema.default({ authors: [], license: '', keywords: [] }),
  })
  .superRefine((settings, ctx) => {
    if (
      settings.panelIdParam !== null &&
      !settings.capturedParams.includes(settings.panelIdParam)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['panelIdParam'],
        message: `The panel id parameter ${settings.panelIdParam} must be one of the captured parameters`,
      });
    }
  });
export type StudySettings = z.infer<typeof StudySettingsSchema>;

/**
 * `template` with each `{NAME}` replaced by the captured parameter's value, URL-encoded; a name
 * the participant's link did not carry becomes empty.
 */
export function fillRedirectTemplate(template: string, params: Record<string, string>): string {
  return template.replace(/\{([A-Za-z][A-Za-z0-9_]*)\}/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
}

/** What a researcher may do with a study: they own it, collaborate on it, or are an admin. */
export const STUDY_ACCESS = ['owner', 'collaborator', 'admin'] as const;
export type StudyAccess = (typeof STUDY_ACCESS)[number];

/** One study in the researcher's list. */
export const StudySummarySchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  state: StudyStateSchema,
  access: z.enum(STUDY_ACCESS),
  ownerName: z.string(),
  /** The number of the version new participants get. */
  version: z.number().int(),
  participantCap: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type StudySummary = z.infer<typeof StudySummarySchema>;

export const StudyVersionInfoSchema = z.object({
  number: z.number().int(),
  contentHash: z.string(),
  createdAt: z.iso.datetime(),
  /** When the first participant (not a preview) started it; from then on it cannot change. */
  firstStartedAt: z.iso.datetime().nullable(),
});
export type StudyVersionInfo = z.infer<typeof StudyVersionInfoSchema>;

export const StudyCollaboratorSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  addedAt: z.iso.datetime(),
});
export type StudyCollaborator = z.infer<typeof StudyCollaboratorSchema>;

/** GET /api/studies/:id: a study with its settings, its newest content and its versions. */
export const StudyDetailSchema = StudySummarySchema.extend({
  settings: StudySettingsSchema,
  content: z.custom<StudyContent>(),
  versions: z.array(StudyVersionInfoSchema),
  collaborators: z.array(StudyCollaboratorSchema),
});
export type StudyDetail = z.infer<typeof StudyDetailSchema>;

/** POST /api/studies and PUT /api/studies/:id: the whole study as the editor holds it. */
export const SaveStudyInputSchema = z.strictObject({
  settings: StudySettingsSchema,
  content: StudyContentSchema,
});
export type SaveStudyInput = z.input<typeof SaveStudyInputSchema>;

/** POST /api/studies/:id/state. */
export const ChangeStudyStateInputSchema = z.strictObject({ state: StudyStateSchema });

/** POST /api/studies/:id/collaborators: a researcher, by their email. */
export const AddCollaboratorInputSchema = z.strictObject({
  email: z
    .string({ error: englishText(FIELD_TEXTS.text, { field: 'email' }) })
    .trim()
    .toLowerCase()
    .min(1, REQUIRED)
    .max(254),
});

/** PUT /api/studies/:id/owner (admins): give the study to another researcher. */
export const TransferStudyInputSchema = z.strictObject({
  userId: z
    .string({ error: englishText(FIELD_TEXTS.text, { field: 'userId' }) })
    .min(1, REQUIRED)
    .max(100),
});

export const STUDY_CODES_PER_REQUEST_MAX = 1_000;
export const STUDY_CODES_MAX = 100_000;
export const STUDY_CODE_LABEL_MAX_LENGTH = 200;

/** POST /api/studies/:id/codes: `count` personal codes, each with `label` (may be empty). */
export const CreateStudyCodesInputSchema = z.strictObject({
  count: z
    .number({ error: englishText(FIELD_TEXTS.number, { field: 'count' }) })
    .int(englishText(FIELD_TEXTS.wholeNumber, { field: 'count' }))
    .min(1, englishText(FIELD_TEXTS.atLeast, { field: 'count', min: 1 }))
    .max(
      STUDY_CODES_PER_REQUEST_MAX,
      englishText(FIELD_TEXTS.atMost, { field: 'count', max: STUDY_CODES_PER_REQUEST_MAX }),
    ),
  label: text('label', STUDY_CODE_LABEL_MAX_LENGTH),
});

export const StudyCodeSchema = z.object({
  code: z.string(),
  label: z.string(),
  createdAt: z.iso.datetime(),
  usedAt: z.iso.datetime().nullable(),
});
export type StudyCode = z.infer<typeof StudyCodeSchema>;
