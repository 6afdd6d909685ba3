import { z } from 'zod';
import { englishText } from '../texts';
import { FIELD_TEXTS } from './validation-texts';

/**
 * A study version's design (ADR 041): the order of its steps, its between-subject arms and its
 * counterbalancing factors. Checked against the version's steps by StudyContentSchema; turned
 * into cells and a participant's steps by studies/assignment.ts.
 */

export const ORDER_SCHEMES = ['fixed', 'random', 'latinSquare'] as const;
export type OrderScheme = (typeof ORDER_SCHEMES)[number];

export const STUDY_ARMS_MAX = 10;
export const STUDY_ARM_WEIGHT_MAX = 100;
/** Arms x order rows x factor levels: more cells than this cannot be balanced in practice. */
export const STUDY_CELLS_MAX = 1_000;

/** The counterbalancing factors a study can have; each has the levels A and B. */
export const STUDY_FACTORS = ['responseMapping'] as const;
export const StudyFactorSchema = z.enum(STUDY_FACTORS, {
  error: englishText(
    /*i18n*/ { id: 'validation.studyFactor', message: "a factor must be 'responseMapping'" },
  ),
});
export type StudyFactor = z.infer<typeof StudyFactorSchema>;
export const FACTOR_LEVELS = ['A', 'B'] as const;
export type FactorLevel = (typeof FACTOR_LEVELS)[number];

const StepIndexSchema = z
  .number({
    error: englishText(
      /*i18n*/ { id: 'validation.stepNumber', message: 'a step must be a step number' },
    ),
  })
  .int(
    englishText(
      /*i18n*/ { id: 'validation.stepWholeNumber', message: 'a step must be a whole number' },
    ),
  )
  .min(
    0,
    englishText(
      /*i18n*/ { id: 'validation.stepAtLeast', message: 'a step must be at least {min}' },
      { min: 0 },
    ),
  );

/** The steps that change places: the steps from `first` to `last` (0-based, both included). */
export const StepGroupSchema = z
  .strictObject({ first: StepIndexSchema, last: StepIndexSchema })
  .refine((group) => group.first < group.last, {
    message: englishText(
      /*i18n*/ {
        id: 'validation.stepGroup',
        message: 'The group needs at least two steps, the first before the last',
      },
    ),
    path: ['last'],
  });
export type StepGroup = z.infer<typeof StepGroupSchema>;

export const StudyOrderSchema = z.discriminatedUnion(
  'scheme',
  [
    z.strictObject({ scheme: z.literal('fixed') }),
    /** A permutation of the group per participant, drawn with their assignment's seed. */
    z.strictObject({ scheme: z.literal('random'), group: StepGroupSchema }),
    /** The rows of a balanced Latin square over the group (williamsRows), one per participant. */
    z.strictObject({ scheme: z.literal('latinSquare'), group: StepGroupSchema }),
  ],
  {
    error: englishText(
      /*i18n*/ {
        id: 'validation.orderScheme',
        message: "scheme must be 'fixed', 'random' or 'latinSquare'",
      },
    ),
  },
);
export type StudyOrder = z.infer<typeof StudyOrderSchema>;

/** A between-subject condition. */
export const StudyArmSchema = z.strictObject({
  /** Stable, in the data: letters, digits, - and _. */
  key: z
    .string({ error: englishText(FIELD_TEXTS.text, { field: 'key' }) })
    .regex(/^[A-Za-z0-9_-]{1,32}$/, englishText(FIELD_TEXTS.identifier, { field: 'key', max: 32 })),
  label: z
    .string({ error: englishText(FIELD_TEXTS.text, { field: 'label' }) })
    .max(100, englishText(FIELD_TEXTS.maxCharacters, { field: 'label', max: 100 }))
    .refine(
      (value) => value.trim().length > 0,
      englishText(FIELD_TEXTS.required, { field: 'label' }),
    )
    .refine(
      (value) => !/\p{Cc}/u.test(value),
      englishText(FIELD_TEXTS.invalidCharacters, { field: 'label' }),
    ),
  /** Relative share of the participants: an arm of weight 2 gets twice an arm of weight 1. */
  weight: z
    .number({ error: englishText(FIELD_TEXTS.number, { field: 'weight' }) })
    .int(englishText(FIELD_TEXTS.wholeNumber, { field: 'weight' }))
    .min(1, englishText(FIELD_TEXTS.atLeast, { field: 'weight', min: 1 }))
    .max(
      STUDY_ARM_WEIGHT_MAX,
      englishText(FIELD_TEXTS.atMost, { field: 'weight', max: STUDY_ARM_WEIGHT_MAX }),
    )
    .default(1),
  /** The arm's quota: once this many count (completed or active), it takes nobody new. */
  target: z
    .number({ error: englishText(FIELD_TEXTS.number, { field: 'target' }) })
    .int(englishText(FIELD_TEXTS.wholeNumber, { field: 'target' }))
    .min(1, englishText(FIELD_TEXTS.atLeast, { field: 'target', min: 1 }))
    .max(1_000_000, englishText(FIELD_TEXTS.atMost, { field: 'target', max: 1_000_000 }))
    .nullable()
    .default(null),
  /** Steps this arm's participants skip (version step numbers). */
  omitSteps: z
    .array(StepIndexSchema)
    .refine(
      (steps) => new Set(steps).size === steps.length,
      englishText(/*i18n*/ { id: 'validation.stepListedTwice', message: 'A step is listed twice' }),
    )
    .default([]),
  /**
   * Task settings that replace a task step's own, by step number ("2": { "levels": [2] }):
   * checked with the step's settings by the task's schema.
   */
  settings: z
    .record(
      z.string().regex(
        /^\d{1,2}$/,
        englishText(
          /*i18n*/ {
            id: 'validation.armSettingsKeys',
            message: 'settings are keyed by step number',
          },
        ),
      ),
      z.record(z.string().max(100), z.unknown(), {
        error: englishText(
          /*i18n*/ { id: 'validation.armSettingsObject', message: 'settings must be an object' },
        ),
      }),
    )
    .default({}),
});
export type StudyArm = z.output<typeof StudyArmSchema>;

export const StudyDesignSchema = z.strictObject({
  order: StudyOrderSchema.default({ scheme: 'fixed' }),
  /** None: every participant in one implicit arm. */
  arms: z
    .array(StudyArmSchema)
    .max(
      STUDY_ARMS_MAX,
      englishText(
        /*i18n*/ { id: 'validation.armsMax', message: 'A study has at most {max} arms' },
        { max: STUDY_ARMS_MAX },
      ),
    )
    .refine(
      (arms) => new Set(arms.map((arm) => arm.key)).size === arms.length,
      englishText(
        /*i18n*/ { id: 'validation.armKeysUnique', message: 'Two arms have the same key' },
      ),
    )
    .default([]),
  factors: z
    .array(StudyFactorSchema)
    .refine(
      (factors) => new Set(factors).size === factors.length,
      englishText(
        /*i18n*/ { id: 'validation.factorListedTwice', message: 'A factor is listed twice' },
      ),
    )
    .default([]),
});
export type StudyDesign = z.output<typeof StudyDesignSchema>;

/** The design of a version stored before designs existed: fixed order, one arm, no factor. */
export const DEFAULT_STUDY_DESIGN: StudyDesign = {
  order: { scheme: 'fixed' },
  arms: [],
  factors: [],
};
