import {
  AccountExportSchema,
  ActiveRunResponseSchema,
  AddCollaboratorInputSchema,
  AdminErrorLogListResponseSchema,
  AdminResultListResponseSchema,
  AdminResultTrialsResponseSchema,
  AdminUserResponseSchema,
  AuditLogResponseSchema,
  ChangePasswordInputSchema,
  ChangePasswordResponseSchema,
  ChangeRoleInputSchema,
  ChangeStudyStateInputSchema,
  ClientErrorLogInputSchema,
  CompleteRunInputSchema,
  CompleteStepInputSchema,
  ConfirmTotpInputSchema,
  ConsentInputSchema,
  CreateStudyCodesInputSchema,
  CreateStudyExportJobInputSchema,
  CreateUserInputSchema,
  DeleteAccountInputSchema,
  DeleteParticipantDataResponseSchema,
  DisableTotpInputSchema,
  ErrorLogListQuerySchema,
  ExcludeParticipantInputSchema,
  ExportDictionaryQuerySchema,
  ExportFileSchema,
  ExportFormatSchema,
  FindParticipantQuerySchema,
  FindParticipantResponseSchema,
  FirstAdminResponseSchema,
  HealthResponseSchema,
  LanguageInputSchema,
  LanguageResponseSchema,
  LoginInputSchema,
  LoginResponseSchema,
  LoginSuccessResponseSchema,
  LoginTotpInputSchema,
  MeResponseSchema,
  MockDataResponseSchema,
  ParticipationSchema,
  ProgressResponseSchema,
  ProgressTrialsResponseSchema,
  RegisterInputSchema,
  RegisterResponseSchema,
  ResearchExportQuerySchema,
  ResultListQuerySchema,
  RunResponseSchema,
  SaveStudyInputSchema,
  SaveTrialResponseSchema,
  SessionResponseSchema,
  SetupLinkResponseSchema,
  StartableTestTypeSchema,
  StartParticipationInputSchema,
  StartRunInputSchema,
  StartStepRunInputSchema,
  StudyCodeSchema,
  StudyDashboardQuerySchema,
  StudyDashboardSchema,
  StudyDetailSchema,
  StudyExportCountsSchema,
  StudyExportJobListResponseSchema,
  StudyExportJobResponseSchema,
  StudyExportQuerySchema,
  StudyLandingSchema,
  StudyParticipantResponseSchema,
  StudySummarySchema,
  TASKS,
  TaskReportQuerySchema,
  TaskReportResponseSchema,
  TotpChangeResponseSchema,
  TotpSetupResponseSchema,
  TransferStudyInputSchema,
  TrialListResponseSchema,
  TrialPathSchema,
  UpdateNameInputSchema,
  UserListQuerySchema,
  UserListResponseSchema,
} from '@cogni/domain';
import { z } from 'zod';
import { ID_PATTERN } from '../lib/parse-id';

/**
 * Every API route with the schemas its handler validates with: the very objects the handlers
 * import, so the OpenAPI document cannot drift from what the server accepts. A route added to
 * the router without a row here fails `openapi.test.ts`, as does a row without a route.
 */

/**
 * Who may call a route: anyone, a signed-in user, a researcher (or an admin: ADR 040), an admin
 * (checked on the server), or a study's participant (their token's cookie, ADR 040).
 */
export type Access = 'public' | 'user' | 'researcher' | 'admin' | 'participant';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Refusals that only some routes give, with what they mean there. */
export type RouteError = 401 | 403 | 404 | 409 | 429;

export type ApiRoute = {
  method: HttpMethod;
  /** As Hono writes it: `/api/results/:id`. */
  path: string;
  summary: string;
  tag:
    | 'system'
    | 'auth'
    | 'account'
    | 'results'
    | 'progress'
    | 'studies'
    | 'participation'
    | 'admin';
  access: Access;
  /** Path parameters, one field per `:name`. */
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType;
  success: {
    status: 200 | 201 | 204;
    description: string;
    /** Absent for 204. */
    schema?: z.ZodType;
    /** A file download: CSV or JSON as `format` asks. */
    isDownload?: boolean;
    /** A binary download of this media type (application/zip), besides CSV or JSON if a download. */
    binary?: string;
    /** A second success answer, with the same body. */
    alsoOk?: { status: 200; description: string };
  };
  errors?: Partial<Record<RouteError, string>>;
  /** Open to a user who must first change the password an admin set (ADR 013). */
  isOpenBeforeOwnPassword?: true;
};

