import { z } from 'zod';
import { DeviceInfoSchema, MeasurementSchema } from './results';
import { DEMOGRAPHIC_QUESTIONS, type StudyStep } from './study';

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
});
export type Participation = z.infer<typeof ParticipationSchema>;

/** The longest URL parameter value a start keeps (longer ones are cut). */
export const CAPTURED_PARAM_MAX_LENGTH = 200;

/** POST /api/participation/:code/start. */
export const StartParticipationInputSchema = z.strictObject({
  /** The link's URL parameters; only those the study names are kept. */
  params: z
    .record(z.string().max(100), z.string().max(2_000), {
      error: 'params must be an object of text values',
    })
    .refine((params) => Object.keys(params).length <= 50, 'At most 50 parameters')
    .default({}),
  /** The personal code of a personal link (`/s/<study>/<code>`). */
  personalCode: z.string({ error: 'personalCode must be text' }).max(100).optional(),
});
export type StartParticipationInput = z.input<typeof StartParticipationInputSchema>;

/** POST /api/participation/:code/consent. */
export const ConsentInputSchema = z.strictObject({
  agree: z.boolean({ error: 'agree must be true or false' }),
});

export const GENDERS = ['female', 'male', 'nonBinary', 'other', 'preferNotToSay'] as const;
export const HANDEDNESS = ['right', 'left', 'both', 'preferNotToSay'] as const;
export const AGE_MIN = 1;
export const AGE_MAX = 120;

/** The built-in demographics questions' answers; each is optional for the participant. */
export const DemographicsAnswersSchema = z.strictObject({
  age: z
    .number({ error: 'age must be a number' })
    .int('age must be a whole number of years')
    .min(AGE_MIN, `age must be at least ${AGE_MIN}`)
    .max(AGE_MAX, `age must be at most ${AGE_MAX}`)
    .nullable()
    .optional(),
  gender: z.enum(GENDERS, { error: `gender must be one of ${GENDERS.join(', ')}` }).optional(),
  handedness: z
    .enum(HANDEDNESS, { error: `handedness must be one of ${HANDEDNESS.join(', ')}` })
    .optional(),
  firstLanguage: z
    .string({ error: 'firstLanguage must be text' })
    .trim()
    .max(100, 'firstLanguage must be at most 100 characters')
    .refine((value) => !/\p{Cc}/u.test(value), 'firstLanguage contains invalid characters')
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
