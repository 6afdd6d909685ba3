import { z } from 'zod';
import { ADMIN_ERROR_LOG_LIMIT, ADMIN_PAGE_SIZE_DEFAULT, ADMIN_PAGE_SIZE_MAX } from '../constants';
import { TestTypeSchema } from '../test-types';
import { englishText, type Text } from '../texts';
import {
  isStorableInstant,
  LAST_STORABLE_MS,
  STORABLE_YEARS_MESSAGE,
} from '../time/storable-instant';
import { ErrorLogSchema } from './error-log';
import { ExportFormatSchema, ResultTrialSchema } from './progress';
import { RegisterInputSchema, ROLES, UserProfileSchema, UserSchema } from './user';
import { FIELD_TEXTS } from './validation-texts';

// Query strings arrive as text: these parse them, with messages naming the parameter.

const TEXTS = {
  pageParam: /*i18n*/ {
    id: 'validation.pageParam',
    message: '{field} must be a whole number from 1 to {max}',
  },
} satisfies Record<string, Text>;

const DAY_MS = 24 * 60 * 60 * 1000;
function pageParam(name: string, fallback: number, max: number) {
  const message = englishText(TEXTS.pageParam, { field: name, max });
  return z.coerce
    .number({ error: message })
    .int(message)
    .min(1, message)
    .max(max, message)
    .default(fallback);
}

function booleanParam(name: string) {
  return z
    .enum(['true', 'false'], { error: englishText(FIELD_TEXTS.trueOrFalseText, { field: name }) })
    .transform((value) => value === 'true');
}

/**
 * A day (YYYY-MM-DD, UTC) or an ISO 8601 date-time with its offset, as the half-open span it
 * covers: a whole day, or one millisecond. So `to=2026-03-01` includes all of March 1st.
 */
const TimeSpanParamSchema = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], {
    error: englishText(
      /*i18n*/ {
        id: 'validation.dateOrDateTime',
        message: 'Use a date (YYYY-MM-DD) or an ISO 8601 date-time',
      },
    ),
  })
  .transform((text) => {
    const isDay = text.length === 10;
    const start = new Date(isDay ? `${text}T00:00:00.000Z` : text);
    // The last day ends a millisecond early rather than in year 10000.
    const end = Math.min(start.getTime() + (isDay ? DAY_MS : 1), LAST_STORABLE_MS);
    return { start, end: new Date(end) };
  })
  .refine(
    (span) => Number.isFinite(span.end.getTime()),
    englishText(/*i18n*/ { id: 'validation.notARealDate', message: 'Not a real date' }),
  )
  .refine((span) => isStorableInstant(span.start.getTime()), STORABLE_YEARS_MESSAGE);

/** Which results an admin list, export or report covers, as the services take it. */
export type ResultFilter = {
  userId?: string;
  testType?: z.infer<typeof TestTypeSchema>;
  /** Results that started at or after this instant. */
  startFrom?: Date;
  /** Results that started before this instant (exclusive). */
  startBefore?: Date;
  /** Include results written by the mock-data generator. */
  includeMock: boolean;
  /** Include runs judged implausible (implausibleReason) and runs closed as abandoned. */
  includeImplausible: boolean;
  /** Include admin previews (runs started with a custom configuration, ADR 028). */
  includePreview: boolean;
};

/** The filter parameters of Test Results and of the research export. */
const resultFilterFields = {
  /** Only this user's results. */
  userId: z
    .string()
    .trim()
    .min(1, englishText(FIELD_TEXTS.notEmpty, { field: 'userId' }))
    .max(100)
    .optional(),
  testType: TestTypeSchema.optional(),
  /** Results that started on or after this day or instant. */
  from: TimeSpanParamSchema.optional(),
  /** Results that started on or before this day (all of it) or instant. */
  to: TimeSpanParamSchema.optional(),
  /** Default true: mock results are listed and exported, flagged isMock. */
  includeMock: booleanParam('includeMock').default(true),
  /**
   * Default false: runs judged implausible (their trials reached the server faster than a person
   * can take them) and runs closed as abandoned are left out unless asked for.
   */
  includeImplausible: booleanParam('includeImplausible').default(false),
  /**
   * Default false: admin previews (runs started with a custom configuration, ADR 028) are left
   * out unless asked for.
   */
  includePreview: booleanParam('includePreview').default(false),
};