/** An id in a path: anything else is a 404 without a lookup (`lib/parse-id.ts`). */
const IdParamSchema = z.string().regex(ID_PATTERN);
const IdParams = z.object({ id: IdParamSchema });
const SetupTokenParams = z.object({ token: z.string() });

/** Both read one parameter with safeParse and ignore others (`routes/results.ts`, `progress.ts`). */
const ActiveRunQuerySchema = z.object({ testType: StartableTestTypeSchema.optional() });
const ProgressExportQuerySchema = z.object({ format: ExportFormatSchema.default('csv') });

/** Any registered task's trial, as PUT /api/results/:id/trials/... takes it (the run's task's). */
const AnyTaskTrialSchema = z.union(
  TASKS.map((task) => task.trialSchema) as unknown as [z.ZodType, z.ZodType, ...z.ZodType[]],
);

const SAVE_TRIAL_SUCCESS = {
  status: 201,
  description: 'Saved',
  schema: SaveTrialResponseSchema,
  alsoOk: { status: 200, description: 'Already saved: a replay, nothing changed' },
} as const;

const SAVE_TRIAL_ERRORS = {
  409: 'The run is finished or abandoned, or a different trial is stored at this position',
} as const;

/** The document itself: an OpenAPI 3.1 object (described, not spelled out, here). */
const OpenApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

const LAST_ADMIN = 'The last active admin cannot lose the role or be deactivated';

/** The 429 of the routes that ask for the current password again (ADR 024). */
const RECHECKS_REFUSED =
  'Too many wrong current passwords or codes, or password checks, for this account; or too many waiting';

