import { z } from 'zod';
import { englishText } from '../texts';
import { UserListQuerySchema } from './admin';
import { PARTICIPANT_STATES } from './participation';
import { EXPORT_FORMAT_ERROR, EXPORT_FORMATS } from './progress';
import { STUDY_STEP_KINDS } from './study';
import { FIELD_TEXTS } from './validation-texts';

/**
 * A study's dashboard and data (ADR 040, step e): what the researcher sees of the study's
 * participants, and the study's own export. Previews are listed but never counted; excluded
 * participants (the researcher's manual flag) keep their data, marked, and stay out of the
 * counts by state, the funnel and the step times.
 */

const ParticipantStateSchema = z.enum(PARTICIPANT_STATES, {
  error: englishText(FIELD_TEXTS.oneOf, {
    field: 'state',
    options: PARTICIPANT_STATES.map((s) => `'${s}'`).join(', '),
  }),
});

/**
 * GET /api/studies/:id/dashboard query: a page of the participant table, with the admin lists'
 * paging (pageSize 25 by default, at most 100), optionally only participants in one state.
 */
export const StudyDashboardQuerySchema = z.strictObject({
  page: UserListQuerySchema.shape.page,
  pageSize: UserListQuerySchema.shape.pageSize,
  state: ParticipantStateSchema.optional(),
});
export type StudyDashboardQuery = z.infer<typeof StudyDashboardQuerySchema>;

/** What the server noticed in a participant's runs: the dashboard's quality flags. */
export const ParticipantFlagsSchema = z.object({
  /** Runs the server judged impossible for a person to have taken. */
  implausibleRuns: z.number().int(),
  /** A run's page was hidden at some point (another tab, the window minimised). */
  tabHidden: z.boolean(),
  /** A run's window lost focus at some point. */
  windowBlurred: z.boolean(),
});
export type ParticipantFlags = z.infer<typeof ParticipantFlagsSchema>;

/** One participant as the dashboard's table shows them. */
export const StudyParticipantRowSchema = z.object({
  id: z.string(),
  /** The number of the version they started. */
  version: z.number().int(),
  state: z.enum(PARTICIPANT_STATES),
  /** Steps done, in order: the participant is on step `stepsDone` (0-based). */
  stepsDone: z.number().int(),
  /** The title of the step they are on in their version; null once every step is done. */
  currentStep: z.string().nullable(),
  /** The captured URL parameters, as the link carried them. */
  params: z.record(z.string(), z.string()),
  startedAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
  excluded: z.boolean(),
  /** A researcher's run-through: listed, marked, never counted and never exported. */
  isPreview: z.boolean(),
  /** When their data was deleted (state withdrawn), and who asked: they or a researcher. */
  withdrawnAt: z.iso.datetime().nullable(),
  withdrawnBy: z.enum(['participant', 'researcher']).nullable(),
  flags: ParticipantFlagsSchema,
});
export type StudyParticipantRow = z.infer<typeof StudyParticipantRowSchema>;

/**
 * GET /api/studies/:id/dashboard. `counts`: participants who are not previews, by state for
 * those not excluded, and `excluded` for the excluded ones whatever their state (the eight add
 * up to every participant who is not a preview). `funnel`: for each step of the newest version,
 * how many of those not excluded reached it (did every step before it; a participant of an
 * older version counts by step index). `stepTimes`: for each step, the median time from the
 * step before it being done (the start, for the first step) to this one being done, over those
 * not excluded who did it; null when nobody has. `participants`: one page of the table, newest
 * start first, previews included and marked.
 */
export const StudyDashboardSchema = z.object({
  counts: z.object({
    started: z.number().int(),
    consented: z.number().int(),
    declined: z.number().int(),
    completed: z.number().int(),
    abandoned: z.number().int(),
    stopped: z.number().int(),
    withdrawn: z.number().int(),
    excluded: z.number().int(),
  }),
  funnel: z.array(
    z.object({
      step: z.number().int(),
      title: z.string(),
      kind: z.enum(STUDY_STEP_KINDS),
      reached: z.number().int(),
    }),
  ),
  stepTimes: z.array(z.object({ step: z.number().int(), medianMs: z.number().nullable() })),
  participants: z.object({
    rows: z.array(StudyParticipantRowSchema),
    /** Participants in the table (the state filter applied), previews included. */
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
});
export type StudyDashboard = z.infer<typeof StudyDashboardSchema>;

/** POST /api/studies/:id/participants/:participantId/exclude: set or clear the flag. */
export const ExcludeParticipantInputSchema = z.strictObject({
  excluded: z.boolean({ error: englishText(FIELD_TEXTS.trueOrFalse, { field: 'excluded' }) }),
});

/** The answer of the exclude toggle: the participant's row as the dashboard shows it. */
export const StudyParticipantResponseSchema = z.object({ participant: StudyParticipantRowSchema });

/**
 * GET /api/studies/:id/participants/find query: a participant's id, or its first 8 characters
 * or more (as the dashboard shows it), or the exact value of a URL parameter their link carried
 * (a panel's id, such as PROLIFIC_PID).
 */
export const FindParticipantQuerySchema = z.strictObject({
  q: z
    .string({ error: englishText(FIELD_TEXTS.text, { field: 'q' }) })
    .trim()
    .min(
      1,
      englishText(
        /*i18n*/ { id: 'validation.qEmpty', message: 'q must name a participant id or a panel id' },
      ),
    )
    .max(200, englishText(FIELD_TEXTS.maxCharacters, { field: 'q', max: 200 })),
});
export type FindParticipantQuery = z.infer<typeof FindParticipantQuerySchema>;

/** The participants found, newest start first (one, unless a parameter value repeats). */
export const FindParticipantResponseSchema = z.object({
  participants: z.array(StudyParticipantRowSchema),
});
export type FindParticipantResponse = z.infer<typeof FindParticipantResponseSchema>;

/**
 * POST /api/studies/:id/participants/:participantId/delete: the participant's row as the
 * dashboard shows it now (state withdrawn), and how many runs and trials were deleted.
 */
export const DeleteParticipantDataResponseSchema = z.object({
  participant: StudyParticipantRowSchema,
  deleted: z.object({ runs: z.number().int(), trials: z.number().int() }),
});
export type DeleteParticipantDataResponse = z.infer<typeof DeleteParticipantDataResponseSchema>;

/**
 * The tables of a study's data: `trials`, one row per trial of the participants' runs, and
 * `participants`, one row per participant.
 */
export const STUDY_EXPORT_TABLES = ['trials', 'participants'] as const;
export type StudyExportTable = (typeof STUDY_EXPORT_TABLES)[number];

/**
 * GET /api/studies/:id/export and /export/dictionary query: the file format (default csv) and
 * the table (default trials).
 */
export const StudyExportQuerySchema = z.strictObject({
  format: z.enum(EXPORT_FORMATS, { error: EXPORT_FORMAT_ERROR }).default('csv'),
  table: z
    .enum(STUDY_EXPORT_TABLES, {
      error: englishText(
        /*i18n*/ {
          id: 'validation.exportTable',
          message: "table must be 'trials' or 'participants'",
        },
      ),
    })
    .default('trials'),
  /**
   * 'true': with the captured URL parameters (panel ids), an audited choice; by default the
   * export is pseudonymous.
   */
  withParams: z
    .enum(['true', 'false'], {
      error: englishText(FIELD_TEXTS.trueOrFalseText, { field: 'withParams' }),
    })
    .default('false')
    .transform((value) => value === 'true'),
});
export type StudyExportQuery = z.infer<typeof StudyExportQuerySchema>;
