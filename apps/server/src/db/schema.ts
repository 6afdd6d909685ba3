import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const id = () => text('id').primaryKey().default(sql`gen_random_uuid()::text`);
const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** users (docs/product.md#entities). The password hash never leaves the server (see toUser). */
export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role', { enum: ['user', 'researcher', 'admin'] })
      .notNull()
      .default('user'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastLogin: timestamptz('last_login'),
    /**
     * Set when an admin chose the password (ASVS 6.4.1): until the user picks their own, the
     * API lets them do nothing else (middleware/session.ts, requireOwnPassword).
     */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /**
     * Set on the first admin, made from the setup link: until two-factor login is on, the API
     * lets them do nothing but set it up (middleware/session.ts, requireOwnPassword).
     */
    mustSetUpTotp: boolean('must_set_up_totp').notNull().default(false),
    /** Base32 TOTP secret once two-factor login is confirmed; null while it is off. Never sent. */
    totpSecret: text('totp_secret'),
    /** The last time step whose code was accepted: a code is good once (replay, RFC 6238 5.2). */
    totpLastUsedStep: integer('totp_last_used_step'),
    /** A secret shown during setup, not yet confirmed with a code; it lapses at the time below. */
    totpPendingSecret: text('totp_pending_secret'),
    totpPendingExpiresAt: timestamptz('totp_pending_expires_at'),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_role_check', sql`${t.role} in ('user', 'researcher', 'admin')`),
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
  ],
);

/** userProfiles: one row per user, created empty at registration (docs/product.md#accounts). */
export const userProfiles = pgTable('user_profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  dateOfBirth: date('date_of_birth', { mode: 'string' }),
  gender: text('gender'),
  phoneNumber: text('phone_number'),
  address: text('address'),
  timezone: text('timezone'),
  language: text('language'),
  updatedAt: timestamptz('updated_at'),
});

/**
 * Login sessions. The primary key is the SHA-256 of the cookie token, so a copy of this
 * table does not let anyone sign in.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('auth_sessions_user_id_idx').on(t.userId)],
);

/**
 * The step between a right password and the TOTP code of an account with two-factor login on.
 * Not a session: it authorizes nothing but one POST /api/auth/login/totp. Stored by the SHA-256
 * of its token, like sessions; short-lived and limited in wrong codes.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
  },
  (t) => [index('login_challenges_user_id_idx').on(t.userId)],
);

/**
 * One-use codes for logging in when the authenticator is lost. Only the SHA-256 of each is kept:
 * the codes have 120 random bits, so a plain hash is enough (ASVS 6.5.2).
 */
export const totpRecoveryCodes = pgTable(
  'totp_recovery_codes',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** Set when the code is spent; it never works again. */
    usedAt: timestamptz('used_at'),
  },
  (t) => [uniqueIndex('totp_recovery_codes_user_hash_key').on(t.userId, t.codeHash)],
);

/** cogniSessions: one per run of a test (docs/product.md#what-a-run-is). */
export const testSessions = pgTable(
  'test_sessions',
  {
    id: id(),
    /** The run's owner: a user, or a study's participant (ADR 040); exactly one is set. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    participantId: text('participant_id').references(() => studyParticipants.id, {
      onDelete: 'cascade',
    }),
    testType: text('test_type').notNull(),
    startTime: timestamptz('start_time').notNull().defaultNow(),
    /** { type, userAgent, screenWidth, screenHeight } */
    deviceInfo: jsonb('device_info').notNull().default({}),
    /** Timing measurement record (rule 8 in docs/timing-rules.md). */
    measurement: jsonb('measurement').notNull().default({}),
    /** Seed of the stimulus sequence, so any run can be replayed. */
    seed: text('seed'),
    /** The task settings the run used (the task's config), so it is checked and scored by them. */
    config: jsonb('config'),
  },
  (t) => [
    index('test_sessions_user_id_idx').on(t.userId),
    index('test_sessions_participant_id_idx').on(t.participantId),
    check('test_sessions_one_owner', sql`(${t.userId} is null) <> (${t.participantId} is null)`),
  ],
);