const StudyResponseSchema = z.object({ study: StudyDetailSchema });
const STUDY_PARAMS = IdParams;
const NOT_OWNER = 'A collaborator may not do this: only the owner or an admin';
const studyRoutes: ApiRoute[] = [
  {
    method: 'GET',
    path: '/api/studies',
    summary: 'The studies the caller owns or collaborates on (an admin: every study)',
    tag: 'studies',
    access: 'researcher',
    success: {
      status: 200,
      description: 'Newest change first',
      schema: z.object({ studies: z.array(StudySummarySchema) }),
    },
  },
  {
    method: 'POST',
    path: '/api/studies',
    summary: 'Create a draft study with its first version',
    tag: 'studies',
    access: 'researcher',
    body: SaveStudyInputSchema,
    success: { status: 201, description: 'The new study', schema: StudyResponseSchema },
  },
  {
    method: 'GET',
    path: '/api/studies/:id',
    summary: 'A study: settings, newest content, versions, collaborators',
    tag: 'studies',
    access: 'researcher',
    params: STUDY_PARAMS,
    success: { status: 200, description: 'The study', schema: StudyResponseSchema },
  },
  {
    method: 'PUT',
    path: '/api/studies/:id',
    summary: 'Save a study; started content is kept and the new content is the next version',
    tag: 'studies',
    access: 'researcher',
    params: STUDY_PARAMS,
    body: SaveStudyInputSchema,
    success: { status: 200, description: 'The study now', schema: StudyResponseSchema },
  },
  {
    method: 'POST',
    path: '/api/studies/:id/preview',
    summary: 'Take the study as a participant, marked as a preview and kept out of the data',
    tag: 'studies',
    access: 'researcher',
    params: STUDY_PARAMS,
    success: {
      status: 201,
      description: 'The study code (the preview is at /s/<code>), with the participant cookie set',
      schema: z.object({ code: z.string() }),
    },
  },
  {
    method: 'DELETE',
    path: '/api/studies/:id',
    summary: 'Delete a study and its previews',
    tag: 'studies',
    access: 'researcher',
    params: STUDY_PARAMS,
    success: { status: 204, description: 'Deleted' },
    errors: { 403: NOT_OWNER, 409: 'The study has participants: close it instead' },
  },
  {
    method: 'POST',
    path: '/api/studies/:id/state',
    summary: 'Open, pause, close or reopen a study',
    tag: 'studies',
    access: 'researcher',
    params: STUDY_PARAMS,
    body: ChangeStudyStateInputSchema,
    success: { status: 200, description: 'The study now', schema: StudyResponseSchema },
    errors: { 409: 'The study cannot move to that state from its own' },
  },
  {
    method: 'POST',
    path: '/api/studies/:id/collaborators',
    summary: 'Add a researcher as a collaborator, by email',
    tag: 'studies',
    access: 'researcher',
    params: STUDY_PARAMS,
    body: AddCollaboratorInputSchema,
    success: { status: 200, description: 'The study now', schema: StudyResponseSchema },
    errors: { 403: NOT_OWNER, 409: 'The owner is not a collaborator' },
  },
  {
    method: 'DELETE',
    path: '/api/studies/:id/collaborators/:userId',
    summary: 'Remove a collaborator',
    tag: 'studies',
    access: 'researcher',
    params: z.object({ id: IdParamSchema, userId: IdParamSchema }),
    success: { status: 200, description: 'The study now', schema: StudyResponseSchema },
    errors: { 403: NOT_OWNER },
  },
  {
    method: 'PUT',
    path: '/api/studies/:id/owner',
    summary: 'Give a study to another researcher (admins)',
    tag: 'studies',
    access: 'researcher',
    params: STUDY_PARAMS,
    body: TransferStudyInputSchema,
    success: { status: 200, description: 'The study now', schema: StudyResponseSchema },
    errors: { 403: 'Not an admin' },
  },
  {
    method: 'GET',
    path: '/api/studies/:id/codes',
    summary: 'The study’s personal codes, in the order they were made',
    tag: 'studies',
    access: 'researcher',
    params: STUDY_PARAMS,
    success: {
      status: 200,
      description: 'The codes and the study’s own code (the links are /s/<studyCode>/<code>)',
      schema: z.object({ studyCode: z.string(), codes: z.array(StudyCodeSchema) }),
    },
  },
  {
    method: 'GET',
    path: '/api/studies/:id/codes.csv',
    summary: 'The study’s personal links as CSV',
    tag: 'studies',
    access: 'researcher',
    params: STUDY_PARAMS,
    success: { status: 200, description: 'A CSV download', schema: z.string(), isDownload: true },
  },
  {
    method: 'POST',
    path: '/api/studies/:id/codes',
    summary: 'Make personal codes, each with a label',
    tag: 'studies',
    access: 'researcher',
    params: STUDY_PARAMS,
    body: CreateStudyCodesInputSchema,
    success: {
      status: 201,
      description: 'The new codes',
      schema: z.object({ codes: z.array(StudyCodeSchema) }),
    },
    errors: { 409: 'The study would hold more personal codes than it may' },
  },
  {
    method: 'GET',
    path: '/api/studies/:id/dashboard',
    summary:
      'The study’s dashboard: participants by state, the funnel of steps, the median time per step, a page of participants',
    tag: 'studies',
    access: 'researcher',
    params: STUDY_PARAMS,
    query: StudyDashboardQuerySchema,
    success: {
      status: 200,
      description:
        'Counts leave previews out, and the funnel and step times excluded participants too',
      schema: StudyDashboardSchema,
    },
  },
  {
    method: 'POST',
    path: '/api/studies/:id/participants/:participantId/exclude',
    summary: 'Exclude a participant (their data stays, marked), or include them again',
    tag: 'studies',
    access: 'researcher',
    params: z.object({ id: IdParamSchema, participantId: IdParamSchema }),
    body: ExcludeParticipantInputSchema,
    success: {
      status: 200,
      description: 'The participant as the dashboard shows them',
      schema: StudyParticipantResponseSchema,
    },
  },
  {
    method: 'GET',
    path: '/api/studies/:id/participants/find',
    summary:
      'Find a participant by their id (or its first 8 characters or more, as the dashboard shows it) or by a URL parameter’s exact value (a panel’s id, such as PROLIFIC_PID)',
    tag: 'studies',
    access: 'researcher',
    params: STUDY_PARAMS,
    query: FindParticipantQuerySchema,
    success: {
      status: 200,
      description: 'The participants found, newest start first; none is an empty list',
      schema: FindParticipantResponseSchema,
    },
  },
  {
    method: 'POST',
    path: '/api/studies/:id/participants/:participantId/delete',
    summary:
      'Delete a participant’s data (runs, trials, answers, link parameters); the row stays, withdrawn. Audited',
    tag: 'studies',
    access: 'researcher',
    params: z.object({ id: IdParamSchema, participantId: IdParamSchema }),
    success: {
      status: 200,
      description:
        'The participant as the dashboard shows them, and how many runs and trials were deleted',
      schema: DeleteParticipantDataResponseSchema,
    },
  },
  {
    method: 'GET',
    path: '/api/studies/:id/export',
    summary:
      'The study’s data: one row per trial of its participants’ runs, or one per participant (previews left out)',
    tag: 'studies',
    access: 'researcher',
    params: STUDY_PARAMS,
    query: StudyExportQuerySchema,
    success: { status: 200, description: 'A download', schema: ExportFileSchema, isDownload: true },
  },
  {
    method: 'GET',
    path: '/api/studies/:id/export/dictionary',
    summary: 'The data dictionary of a table of the study’s data (its columns depend on the study)',
    tag: 'studies',
    access: 'researcher',
    params: STUDY_PARAMS,
    query: StudyExportQuerySchema,
    success: { status: 200, description: 'A download', schema: ExportFileSchema, isDownload: true },
  },
  {
    method: 'GET',
    path: '/api/studies/:id/export/counts',
    summary:
      'The rows of the study’s data before a download: trials, participants, the Psych-DS files',
    tag: 'studies',
    access: 'researcher',
    params: STUDY_PARAMS,
    success: {
      status: 200,
      description: 'The counts, and the trial rows above which the page exports as a job',
      schema: StudyExportCountsSchema,
    },
  },
  {
    method: 'GET',
    path: '/api/studies/:id/dataset',
    summary:
      'The study’s data as a Psych-DS dataset: a zip of dataset_description.json, a README and one CSV per task and the participants (pseudonymous, audit-logged)',
    tag: 'studies',
    access: 'researcher',
    params: STUDY_PARAMS,
    success: {
      status: 200,
      description: 'A zip, streamed as it is made',
      schema: z.string(),
      binary: 'application/zip',
    },
  },
  {
    method: 'POST',
    path: '/api/studies/:id/export-jobs',
    summary:
      'Export the study’s data in the background: the Psych-DS zip, or a table as CSV or JSON',
    tag: 'studies',
    access: 'researcher',
    params: STUDY_PARAMS,
    body: CreateStudyExportJobInputSchema,
    success: {
      status: 201,
      description: 'The job, queued, with the rows it counted',
      schema: StudyExportJobResponseSchema,
    },
    errors: { 409: 'An export of this kind is already under way for the study' },
  },
  {
    method: 'GET',
    path: '/api/studies/:id/export-jobs',
    summary: 'The study’s background exports with their progress (a day after they finish, gone)',
    tag: 'studies',
    access: 'researcher',
    params: STUDY_PARAMS,
    success: {
      status: 200,
      description: 'The newest jobs first',
      schema: StudyExportJobListResponseSchema,
    },
  },
  {
    method: 'GET',
    path: '/api/studies/:id/export-jobs/:jobId/file',
    summary: 'The file of a done background export (audit-logged)',
    tag: 'studies',
    access: 'researcher',
    params: z.object({ id: IdParamSchema, jobId: IdParamSchema }),
    success: {
      status: 200,
      description: 'A zip, CSV or JSON download as the job made it',
      schema: ExportFileSchema,
      isDownload: true,
      binary: 'application/zip',
    },
    errors: { 409: 'The export is not done yet, or failed' },
  },
];