type ResultFilterFields = {
  userId?: string | undefined;
  testType?: ResultFilter['testType'] | undefined;
  from?: { start: Date; end: Date } | undefined;
  to?: { start: Date; end: Date } | undefined;
  includeMock: boolean;
  includeImplausible: boolean;
  includePreview: boolean;
};

function isOrderedSpan(query: ResultFilterFields): boolean {
  return !query.from || !query.to || query.from.start < query.to.end;
}
const SPAN_ORDER_ERROR = {
  message: englishText(
    /*i18n*/ { id: 'validation.fromAfterTo', message: 'from must not be after to' },
  ),
  path: ['to'],
};

function toResultFilter(query: ResultFilterFields): ResultFilter {
  const filter: ResultFilter = {
    includeMock: query.includeMock,
    includeImplausible: query.includeImplausible,
    includePreview: query.includePreview,
  };
  if (query.userId) filter.userId = query.userId;
  if (query.testType) filter.testType = query.testType;
  if (query.from) filter.startFrom = query.from.start;
  if (query.to) filter.startBefore = query.to.end;
  return filter;
}

/** GET /api/admin/users query. */
export const UserListQuerySchema = z.strictObject({
  /** Case-insensitive part of the email, first name, last name or "first last". */
  search: z
    .string()
    .trim()
    .max(
      200,
      englishText(
        /*i18n*/ { id: 'validation.searchMax', message: 'search is at most {max} characters' },
        { max: 200 },
      ),
    )
    .optional(),
  page: pageParam('page', 1, 1_000_000),
  pageSize: pageParam('pageSize', ADMIN_PAGE_SIZE_DEFAULT, ADMIN_PAGE_SIZE_MAX),
});
export type UserListQuery = z.infer<typeof UserListQuerySchema>;

/** A user as the admin sees it: the account and its profile (User Management and User Data). */
export const AdminUserSchema = UserSchema.extend({ profile: UserProfileSchema });
export type AdminUser = z.infer<typeof AdminUserSchema>;