/** cogniTestResults, with the scores written into the same row (docs/product.md#scores). */
export const testResults = pgTable(
  'test_results',
  {
    id: id(),
    /** The run's owner: a user, or a study's participant (ADR 040); exactly one is set. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    participantId: text('participant_id').references(() => studyParticipants.id, {
      onDelete: 'cascade',
    }),
    /**
     * Whoever owns the run, user or participant (ids are random UUIDs from both tables): what
     * every check of "is this run the caller's" compares with.
     */
    ownerId: text('owner_id').notNull().generatedAlwaysAs(sql`coalesce(user_id, participant_id)`),
    /** For a participant's run: the index of the study step it is the task of. */
    studyStep: integer('study_step'),
    sessionId: text('session_id').references(() => testSessions.id, { onDelete: 'cascade' }),
    testType: text('test_type').notNull(),
    startTime: timestamptz('start_time').notNull().defaultNow(),
    endTime: timestamptz('end_time'),
    /** The headline every task has (ADR 027); null until the run is complete. */
    overallScore: integer('overall_score'),
    totalTrials: integer('total_trials'),
    correctTrials: integer('correct_trials'),
    averageReactionTime: doublePrecision('average_reaction_time'),
    /** The task's own scores, shaped by its scoring code at `scoringVersion`. */
    scores: jsonb('scores'),
    /** The task's scoring version that computed `scores`; a new rule is a new version. */
    scoringVersion: integer('scoring_version'),
    /**
     * The run's aggregate of each of the task's report cells, by the rules of `scoringVersion`
     * (trial and RT counts, mean RT, error rate): the admin's aggregate report adds these up.
     */
    reportCells: jsonb('report_cells'),
    /** Written by the admin mock-data generator, so reports can exclude it. */
    isMock: boolean('is_mock').notNull().default(false),
    /**
     * Started by an admin with a custom configuration of the task (the admin preview, ADR 028):
     * to try a task or run a short version of it. Kept out of reports, progress and "Download my
     * data"; the admin results list and the research export show it only when asked for.
     */
    isPreview: boolean('is_preview').notNull().default(false),
    /**
     * Why the server judged the run impossible for a person to have taken (its trials reached
     * the server faster than their shortest durations allow), set when the run is completed;
     * null for a plausible run. Such runs stay stored and visible to admins, and reports,
     * progress charts and research exports leave them out unless asked for.
     */
    implausibleReason: text('implausible_reason'),
    /**
     * When the server closed the run unfinished because it was left for more than a day; it then
     * takes no more trials and stays out of reports. Null for a run that is open or finished.
     */
    abandonedAt: timestamptz('abandoned_at'),
    /**
     * The language the run was taken in (ADR 042): a study's language, or the reader's. A task
     * whose stimuli are words showed them in it; the scores do not depend on it.
     */
    language: text('language').notNull().default('en'),
  },
  (t) => [
    index('test_results_user_start_idx').on(t.userId, t.startTime),
    index('test_results_owner_start_idx').on(t.ownerId, t.startTime),
    check('test_results_one_owner', sql`(${t.userId} is null) <> (${t.participantId} is null)`),
    // Admin lists (newest first) and the research export (keyset, oldest first) over all users.
    index('test_results_start_id_idx').on(t.startTime, t.id),
  ],
);

/**
 * trials, for every task (ADR 027): one row per (result, phase, block,
 * trialNumber). What every task has is a column; the task's own fields are `fields`, validated by
 * the task's trial schema before they are written.
 */
