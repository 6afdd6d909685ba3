import { z } from 'zod';
import { LanguageSchema } from '../languages';
import { englishText } from '../texts';
import { DeviceInfoSchema, MeasurementSchema } from './results';
import { DEMOGRAPHIC_QUESTIONS, type StudyStep } from './study';
import { FIELD_TEXTS } from './validation-texts';

/** What a study link's landing page knows; opening it starts nothing. */
export const STUDY_AVAILABILITY = ['open', 'full', 'paused', 'closed'] as const;
export type StudyAvailability = (typeof STUDY_AVAILABILITY)[number];

/** GET /api/participation/:code. */
export const StudyLandingSchema = z.object({
  title: z.string(),
  description: z.string(),
  /** Each task step's own estimate for its settings, a minute for every other step. */
  estimatedMs: z.number(),
  steps: z.number().int(),
  /** The test types of its task steps, in order: what the device needs follows from them. */
  testTypes: z.array(z.string()),
  availability: z.enum(STUDY_AVAILABILITY),
  /** Where a panel's participant the study cannot take goes back to (ADR 041); null: nowhere. */
  screenOutUrl: z.string().nullable(),
  /** The language of the study's pages (its newest version's, ADR 042). */
  language: LanguageSchema,
});
export type StudyLanding = z.infer<typeof StudyLandingSchema>;

export const PARTICIPANT_STATES = [
  'started',
  'consented',
  'declined',
  'completed',
  'abandoned',
  'stopped',
  'withdrawn',
] as const;
export type ParticipantState = (typeof PARTICIPANT_STATES)[number];

/** How a participation ended, with where the participant goes next. */
export const ParticipationEndSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('completed'),
    completionCode: z.string(),
    /** The completion URL with the captured parameters filled in; null: a thank-you page. */
    redirectUrl: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('declined'),
    message: z.string(),
    redirectUrl: z.string().nullable(),
  }),
  /** The participant stopped: the data they gave stays. */
  z.object({ kind: z.literal('stopped'), redirectUrl: z.string().nullable() }),
  /** The participant's data is deleted (by them, or by a researcher at their request). */
  z.object({ kind: z.literal('withdrawn'), redirectUrl: z.string().nullable() }),
]);
export type ParticipationEnd = z.infer<typeof ParticipationEndSchema>;

/** A task step's run: its id, and whether it is finished. */
export const StepRunSchema = z.object({
  step: z.number().int(),
  runId: z.string(),
  completed: z.boolean(),
});
export type StepRun = z.infer<typeof StepRunSchema>;

/** GET /api/participation/:code/me: the participant's own participation. */
export const ParticipationSchema = z.object({
  state: z.enum(PARTICIPANT_STATES),
  /** A researcher's run-through: marked, and kept out of the data. */
  isPreview: z.boolean(),
  version: z.number().int(),
  title: z.string(),
  steps: z.array(z.custom<StudyStep>()),
  /** Steps done, in order: the participant is on step `stepsDone` (0-based). */
  stepsDone: z.number().int(),
  /** The latest run of each task step begun, in step order. */
  runs: z.array(StepRunSchema),
  /** Whether the end shows the participant their own scores. */
  showScores: z.boolean(),
  end: ParticipationEndSchema.nullable(),
  /** The language of the participant's version of the study (ADR 042). */
  language: LanguageSchema,
});
export type Participation = z.infer<typeof ParticipationSchema>;

/** The longest URL parameter value a start keeps (longer ones are cut). */
export const CAPTURED_PARAM_MAX_LENGTH = 200;

/** POST /api/participation/:code/start. */
export const StartParticipationInputSchema = z.strictObject({
  /** The link's URL parameters; only those the study names are kept. */
  params: z
    .record(z.string().max(100), z.string().max(2_000), {
      error: englishText(
        /*i18n*/ {
          id: 'validation.paramsObject',
          message: 'params must be an object of text values',
        },
      ),
    })
    .refine(
      (params) => Object.keys(params).length <= 50,
      englishText(
        /*i18n*/ { id: 'validation.paramsMax', message: 'At most {max} parameters' },
        { max: 50 },
      ),
    )
    .default({}),
  /** The personal code of a personal link (`/s/<study>/<code>`). */
  personalCode: z
    .string({ error: englishText(FIELD_TEXTS.text, { field: 'personalCode' }) })
    .max(100)
    .optional(),
});
export type StartParticipationInput = z.input<typeof StartParticipationInputSchema>;

/** POST /api/participation/:code/consent. */
export const ConsentInputSchema = z.strictObject({
  agree: z.boolean({ error: englishText(FIELD_TEXTS.trueOrFalse, { field: 'agree' }) }),
});

export const GENDERS = ['female', 'male', 'nonBinary', 'other', 'preferNotToSay'] as const;
export const HANDEDNESS = ['right', 'left', 'both', 'preferNotToSay'] as const;
export const AGE_MIN = 1;
export const AGE_MAX = 120;

/** The built-in demographics questions' answers; each is optional for the participant. */
export const DemographicsAnswersSchema = z.strictObject({
  age: z
    .number({ error: englishText(FIELD_TEXTS.number, { field: 'age' }) })
    .int(
      englishText(
        /*i18n*/ { id: 'validation.ageWhole', message: 'age must be a whole number of years' },
      ),
    )
    .min(AGE_MIN, englishText(FIELD_TEXTS.atLeast, { field: 'age', min: AGE_MIN }))
    .max(AGE_MAX, englishText(FIELD_TEXTS.atMost, { field: 'age', max: AGE_MAX }))
    .nullable()
    .optional(),
  gender: z
    .enum(GENDERS, {
      error: englishText(FIELD_TEXTS.oneOf, { field: 'gender', options: GENDERS.join(', ') }),
    })
    .optional(),
  handedness: z
    .enum(HANDEDNESS, {
      error: englishText(FIELD_TEXTS.oneOf, {
        field: 'handedness',
        options: HANDEDNESS.join(', '),
      }),
    })
    .optional(),
  firstLanguage: z
    .string({ error: englishText(FIELD_TEXTS.text, { field: 'firstLanguage' }) })
    .trim()
    .max(100, englishText(FIELD_TEXTS.maxCharacters, { field: 'firstLanguage', max: 100 }))
    .refine(
      (value) => !/\p{Cc}/u.test(value),
      englishText(FIELD_TEXTS.invalidCharacters, { field: 'firstLanguage' }),
    )
    .optional(),
});
export type DemographicsAnswers = z.infer<typeof DemographicsAnswersSchema>;
// Every built-in question has its answer's field.
DEMOGRAPHIC_QUESTIONS satisfies readonly (keyof DemographicsAnswers)[];

/** POST /api/participation/:code/steps/:index/done: a page read, a break over, answers given. */
export const CompleteStepInputSchema = z.strictObject({
  /** The demographics step's answers; nothing for the other steps. */
  answers: DemographicsAnswersSchema.optional(),
});

/** POST /api/participation/:code/steps/:index/run: start (or resume) the task step's run. */
export const StartStepRunInputSchema = z.strictObject({
  deviceInfo: DeviceInfoSchema,
  measurement: MeasurementSchema,
});
export type StartStepRunInput = z.infer<typeof StartStepRunInputSchema>;