const SIGNED_IN_ROUTES: readonly ApiRoute[] = [
  {
    method: 'GET',
    path: '/api/health',
    summary: 'Whether the server and its database answer',
    tag: 'system',
    access: 'public',
    success: { status: 200, description: 'Up', schema: HealthResponseSchema },
  },
  {
    method: 'GET',
    path: '/api/openapi.json',
    summary: 'This document',
    tag: 'system',
    access: 'public',
    success: {
      status: 200,
      description: 'The OpenAPI 3.1 document',
      schema: OpenApiDocumentSchema,
    },
  },
  {
    method: 'GET',
    path: '/api/session',
    summary:
      'Who is signed in and their profile’s language (always 200; user is null for a visitor)',
    tag: 'auth',
    access: 'public',
    success: { status: 200, description: 'The session', schema: SessionResponseSchema },
  },
  {
    method: 'POST',
    path: '/api/auth/register',
    summary: 'Create an account (the same answer whether the email was taken or not)',
    tag: 'auth',
    access: 'public',
    body: RegisterInputSchema,
    success: { status: 201, description: 'Accepted', schema: RegisterResponseSchema },
    errors: { 429: 'Too many sign-ups from this address' },
  },
  {
    method: 'GET',
    path: '/api/setup/:token',
    summary: 'Whether the one-time setup link of a server without an admin opens the setup',
    tag: 'auth',
    access: 'public',
    params: SetupTokenParams,
    success: { status: 200, description: 'The setup is open', schema: SetupLinkResponseSchema },
    errors: { 404: 'The link is not this server’s, is used, or an admin exists' },
  },
  {
    method: 'POST',
    path: '/api/setup/:token',
    summary:
      'Create the first admin from the setup link and sign them in; two-factor set-up comes next',
    tag: 'auth',
    access: 'public',
    params: SetupTokenParams,
    body: RegisterInputSchema,
    success: { status: 201, description: 'The first admin', schema: FirstAdminResponseSchema },
    errors: { 404: 'The link is not this server’s, is used, or an admin exists' },
  },
  {
    method: 'POST',
    path: '/api/auth/login',
    summary: 'Sign in; sets the HttpOnly session cookie (never a token in the body)',
    tag: 'auth',
    access: 'public',
    body: LoginInputSchema,
    success: { status: 200, description: 'Signed in', schema: LoginResponseSchema },
    errors: {
      401: 'Wrong email or password (one message for both)',
      403: 'The account is deactivated (said only after the right password)',
      429: 'Too many failed logins to this account from this address, or from this address',
    },
  },
  {
    method: 'POST',
    path: '/api/auth/login/totp',
    summary: 'The second login step: the code from the authenticator app; sets the session cookie',
    tag: 'auth',
    access: 'public',
    body: LoginTotpInputSchema,
    success: { status: 200, description: 'Signed in', schema: LoginSuccessResponseSchema },
    errors: {
      401: 'Wrong code, or the challenge expired, was used or had too many wrong codes',
      403: 'The account is deactivated',
      429: 'Too many failed logins to this account from this address, or from this address',
    },
  },
  {
    method: 'POST',
    path: '/api/auth/logout',
    summary: 'End the session on the server and clear the cookie',
    tag: 'auth',
    access: 'public',
    success: { status: 204, description: 'Signed out' },
  },
  {
    method: 'GET',
    path: '/api/me',
    summary: 'The caller’s account and profile',
    tag: 'account',
    access: 'user',
    success: { status: 200, description: 'The account', schema: MeResponseSchema },
  },
  {
    method: 'PATCH',
    path: '/api/me',
    summary: 'Change one’s own name (no other field)',
    tag: 'account',
    access: 'user',
    body: UpdateNameInputSchema,
    success: { status: 200, description: 'The account as it is now', schema: MeResponseSchema },
  },
  {
    method: 'PUT',
    path: '/api/me/language',
    summary: 'Set the language of one’s pages (en, de, es), or null for the browser’s',
    tag: 'account',
    access: 'user',
    body: LanguageInputSchema,
    success: { status: 200, description: 'The language now', schema: LanguageResponseSchema },
  },
  {
    method: 'POST',
    path: '/api/me/password',
    summary: 'Change one’s password with the current one; other sessions end unless asked not to',
    tag: 'account',
    access: 'user',
    body: ChangePasswordInputSchema,
    success: { status: 200, description: 'Changed', schema: ChangePasswordResponseSchema },
    errors: { 429: RECHECKS_REFUSED },
    isOpenBeforeOwnPassword: true,
  },
  {
    method: 'POST',
    path: '/api/me/totp/setup',
    summary: 'A new pending TOTP secret with its otpauth URI and QR code, shown once',
    tag: 'account',
    access: 'user',
    success: { status: 200, description: 'The pending secret', schema: TotpSetupResponseSchema },
    errors: { 409: 'Two-factor login is already on' },
  },
  {
    method: 'POST',
    path: '/api/me/totp/confirm',
    summary: 'Turn two-factor login on with the password and a current code',
    tag: 'account',
    access: 'user',
    body: ConfirmTotpInputSchema,
    success: { status: 200, description: 'On', schema: TotpChangeResponseSchema },
    errors: { 429: RECHECKS_REFUSED },
  },
  {
    method: 'DELETE',
    path: '/api/me/totp',
    summary: 'Turn two-factor login off with the password and a current code',
    tag: 'account',
    access: 'user',
    body: DisableTotpInputSchema,
    success: { status: 200, description: 'Off', schema: TotpChangeResponseSchema },
    errors: { 429: RECHECKS_REFUSED },
  },
  {
    method: 'GET',
    path: '/api/me/account-export',
    summary: 'Everything stored about the caller, as a JSON file',
    tag: 'account',
    access: 'user',
    success: { status: 200, description: 'The account data', schema: AccountExportSchema },
  },
  {
    method: 'DELETE',
    path: '/api/me',
    summary: 'Delete one’s account and all its data, with the password',
    tag: 'account',
    access: 'user',
    body: DeleteAccountInputSchema,
    success: { status: 204, description: 'Deleted; the session cookie is cleared' },
    errors: {
      409: 'The last active admin cannot delete their account',
      429: RECHECKS_REFUSED,
    },
  },
  {
    method: 'GET',
    path: '/api/admin/users',
    summary: 'Accounts with their profiles, oldest first, searched and paged',
    tag: 'admin',
    access: 'admin',
    query: UserListQuerySchema,
    success: { status: 200, description: 'One page', schema: UserListResponseSchema },
  },
  {
    method: 'POST',
    path: '/api/admin/users',
    summary: 'Create an account with a role',
    tag: 'admin',
    access: 'admin',
    body: CreateUserInputSchema,
    success: { status: 201, description: 'Created', schema: AdminUserResponseSchema },
    errors: { 409: 'The email is taken' },
  },
  {
    method: 'GET',
    path: '/api/admin/users/:id',
    summary: 'One account and its profile',
    tag: 'admin',
    access: 'admin',
    params: IdParams,
    success: { status: 200, description: 'The account', schema: AdminUserResponseSchema },
  },
  {
    method: 'PATCH',
    path: '/api/admin/users/:id/role',
    summary: 'Change a user’s role (applies on their next request)',
    tag: 'admin',
    access: 'admin',
    params: IdParams,
    body: ChangeRoleInputSchema,
    success: { status: 200, description: 'The account now', schema: AdminUserResponseSchema },
    errors: { 409: LAST_ADMIN },
  },
  {
    method: 'POST',
    path: '/api/admin/users/:id/deactivate',
    summary: 'Block a user’s login and end their sessions',
    tag: 'admin',
    access: 'admin',
    params: IdParams,
    success: { status: 200, description: 'The account now', schema: AdminUserResponseSchema },
    errors: { 409: LAST_ADMIN },
  },
  {
    method: 'POST',
    path: '/api/admin/users/:id/reactivate',
    summary: 'Allow a deactivated user to log in again',
    tag: 'admin',
    access: 'admin',
    params: IdParams,
    success: { status: 200, description: 'The account now', schema: AdminUserResponseSchema },
  },
  {
    method: 'GET',
    path: '/api/admin/results',
    summary: 'Every user’s results, newest first, filtered and paged',
    tag: 'admin',
    access: 'admin',
    query: ResultListQuerySchema,
    success: { status: 200, description: 'One page', schema: AdminResultListResponseSchema },
  },
  {
    method: 'GET',
    path: '/api/admin/results/:id/trials',
    summary: 'One result with its scores, the settings it ran with and every trial',
    tag: 'admin',
    access: 'admin',
    params: IdParams,
    success: { status: 200, description: 'The result', schema: AdminResultTrialsResponseSchema },
  },
  {
    method: 'GET',
    path: '/api/admin/reports/:testType',
    summary: 'A task’s aggregate report (its cells; 404 for a test type no task implements)',
    tag: 'admin',
    access: 'admin',
    params: z.object({ testType: StartableTestTypeSchema }),
    query: TaskReportQuerySchema,
    success: { status: 200, description: 'The report', schema: TaskReportResponseSchema },
  },
  {
    method: 'GET',
    path: '/api/admin/error-logs',
    summary: 'One page of the error log, the most recently seen entries first',
    tag: 'admin',
    access: 'admin',
    query: ErrorLogListQuerySchema,
    success: { status: 200, description: 'The entries', schema: AdminErrorLogListResponseSchema },
  },
  {
    method: 'POST',
    path: '/api/admin/mock-data',
    summary:
      'Generate one complete mock result of a task (default: the first of the test list) for the caller (flagged isMock)',
    tag: 'admin',
    access: 'admin',
    query: z.object({ testType: StartableTestTypeSchema.optional() }),
    success: { status: 201, description: 'Generated', schema: MockDataResponseSchema },
  },
  {
    method: 'GET',
    path: '/api/admin/export',
    summary: 'Research export: one row per trial of the filtered results (audit-logged)',
    tag: 'admin',
    access: 'admin',
    query: ResearchExportQuerySchema,
    success: { status: 200, description: 'A download', schema: ExportFileSchema, isDownload: true },
  },
  {
    method: 'GET',
    path: '/api/admin/export/dictionary',
    summary: 'The data dictionary of the research export',
    tag: 'admin',
    access: 'admin',
    query: ExportDictionaryQuerySchema,
    success: { status: 200, description: 'A download', schema: ExportFileSchema, isDownload: true },
  },
  {
    method: 'GET',
    path: '/api/admin/audit-log',
    summary: 'The newest admin actions',
    tag: 'admin',
    access: 'admin',
    success: { status: 200, description: 'The entries', schema: AuditLogResponseSchema },
  },
  {
    method: 'POST',
    path: '/api/error-logs',
    summary: 'Report an error seen in the browser (user and time come from the server)',
    tag: 'system',
    access: 'public',
    body: ClientErrorLogInputSchema,
    success: { status: 204, description: 'Recorded' },
    errors: { 429: 'Too many error reports from this address' },
  },
  {
    method: 'POST',
    path: '/api/results',
    summary:
      'Start a run of a test; with `config` (admins only) an admin preview with those settings (ADR 028)',
    tag: 'results',
    access: 'user',
    body: StartRunInputSchema,
    success: { status: 201, description: 'The new run', schema: RunResponseSchema },
    errors: {
      403: 'A custom configuration (`config`) from anyone but an admin',
      429: 'Too many runs started by this user in the last hour',
    },
  },
  {
    method: 'GET',
    path: '/api/results/active',
    summary: 'The caller’s unfinished run of a test, if any',
    tag: 'results',
    access: 'user',
    query: ActiveRunQuerySchema,
    success: { status: 200, description: 'The run or null', schema: ActiveRunResponseSchema },
  },
  {
    method: 'GET',
    path: '/api/results/:id',
    summary: 'One of the caller’s runs (another user’s id is a 404)',
    tag: 'results',
    access: 'user',
    params: IdParams,
    success: { status: 200, description: 'The run', schema: RunResponseSchema },
  },
  {
    method: 'GET',
    path: '/api/results/:id/trials',
    summary: 'The stored trials of one of the caller’s runs',
    tag: 'results',
    access: 'user',
    params: IdParams,
    success: { status: 200, description: 'The trials', schema: TrialListResponseSchema },
  },
  {
    method: 'PUT',
    path: '/api/results/:id/trials/:phase/:block/:trialNumber',
    summary:
      'Save one trial of any task (idempotent: a replay is a 200 with duplicate true); the body is the run’s task’s trial',
    tag: 'results',
    access: 'user',
    params: z.object({
      id: IdParamSchema,
      phase: TrialPathSchema.shape.phase,
      block: TrialPathSchema.shape.block,
      trialNumber: TrialPathSchema.shape.trialNumber,
    }),
    body: AnyTaskTrialSchema,
    success: SAVE_TRIAL_SUCCESS,
    errors: SAVE_TRIAL_ERRORS,
  },
  {
    method: 'PUT',
    path: '/api/results/:id/trials/:phase/:trialNumber',
    summary: 'Save one trial of block 0 (the path of trials queued before blocks existed)',
    tag: 'results',
    access: 'user',
    params: z.object({
      id: IdParamSchema,
      phase: TrialPathSchema.shape.phase,
      trialNumber: TrialPathSchema.shape.trialNumber,
    }),
    body: AnyTaskTrialSchema,
    success: SAVE_TRIAL_SUCCESS,
    errors: SAVE_TRIAL_ERRORS,
  },
  {
    method: 'POST',
    path: '/api/results/:id/complete',
    summary: 'Finish a run and score it',
    tag: 'results',
    access: 'user',
    params: IdParams,
    body: CompleteRunInputSchema,
    success: { status: 200, description: 'The scored run', schema: RunResponseSchema },
    errors: { 409: 'Trials are missing, or the run was abandoned' },
  },
  {
    method: 'GET',
    path: '/api/progress',
    summary: 'The caller’s finished results and score history',
    tag: 'progress',
    access: 'user',
    success: { status: 200, description: 'Progress', schema: ProgressResponseSchema },
  },
  {
    method: 'GET',
    path: '/api/progress/results/:id/trials',
    summary: 'The trials of one of the caller’s finished results (an unfinished one is a 404)',
    tag: 'progress',
    access: 'user',
    params: IdParams,
    success: {
      status: 200,
      description: 'Its trials in run order',
      schema: ProgressTrialsResponseSchema,
    },
  },
  {
    method: 'GET',
    path: '/api/progress/export',
    summary: 'Download all the caller’s trials',
    tag: 'progress',
    access: 'user',
    query: ProgressExportQuerySchema,
    success: { status: 200, description: 'A download', schema: ExportFileSchema, isDownload: true },
  },
  ...studyRoutes,
];