/** GET /api/admin/users: one page, oldest account first, and how many match in all. */
export const UserListResponseSchema = z.object({
  users: z.array(AdminUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type UserListResponse = z.infer<typeof UserListResponseSchema>;

/** GET /api/admin/users/:id, and the answer of every change to a user. */
export const AdminUserResponseSchema = z.object({ user: AdminUserSchema });
export type AdminUserResponse = z.infer<typeof AdminUserResponseSchema>;

/** A role an admin sets; missing or anything else gets the one message. */
const RoleInputSchema = z.enum(ROLES, {
  error: englishText(
    /*i18n*/ { id: 'validation.role', message: "Must be 'user', 'researcher' or 'admin'" },
  ),
});

/** PATCH /api/admin/users/:id/role. */
export const ChangeRoleInputSchema = z.strictObject({ role: RoleInputSchema });
export type ChangeRoleInput = z.infer<typeof ChangeRoleInputSchema>;

/**
 * POST /api/admin/users: the registration fields and rules (email normalised to lower case,
 * password length; the server also refuses common passwords), plus the role.
 */
export const CreateUserInputSchema = RegisterInputSchema.extend({ role: RoleInputSchema });
export type CreateUserInput = z.infer<typeof CreateUserInputSchema>;

/** GET /api/admin/results query: the result filter and a page. */
export const ResultListQuerySchema = z
  .strictObject({
    ...resultFilterFields,
    page: pageParam('page', 1, 1_000_000),
    pageSize: pageParam('pageSize', ADMIN_PAGE_SIZE_DEFAULT, ADMIN_PAGE_SIZE_MAX),
  })
  .refine(isOrderedSpan, SPAN_ORDER_ERROR)
  .transform(({ page, pageSize, ...filter }) => ({
    filter: toResultFilter(filter),
    page,
    pageSize,
  }));
export type ResultListQuery = z.infer<typeof ResultListQuerySchema>;

/**
 * The stored scores of a finished result (docs/product.md#scores): the headline every task has and
 * the task's own scores, shaped by its scoring code at `scoringVersion` (ADR 027).
 */
export const ResultScoresSchema = z.object({
  overallScore: z.number(),
  totalTrials: z.number().int(),
  correctTrials: z.number().int(),
  averageReactionTime: z.number().nullable(),
  scoringVersion: z.number().int(),
  scores: z.unknown(),
});
export type ResultScores = z.infer<typeof ResultScoresSchema>;

/** One result of any user, as Test Results lists it. */
export const AdminResultSchema = z.object({
  id: z.string(),
  userId: z.string(),
  userEmail: z.string(),
  userFirstName: z.string(),
  userLastName: z.string(),
  sessionId: z.string().nullable(),
  testType: TestTypeSchema,
  startTime: z.string(),
  /** Null while the run is unfinished. */
  endTime: z.string().nullable(),
  isMock: z.boolean(),
  /** An admin preview: started with a custom configuration (ADR 028). */
  isPreview: z.boolean(),
  /**
   * Why the server judged the run impossible for a person to have taken; null if plausible.
   * Set when the run is completed.
   */
  implausibleReason: z.string().nullable(),
  /** When the run was closed unfinished, left for more than a day; null otherwise. */
  abandonedAt: z.string().nullable(),
  /** Trials stored so far (168 for a finished Stroop run). */
  trialCount: z.number().int(),
  /** Null while the run is unfinished. */
  scores: ResultScoresSchema.nullable(),
});
export type AdminResult = z.infer<typeof AdminResultSchema>;

/** GET /api/admin/results: one page, newest first, and how many match in all. */
export const AdminResultListResponseSchema = z.object({
  results: z.array(AdminResultSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminResultListResponse = z.infer<typeof AdminResultListResponseSchema>;

/** A stored trial with its times and timing record (null for mock trials: nothing measured). */
export const AdminTrialSchema = ResultTrialSchema.extend({
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  timing: z.record(z.string(), z.unknown()).nullable(),
  /** What the server noted about the trial it kept, e.g. 'anticipation' (TRIAL_FLAGS). */
  flags: z.array(z.string()),
});
export type AdminTrial = z.infer<typeof AdminTrialSchema>;

/**
 * GET /api/admin/results/:id/trials: the result (with its scores), the settings it ran with and
 * every trial in run order.
 */
export const AdminResultTrialsResponseSchema = z.object({
  result: AdminResultSchema,
  /**
   * The task's settings the run used, defaults filled in (a preview's custom ones); null for a
   * result without a session.
   */
  config: z.record(z.string(), z.unknown()).nullable(),
  trials: z.array(AdminTrialSchema),
});
export type AdminResultTrialsResponse = z.infer<typeof AdminResultTrialsResponseSchema>;

/** GET /api/admin/reports/:testType query. */
export const TaskReportQuerySchema = z.strictObject({
  /** Default true. */
  includeMock: booleanParam('includeMock').default(true),
  /** Default false: implausible and abandoned runs are left out. */
  includeImplausible: booleanParam('includeImplausible').default(false),
});

/**
 * One cell of a task's aggregate report (docs/product.md#aggregate-report): its scored trials of
 * every user.
 */
export const TaskReportCellSchema = z.object({
  /** The task's cell key, e.g. Stroop's 'switch, word'. */
  cell: z.string(),
  /** The cell named for people, e.g. 'Word cue, switch'. */
  label: z.string(),
  /** Participants (accounts) with a counted run, and the runs. */
  participantCount: z.number().int(),
  runCount: z.number().int(),
  /** Scored-phase trials in the cell, and those in its RT mean and in its error rate. */
  trialCount: z.number().int(),
  rtTrialCount: z.number().int(),
  errorTrialCount: z.number().int(),
  /**
   * Participant-weighted mean RT (ms): each run's cell mean by the task's scoring rules, averaged
   * over each participant's runs, then over participants; null if no run has one.
   */
  meanRtMs: z.number().nullable(),
  /** Participant-weighted error rate (percent), by the same steps; null if none. */
  errorRatePercent: z.number().nullable(),
  /** Trial-weighted: every trial in the RT means has the same weight. */
  trialWeightedMeanRtMs: z.number().nullable(),
  /** Trial-weighted: every trial in the error rates has the same weight. */
  trialWeightedErrorRatePercent: z.number().nullable(),
});
export type TaskReportCell = z.infer<typeof TaskReportCellSchema>;

/**
 * GET /api/admin/reports/:testType: always every cell of the task, in its order, over the
 * finished runs scored by the task's current scoring version (ADR 029).
 */
export const TaskReportResponseSchema = z.object({
  testType: TestTypeSchema,
  includeMock: z.boolean(),
  includeImplausible: z.boolean(),
  /** The scoring version whose rules the cells follow. */
  scoringVersion: z.number().int(),
  /** Finished runs counted, and participants (accounts) with one. */
  runCount: z.number().int(),
  participantCount: z.number().int(),
  /** Finished runs not yet rescored under that version (left out until they are). */
  runsAwaitingRescore: z.number().int(),
  /** Scored-phase trials in all cells together. */
  totalTrials: z.number().int(),
  cells: z.array(TaskReportCellSchema),
});
export type TaskReportResponse = z.infer<typeof TaskReportResponseSchema>;

/**
 * An error-log entry with the email of its user (null if none or the user is gone). Repeats of
 * the same error share one entry: `count` times, first at `timestamp`, last at `lastSeenAt`.
 */
export const AdminErrorLogSchema = ErrorLogSchema.extend({
  userEmail: z.string().nullable(),
  count: z.number().int(),
  lastSeenAt: z.string(),
});
export type AdminErrorLog = z.infer<typeof AdminErrorLogSchema>;

/** GET /api/admin/error-logs query: a page of the log, most recently seen first. */
export const ErrorLogListQuerySchema = z.strictObject({
  page: pageParam('page', 1, 1_000_000),
  pageSize: pageParam('pageSize', ADMIN_ERROR_LOG_LIMIT, ADMIN_ERROR_LOG_LIMIT),
});
export type ErrorLogListQuery = z.infer<typeof ErrorLogListQuerySchema>;

/** GET /api/admin/error-logs: one page, most recently seen first, and how many entries in all. */
export const AdminErrorLogListResponseSchema = z.object({
  errorLogs: z.array(AdminErrorLogSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminErrorLogListResponse = z.infer<typeof AdminErrorLogListResponseSchema>;

/** POST /api/admin/mock-data. */
export const MockDataResponseSchema = z.object({ message: z.string(), resultId: z.string() });
export type MockDataResponse = z.infer<typeof MockDataResponseSchema>;

/** GET /api/admin/export query: the result filter and the file format (default csv). */
export const ResearchExportQuerySchema = z
  .strictObject({ ...resultFilterFields, format: ExportFormatSchema.default('csv') })
  .refine(isOrderedSpan, SPAN_ORDER_ERROR)
  .transform(({ format, ...filter }) => ({ format, filter: toResultFilter(filter) }));
export type ResearchExportQuery = z.infer<typeof ResearchExportQuerySchema>;

/** GET /api/admin/export/dictionary query. */
export const ExportDictionaryQuerySchema = z.strictObject({
  format: ExportFormatSchema.default('csv'),
});

/** What admins do that is recorded in the audit log. */
export const AUDIT_ACTIONS = [
  'ROLE_CHANGE',
  'USER_CREATE',
  'USER_DEACTIVATE',
  'USER_REACTIVATE',
  'DATA_EXPORT',
  'MOCK_DATA_GENERATE',
  /** A user deleted their own account (ASVS 14.2.x); details keep only the former id and role. */
  'ACCOUNT_DELETE',
  /**
   * Security events of a signed-in user, who is both actor and target: a wrong current password
   * given to change the password, turn two-factor login on or off, or delete the account, and a
   * wrong code given to turn two-factor login off. Details: { purpose }.
   */
  'WRONG_CURRENT_PASSWORD',
  'WRONG_TOTP_CODE',
  /** A researcher or admin downloaded a table of a study's data. Details: { studyId, studyCode, table, format }. */
  'STUDY_DATA_EXPORT',
  /**
   * A researcher or admin excluded a study participant or took the exclusion back. Details:
   * { studyId, studyCode, participantId, excluded }.
   */
  'STUDY_PARTICIPANT_EXCLUDE',
  /**
   * A researcher or admin deleted a study participant's data (their runs, trials, answers and
   * link parameters; the row stays, withdrawn). Details: { studyId, studyCode, participantId,
   * runs, trials } (how many were deleted).
   */
  'STUDY_PARTICIPANT_DELETE',
] as const;
export const AuditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditActionSchema>;

/** One admin action: who did what to whom, when. */
export const AuditLogEntrySchema = z.object({
  id: z.string(),
  action: AuditActionSchema,
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  targetUserId: z.string().nullable(),
  targetEmail: z.string().nullable(),
  /** Per action: ROLE_CHANGE { from, to }; USER_CREATE { role }; DATA_EXPORT { format, filter }; MOCK_DATA_GENERATE { resultId }; the others as AUDIT_ACTIONS says. */
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditLogEntry = z.infer<typeof AuditLogEntrySchema>;

/** GET /api/admin/audit-log: the ADMIN_AUDIT_LOG_LIMIT newest entries, newest first. */
export const AuditLogResponseSchema = z.object({ entries: z.array(AuditLogEntrySchema) });
export type AuditLogResponse = z.infer<typeof AuditLogResponseSchema>;