export const trials = pgTable(
  'trials',
  {
    id: id(),
    resultId: text('result_id')
      .notNull()
      .references(() => testResults.id, { onDelete: 'cascade' }),
    /** The task's phase, e.g. 'practice' or 'test'. */
    phase: text('phase').notNull(),
    /** 0-based block within the phase (a criterion-practice round); 0 when a phase has one. */
    block: integer('block').notNull().default(0),
    /** 0-based position within the block. */
    trialNumber: integer('trial_number').notNull(),
    /** Key name or button id; null when the participant did not respond. */
    response: text('response'),
    /** Milliseconds from stimulus onset to the response, unrounded; null without one. */
    reactionTime: doublePrecision('reaction_time'),
    /** Null where correctness is undefined. */
    isCorrect: boolean('is_correct'),
    inputModality: text('input_modality', { enum: ['keyboard', 'touch', 'mouse'] })
      .notNull()
      .default('keyboard'),
    /**
     * The condition of a scored trial (the task's reportCell), for trial tables and queries;
     * null otherwise. The aggregate report adds up each run's report_cells instead.
     */
    reportCell: text('report_cell'),
    /** The task's own fields of the trial (the task's trial schema names them). */
    fields: jsonb('fields').notNull().default({}),
    startTime: timestamptz('start_time'),
    endTime: timestamptz('end_time'),
    /** Per-trial timing details (onsets, response timestamp, onset method, interruptions). */
    timing: jsonb('timing'),
    /**
     * What the server noticed about the trial and kept it anyway, e.g. 'anticipation' for a
     * reaction time under the task's floor. Computed from the trial itself, so a replay of the
     * same trial gets the same flags.
     */
    flags: text('flags').array().notNull().default(sql`'{}'::text[]`),
    /**
     * Why the run's scoring left the trial out of some scores (e.g. 'postError'), by the rules
     * of the result's scoring version; empty for a scored trial left out of nothing, null until
     * the run is scored and for trials the task does not score.
     */
    exclusions: text('exclusions').array(),
    /** When the trial reached the server, by the server's clock (the run's plausibility check). */
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('trials_result_position_key').on(t.resultId, t.phase, t.block, t.trialNumber),
    check('trials_input_modality_check', sql`${t.inputModality} in ('keyboard', 'touch', 'mouse')`),
  ],
);

/**
 * Every version of a finished run's scores, one row per scoring version it was given: a
 * rescore under new rules adds a row and leaves the old ones, so what a participant was shown
 * stays on record. test_results holds the current version's copy.
 */