const CodeParams = z.object({ code: z.string() });
const StepParams = z.object({ code: z.string(), index: z.string().regex(/^(0|[1-9][0-9]{0,2})$/) });
const ParticipationResponseSchema = z.object({ participation: ParticipationSchema });
const ENDED_OR_OUT_OF_ORDER =
  'The participation has ended, or this is not the step the participant is on';

/** The participant's API (ADR 040): a study link's landing page, a start, and their steps. */
const participationRoutes: ApiRoute[] = [
  {
    method: 'GET',
    path: '/api/participation/:code',
    summary: 'A study link’s landing page: its title, description, length and whether it is open',
    tag: 'participation',
    access: 'public',
    params: CodeParams,
    success: {
      status: 200,
      description: 'The study',
      schema: z.object({ study: StudyLandingSchema }),
    },
  },
  {
    method: 'POST',
    path: '/api/participation/:code/start',
    summary:
      'Start taking part (or, with a used personal code, resume): sets the participant cookie',
    tag: 'participation',
    access: 'public',
    params: CodeParams,
    body: StartParticipationInputSchema,
    success: {
      status: 201,
      description: 'The new participation',
      schema: ParticipationResponseSchema,
    },
    errors: {
      409: 'The study is not open, or is full',
      429: 'Too many starts from this network in the last hour',
    },
  },
  {
    method: 'GET',
    path: '/api/participation/:code/me',
    summary: 'The participant’s own participation: the steps, the step reached, the runs, the end',
    tag: 'participation',
    access: 'participant',
    params: CodeParams,
    success: { status: 200, description: 'The participation', schema: ParticipationResponseSchema },
  },
  {
    method: 'POST',
    path: '/api/participation/:code/consent',
    summary: 'Agree to the consent (recorded with its version) or decline (ends the participation)',
    tag: 'participation',
    access: 'participant',
    params: CodeParams,
    body: ConsentInputSchema,
    success: { status: 200, description: 'The participation', schema: ParticipationResponseSchema },
    errors: { 409: ENDED_OR_OUT_OF_ORDER },
  },
  {
    method: 'POST',
    path: '/api/participation/:code/steps/:index/done',
    summary: 'Finish a page, a break or the demographics (with the answers given)',
    tag: 'participation',
    access: 'participant',
    params: StepParams,
    body: CompleteStepInputSchema,
    success: { status: 200, description: 'The participation', schema: ParticipationResponseSchema },
    errors: { 409: `${ENDED_OR_OUT_OF_ORDER}, or the step is a consent or a task` },
  },
  {
    method: 'POST',
    path: '/api/participation/:code/steps/:index/run',
    summary: 'Start the task step’s run with its settings, or resume the one begun',
    tag: 'participation',
    access: 'participant',
    params: StepParams,
    body: StartStepRunInputSchema,
    success: {
      status: 201,
      description: 'The new run',
      schema: RunResponseSchema,
      alsoOk: { status: 200, description: 'The step’s run begun before: resume it' },
    },
    errors: {
      409: `${ENDED_OR_OUT_OF_ORDER}, or the step is not a task`,
      429: 'Too many runs started in the last hour',
    },
  },
  {
    method: 'POST',
    path: '/api/participation/:code/finish',
    summary: 'End the participation once every step is done: the completion code and redirect',
    tag: 'participation',
    access: 'participant',
    params: CodeParams,
    success: { status: 200, description: 'The participation', schema: ParticipationResponseSchema },
    errors: { 409: 'Some steps are not done, or the participation was declined' },
  },
  {
    method: 'POST',
    path: '/api/participation/:code/stop',
    summary: 'Stop taking part and keep the answers given: the participation ends as stopped',
    tag: 'participation',
    access: 'participant',
    params: CodeParams,
    success: { status: 200, description: 'The participation', schema: ParticipationResponseSchema },
    errors: { 409: 'The participation was declined, completed or withdrawn' },
  },
  {
    method: 'POST',
    path: '/api/participation/:code/withdraw',
    summary:
      'Withdraw: delete the participant’s runs, trials, answers and link parameters (also after completing)',
    tag: 'participation',
    access: 'participant',
    params: CodeParams,
    success: {
      status: 200,
      description: 'The participation, ended as withdrawn',
      schema: ParticipationResponseSchema,
    },
  },
  // A participant's runs take the same requests as a user's, under their study's path.
  ...SIGNED_IN_ROUTES.filter((route) => route.path.startsWith('/api/results/:id')).map(
    (route): ApiRoute => ({
      ...route,
      path: route.path.replace('/api/results/', '/api/participation/:code/runs/'),
      summary: `${route.summary} (a participant’s)`,
      tag: 'participation',
      access: 'participant',
      params: route.params?.extend({ code: z.string() }),
      errors:
        route.path === '/api/results/:id/complete'
          ? { 409: 'Trials are missing, or the run was abandoned; completing it ends its step' }
          : route.errors,
    }),
  ),
];

export const API_ROUTES: readonly ApiRoute[] = [...SIGNED_IN_ROUTES, ...participationRoutes];