export const resultScores = pgTable(
  'result_scores',
  {
    resultId: text('result_id')
      .notNull()
      .references(() => testResults.id, { onDelete: 'cascade' }),
    scoringVersion: integer('scoring_version').notNull(),
    overallScore: integer('overall_score'),
    totalTrials: integer('total_trials'),
    correctTrials: integer('correct_trials'),
    averageReactionTime: doublePrecision('average_reaction_time'),
    scores: jsonb('scores'),
    reportCells: jsonb('report_cells'),
    scoredAt: timestamptz('scored_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.resultId, t.scoringVersion] })],
);

/**
 * errorLogs (docs/product.md#error-logs). Repeats of one error share a row: `fingerprint` names
 * what makes two entries the same (type, message, user, context), `count` says how often it
 * happened and `lastSeenAt` when last; `timestamp` is the first time. Rows written before repeats
 * were counted have no fingerprint and stay single.
 */
export const errorLogs = pgTable(
  'error_logs',
  {
    id: id(),
    errorType: text('error_type').notNull(),
    errorMessage: text('error_message').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    timestamp: timestamptz('timestamp').notNull().defaultNow(),
    context: jsonb('context').notNull().default({}),
    fingerprint: text('fingerprint'),
    count: integer('count').notNull().default(1),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
  },
  (t) => [
    index('error_logs_timestamp_idx').on(t.timestamp),
    uniqueIndex('error_logs_fingerprint_key').on(t.fingerprint),
    // The admin list (newest first, paged) and retention (oldest first) read this index.
    index('error_logs_last_seen_idx').on(t.lastSeenAt, t.id),
  ],
);

/** Admin actions (role change, create, deactivate, reactivate, export, mock data): who, what, when. */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: id(),
    /** The admin who acted; kept as null if that account is ever deleted. */
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetUserId: text('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** What changed, per action (see AuditLogEntrySchema). */
    details: jsonb('details').notNull().default({}),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('admin_audit_log_created_at_idx').on(t.createdAt)],
);

/**
 * Browsers that have logged in to an account before (a random token in a long-lived cookie; only
 * its SHA-256 is stored). A login from a known device is not slowed down by the failures others
 * cause on the account, so nobody can lock a person out of their own account from elsewhere.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastUsedAt: timestamptz('last_used_at').notNull().defaultNow(),
  },
  (t) => [index('known_devices_user_id_idx').on(t.userId)],
);

/**
 * Fixed-window counters of the brute-force limits (failed logins per account and per address,
 * sign-ups per address). In the database, so every server instance counts the same attempts.
 */
export const rateLimits = pgTable('rate_limits', {
  /** '<limit name>:<subject>', e.g. 'login-account:ada@example.com'. */
  key: text('key').primaryKey(),
  windowStart: timestamptz('window_start').notNull(),
  count: integer('count').notNull(),
});

/**
 * Studies (ADR 040): a battery a researcher sends as one link. `code` is the public part of the
 * open link (/s/<code>); what participants see is in study_versions.
 */
export const studies = pgTable(
  'studies',
  {
    id: id(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    state: text('state', { enum: ['draft', 'open', 'paused', 'closed'] })
      .notNull()
      .default('draft'),
    /** At most this many participants, previews not counted; null for no cap. */
    participantCap: integer('participant_cap'),
    /** The URL parameters kept from a participant's link, e.g. PROLIFIC_PID. */
    capturedParams: text('captured_params').array().notNull().default(sql`'{}'::text[]`),
    completionUrl: text('completion_url'),
    declineMessage: text('decline_message').notNull().default(''),
    declineUrl: text('decline_url'),
    /** The completion code shown at the end; null: each participant gets their own. */
    completionCode: text('completion_code'),
    /** Whether participants see their own scores at the end. */
    showScores: boolean('show_scores').notNull().default(false),
    /**
     * Whether participants who stopped counting (abandoned, declined) free their cell's slot for
     * the assignment (ADR 041); without it every assigned participant keeps counting.
     */
    refill: boolean('refill').notNull().default(true),
    /** How long a participant not yet completed counts as active since last seen, in minutes. */
    activeMinutes: integer('active_minutes').notNull().default(60),
    /** The recruitment panel's conventions the study follows (ADR 041): generic, prolific, sona. */
    panel: text('panel', { enum: ['generic', 'prolific', 'sona'] })
      .notNull()
      .default('generic'),
    /** The captured parameter that names a panel's participant: one participation per value. */
    panelIdParam: text('panel_id_param'),
    /** The panel's code for those screened out: a full study or arm, declined consent. */
    screenOutCode: text('screen_out_code'),
    /** The dataset's description for the Psych-DS export: authors, license, keywords. */
    dataset: jsonb('dataset').notNull().default({}),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('studies_code_key').on(t.code),
    index('studies_owner_idx').on(t.ownerId),
    check('studies_state_check', sql`${t.state} in ('draft', 'open', 'paused', 'closed')`),
  ],
);

/** Researchers a study's owner added: they manage the study and see its data. */
export const studyCollaborators = pgTable(
  'study_collaborators',
  {
    studyId: text('study_id')
      .notNull()
      .references(() => studies.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedAt: timestamptz('added_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.studyId, t.userId] }),
    index('study_collaborators_user_idx').on(t.userId),
  ],
);

/**
 * What participants of a study see, numbered from 1: the content document (StudyContentSchema)
 * and its SHA-256. A version is edited in place until a participant who is not a preview starts
 * it (`firstStartedAt`); an edit after that writes the next version.
 */
export const studyVersions = pgTable(
  'study_versions',
  {
    id: id(),
    studyId: text('study_id')
      .notNull()
      .references(() => studies.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    content: jsonb('content').notNull(),
    contentHash: text('content_hash').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    firstStartedAt: timestamptz('first_started_at'),
  },
  (t) => [uniqueIndex('study_versions_study_number_key').on(t.studyId, t.number)],
);

/**
 * Personal codes: single-use links (/s/<study code>/<code>), each with an optional label. Used
 * when its participant starts; afterwards it resumes that participant on any device.
 */
export const studyCodes = pgTable(
  'study_codes',
  {
    id: id(),
    studyId: text('study_id')
      .notNull()
      .references(() => studies.id, { onDelete: 'cascade' }),
    /** 1, 2, 3... within the study, in the order the codes were made. */
    number: integer('number').notNull(),
    code: text('code').notNull(),
    label: text('label').notNull().default(''),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [
    uniqueIndex('study_codes_study_code_key').on(t.studyId, t.code),
    uniqueIndex('study_codes_study_number_key').on(t.studyId, t.number),
  ],
);

/**
 * A study's participants (ADR 040): people without an account, known by a random id. Each holds
 * tokens (study_participant_tokens) in a cookie scoped to the study's participation API.
 */
export const studyParticipants = pgTable(
  'study_participants',
  {
    id: id(),
    studyId: text('study_id')
      .notNull()
      .references(() => studies.id, { onDelete: 'cascade' }),
    versionId: text('version_id')
      .notNull()
      .references(() => studyVersions.id, { onDelete: 'cascade' }),
    /** The personal code they started with, if any; a code starts one participant only. */
    codeId: text('code_id').references(() => studyCodes.id, { onDelete: 'set null' }),
    state: text('state', {
      enum: ['started', 'consented', 'declined', 'completed', 'abandoned', 'stopped', 'withdrawn'],
    })
      .notNull()
      .default('started'),
    /** How many of the version's steps are done: the step they are on. */
    stepsDone: integer('steps_done').notNull().default(0),
    consentHash: text('consent_hash'),
    consentedAt: timestamptz('consented_at'),
    /** The answers to the study's demographic questions. */
    demographics: jsonb('demographics').notNull().default({}),
    /** A researcher's run-through: marked, never counted, kept out of the data. */
    isPreview: boolean('is_preview').notNull().default(false),
    /** The researcher's manual flag: the data stays and is marked. */
    excluded: boolean('excluded').notNull().default(false),
    startedAt: timestamptz('started_at').notNull().defaultNow(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    finishedAt: timestamptz('finished_at'),
    /** The participant's own completion code, when the study has no code of its own. */
    completionCode: text('completion_code'),
    /** When each step was done, in step order: the dashboard's time per step. */
    stepsDoneAt: timestamptz('steps_done_at').array().notNull().default(sql`'{}'::timestamptz[]`),
    /**
     * The design cell they were assigned (ADR 041): its key (what the assignment counts by), the
     * arm, the Latin square's row and the factors' levels.
     */
    cellKey: text('cell_key').notNull().default('arm=-|row=-'),
    arm: text('arm'),
    orderRow: integer('order_row'),
    factorLevels: jsonb('factor_levels').notNull().default({}),
    /** The version's step numbers in the order they take them; empty: the version's order. */
    stepOrder: integer('step_order').array().notNull().default(sql`'{}'::integer[]`),
    /** When they withdrew (their data deleted, this row kept), and who asked: them or a researcher. */
    withdrawnAt: timestamptz('withdrawn_at'),
    withdrawnBy: text('withdrawn_by', { enum: ['participant', 'researcher'] }),
  },
  (t) => [
    index('study_participants_study_started_idx').on(t.studyId, t.startedAt),
    // The assignment's counts: per cell of one version.
    index('study_participants_version_cell_idx').on(t.versionId, t.cellKey),
    uniqueIndex('study_participants_code_key').on(t.codeId),
    check(
      'study_participants_state_check',
      sql`${t.state} in ('started', 'consented', 'declined', 'completed', 'abandoned', 'stopped', 'withdrawn')`,
    ),
  ],
);

/**
 * The URL parameters a participant's link carried (ADR 041), kept apart from their data: the
 * default export is pseudonymous. The panel's id parameter is single use per study.
 */
export const studyParticipantParams = pgTable(
  'study_participant_params',
  {
    participantId: text('participant_id')
      .notNull()
      .references(() => studyParticipants.id, { onDelete: 'cascade' }),
    studyId: text('study_id')
      .notNull()
      .references(() => studies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: text('value').notNull(),
    /** Whether this is the study's panel id parameter of a participant who is not a preview. */
    isPanelId: boolean('is_panel_id').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.participantId, t.name] }),
    // Single use per panel id, and the researcher's lookup by it.
    uniqueIndex('study_participant_params_panel_id_key')
      .on(t.studyId, t.value)
      .where(sql`${t.isPanelId}`),
    index('study_participant_params_study_value_idx').on(t.studyId, t.value),
  ],
);

/**
 * A study export run in the background (ADR 041): who asked for what, how far it is, and the
 * file it wrote under the data folder, deleted once it expires.
 */
export const studyExportJobs = pgTable(
  'study_export_jobs',
  {
    id: id(),
    studyId: text('study_id')
      .notNull()
      .references(() => studies.id, { onDelete: 'cascade' }),
    requestedBy: text('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What is exported: 'psych-ds', or a table ('trials', 'participants') as CSV or JSON. */
    kind: text('kind').notNull(),
    /** Whether the captured parameters (panel ids) are included: an audited choice. */
    withParams: boolean('with_params').notNull().default(false),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    rowsTotal: integer('rows_total').notNull().default(0),
    rowsDone: integer('rows_done').notNull().default(0),
    fileName: text('file_name'),
    bytes: bigint('bytes', { mode: 'number' }),
    error: text('error'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    finishedAt: timestamptz('finished_at'),
    expiresAt: timestamptz('expires_at'),
  },
  (t) => [
    index('study_export_jobs_study_idx').on(t.studyId, t.createdAt),
    check(
      'study_export_jobs_state_check',
      sql`${t.state} in ('queued', 'running', 'done', 'failed')`,
    ),
  ],
);

/**
 * Why each participant got their cell (ADR 041): the counts the rule saw per cell, the arms it
 * left out as full, the rule's name and the seed it drew with. Written in the start's
 * transaction, so every assignment has its row.
 */
export const studyAssignments = pgTable(
  'study_assignments',
  {
    id: id(),
    participantId: text('participant_id')
      .notNull()
      .references(() => studyParticipants.id, { onDelete: 'cascade' }),
    studyId: text('study_id')
      .notNull()
      .references(() => studies.id, { onDelete: 'cascade' }),
    versionId: text('version_id')
      .notNull()
      .references(() => studyVersions.id, { onDelete: 'cascade' }),
    cellKey: text('cell_key').notNull(),
    counts: jsonb('counts').notNull(),
    fullArms: text('full_arms').array().notNull().default(sql`'{}'::text[]`),
    rule: text('rule').notNull(),
    seed: text('seed').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('study_assignments_participant_key').on(t.participantId),
    index('study_assignments_study_idx').on(t.studyId, t.createdAt),
  ],
);

/** A participant's browser tokens: only their SHA-256 is stored. */
export const studyParticipantTokens = pgTable(
  'study_participant_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    participantId: text('participant_id')
      .notNull()
      .references(() => studyParticipants.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('study_participant_tokens_participant_idx').on(t.participantId)],
);
