import {
  type DemographicsAnswers,
  type DictionaryRow,
  describeColumns,
  type ExportColumn,
  type ExportFormat,
  type ExportSessionRecord,
  type ExportTrialRow,
  type ParticipantState,
  RESEARCH_TRIAL_EXPORT_COLUMNS,
  type StudyExportTable,
  TASKS,
  type User,
} from '@cogni/domain';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  studyParticipantParams,
  studyParticipants,
  studyVersions,
  testResults,
  testSessions,
  trials,
} from '../../db/schema';
import { writeAuditEntry } from '../audit/write-audit-entry';
import type { ServiceContext } from '../context';
import { toRunColumns } from '../exports/iterate-trial-rows';
import { stepPositionOf } from '../participation/assign';
import { compareRunOrder, STORED_TRIAL_COLUMNS, toStoredTrial } from '../results/to-trial';
import { loadStudy, type StudyRow } from './study-access';

/**
 * A study's data (ADR 040): the trials of its participants' runs and the participants
 * themselves, each a table streamed in batches (lib/export-response.ts) with its own data
 * dictionary. Previews are never exported; excluded participants are, marked. The export is
 * pseudonymous by default; with the captured URL parameters (panel ids, ADR 041), an audited
 * choice, they are a column each, so the columns depend on the study.
 */

/** What every row of both tables says about its participant. */
type ParticipantFacts = {
  studyCode: string;
  version: number;
  participantId: string;
  excluded: boolean;
  params: Record<string, string>;
  /** Their design cell (ADR 041) and the version's step numbers in their order. */
  arm: string | null;
  orderRow: number | null;
  responseMapping: string | null;
  stepOrder: number[];
};

/** A trial row of the research export with its participant and study step. */
export type StudyTrialRow = ExportTrialRow & ParticipantFacts & { studyStep: number | null };

export type StudyParticipantExportRow = ParticipantFacts & {
  state: ParticipantState;
  consentHash: string | null;
  consentedAt: string | null;
  stepsDone: number;
  startedAt: string;
  lastSeenAt: string;
  finishedAt: string | null;
  withdrawnAt: string | null;
  completionCode: string | null;
  demographics: DemographicsAnswers;
};

/** Participants read per batch of the participants table. */
const PARTICIPANTS_PER_BATCH = 500;
/** Participants whose runs are read at a time for the trials table. */
const PARTICIPANTS_PER_RUN_BATCH = 20;
/** Runs whose trials make one batch, as the research export's (iterate-trial-rows.ts). */
const RESULTS_PER_BATCH = 20;

const PARAM_PREFIX = 'param_';

/** The participant's columns, first in both tables: who, in which study and version. */
function participantColumns(paramNames: readonly string[]): ExportColumn<ParticipantFacts>[] {
  return [
    {
      name: 'study_code',
      type: 'string',
      description: 'The study’s code (its link is /s/<code>).',
      value: (r) => r.studyCode,
    },
    {
      name: 'study_version',
      type: 'integer',
      description: 'The number of the study version the participant took (from 1).',
      value: (r) => r.version,
    },
    {
      name: 'participant_id',
      type: 'string',
      description: 'Id of the participant (pseudonymous: random, with no account behind it).',
      value: (r) => r.participantId,
    },
    {
      name: 'participant_excluded',
      type: 'boolean',
      description:
        'true if the researcher excluded the participant on the dashboard: the data is kept and marked.',
      value: (r) => r.excluded,
    },
    {
      name: 'arm',
      type: 'string',
      description:
        'The key of the between-subject arm the participant was assigned; empty in a study without arms.',
      value: (r) => r.arm,
    },
    {
      name: 'order_row',
      type: 'integer',
      description:
        'The row of the balanced Latin square that ordered the participant’s steps (from 0); empty unless the study orders its steps by a Latin square.',
      value: (r) => r.orderRow,
    },
    {
      name: 'response_mapping',
      type: 'string',
      description:
        'The response-mapping level (A or B) the study balanced for the participant, set in every task that has a mapping; empty without that factor.',
      value: (r) => r.responseMapping,
    },
    ...paramNames.map(
      (name): ExportColumn<ParticipantFacts> => ({
        name: `${PARAM_PREFIX}${name}`,
        type: 'string',
        description: `The URL parameter ${name} of the participant’s link, as it carried it (at most 200 characters); empty if it did not.`,
        value: (r) => (Object.hasOwn(r.params, name) ? (r.params[name] ?? null) : null),
      }),
    ),
  ];
}

/**
 * The research export's columns that mean something for a participant's run. Left out:
 * user_id (a participant is no user; participant_id names them) and result_is_preview (an
 * admin's preview; a participant's run never is one). Implausible and abandoned runs are always
 * in a study's data, so those two columns say so.
 */
const RESEARCH_COLUMNS_FOR_STUDIES: readonly ExportColumn<ExportTrialRow>[] =
  RESEARCH_TRIAL_EXPORT_COLUMNS.filter(
    (column) => column.name !== 'user_id' && column.name !== 'result_is_preview',
  ).map((column) => {
    if (column.name === 'result_implausible_reason') {
      return {
        ...column,
        description:
          'Why the server judged the run impossible for a person to have taken (its trials arrived faster than they can be taken, or their times go backwards); empty if plausible.',
      };
    }
    if (column.name === 'result_abandoned_at') {
      return {
        ...column,
        description:
          'When the server closed the run unfinished, left for more than a day; empty otherwise.',
      };
    }
    return column;
  });

/** The names of every task's own columns, each filled on that task's rows only. */
const TASK_COLUMN_NAMES = new Set(TASKS.flatMap((task) => task.exportColumns.map((c) => c.name)));

/**
 * The trials table of one task, as the Psych-DS dataset has it (pseudonymous): the trials
 * table's columns without the other tasks' own columns, the task's own described as the task
 * describes them.
 */
export function taskTrialColumns(testType: string): ExportColumn<StudyTrialRow>[] {
  const task = TASKS.find((candidate) => candidate.id === testType);
  if (!task) throw new Error(`No task is registered for the test type '${testType}'`);
  return [
    ...trialColumns([]).filter((column) => !TASK_COLUMN_NAMES.has(column.name)),
    ...task.exportColumns.map(
      (column): ExportColumn<StudyTrialRow> => ({
        name: column.name,
        type: column.type,
        description: column.description,
        // The stored fields were validated by this task's schema when they were saved.
        value: (row) => column.value(row.trial as never),
      }),
    ),
  ];
}

function trialColumns(paramNames: readonly string[]): ExportColumn<StudyTrialRow>[] {
  return [
    ...participantColumns(paramNames),
    {
      name: 'study_step',
      type: 'integer',
      description:
        'The number of the study step the run is the task of, in the version (from 0): the same task step has the same number in every participant’s order.',
      value: (r) => r.studyStep,
    },
    {
      name: 'study_position',
      type: 'integer',
      description:
        'Where the participant took that step in their own order (from 0): equal to study_step unless the study reorders its steps.',
      value: (r) => (r.studyStep === null ? null : stepPositionOf(r, r.studyStep)),
    },
    ...RESEARCH_COLUMNS_FOR_STUDIES,
  ];
}

export function participantTableColumns(
  paramNames: readonly string[],
): ExportColumn<StudyParticipantExportRow>[] {
  return [
    ...participantColumns(paramNames),
    {
      name: 'state',
      type: 'string',
      description:
        "'started', 'consented' (agreed and taking part), 'declined' (did not agree), 'completed', 'abandoned' (not seen for a day), 'stopped' (stopped taking part, their data kept) or 'withdrawn' (their data deleted: no trials, answers or parameters).",
      value: (r) => r.state,
    },
    {
      name: 'consent_hash',
      type: 'string',
      description:
        'SHA-256 of the study version’s content the participant agreed to (its consent text included); empty without consent.',
      value: (r) => r.consentHash,
    },
    {
      name: 'consented_at',
      type: 'timestamp',
      description: 'When the participant agreed to the consent; empty without consent.',
      value: (r) => r.consentedAt,
    },
    {
      name: 'steps_done',
      type: 'integer',
      description: 'How many of their steps the participant did, in their order.',
      value: (r) => r.stepsDone,
    },
    {
      name: 'step_order',
      type: 'string',
      description:
        'The version’s step numbers (from 0) in the order the participant takes them, separated by spaces, without the steps their arm leaves out; empty: the version’s order.',
      value: (r) => r.stepOrder.join(' '),
    },
    {
      name: 'started_at',
      type: 'timestamp',
      description: 'When the participant started the study.',
      value: (r) => r.startedAt,
    },
    {
      name: 'last_seen_at',
      type: 'timestamp',
      description: 'When the participant last reached the server.',
      value: (r) => r.lastSeenAt,
    },
    {
      name: 'finished_at',
      type: 'timestamp',
      description: 'When the participant completed, declined or stopped; empty otherwise.',
      value: (r) => r.finishedAt,
    },
    {
      name: 'withdrawn_at',
      type: 'timestamp',
      description:
        'When the participant’s data was deleted, at their request or a researcher’s (state withdrawn); empty otherwise.',
      value: (r) => r.withdrawnAt,
    },
    {
      name: 'completion_code',
      type: 'string',
      description:
        'The completion code the participant was given: their own, or the study’s for a study with one code; empty until completed.',
      value: (r) => r.completionCode,
    },
    {
      name: 'age',
      type: 'integer',
      description:
        'Age in years, as answered on the demographics step; empty if not asked or not answered.',
      value: (r) => r.demographics.age ?? null,
    },
    {
      name: 'gender',
      type: 'string',
      description:
        "'female', 'male', 'nonBinary', 'other' or 'preferNotToSay'; empty if not asked or not answered.",
      value: (r) => r.demographics.gender ?? null,
    },
    {
      name: 'handedness',
      type: 'string',
      description:
        "'right', 'left', 'both' or 'preferNotToSay'; empty if not asked or not answered.",
      value: (r) => r.demographics.handedness ?? null,
    },
    {
      name: 'first_language',
      type: 'string',
      description: 'First language, as typed; empty if not asked or not answered.',
      value: (r) => r.demographics.firstLanguage ?? null,
    },
  ];
}

/**
 * The parameter columns of an export with parameters: the study's captured parameters in its
 * order, then any other name a participant's link carried while the study captured it (a name
 * since dropped from the list), so no captured value is left out of the data. None in a
 * pseudonymous export.
 */
async function exportParamNames(
  ctx: ServiceContext,
  study: StudyRow,
  withParams: boolean,
): Promise<string[]> {
  if (!withParams) return [];
  const rows = await ctx.db
    .selectDistinct({ name: studyParticipantParams.name })
    .from(studyParticipantParams)
    .innerJoin(studyParticipants, eq(studyParticipants.id, studyParticipantParams.participantId))
    .where(
      and(eq(studyParticipantParams.studyId, study.id), eq(studyParticipants.isPreview, false)),
    );
  const listed = new Set(study.capturedParams);
  const dropped = rows
    .map((row) => row.name)
    .filter((name) => !listed.has(name))
    .sort();
  return [...study.capturedParams, ...dropped];
}

type ParticipantRecord = ParticipantFacts & {
  state: ParticipantState;
  row: typeof studyParticipants.$inferSelect;
};

/**
 * The study's participants who are not previews, in batches, oldest start first. Keyset
 * pagination on (started_at, id), so memory stays flat and no connection is held between
 * batches.
 */
async function* iterateParticipants(
  ctx: ServiceContext,
  study: StudyRow,
  perBatch: number,
  withParams: boolean,
): AsyncGenerator<ParticipantRecord[]> {
  // The cursor keeps started_at as text: PostgreSQL stores microseconds, a JS Date only ms.
  let after: { startedAt: string; id: string } | undefined;
  for (;;) {
    const page = await ctx.db
      .select({
        participant: studyParticipants,
        version: studyVersions.number,
        cursor: sql<string>`${studyParticipants.startedAt}::text`,
        params: withParams
          ? sql<
              Record<string, string>
            >`(select coalesce(jsonb_object_agg(${studyParticipantParams.name}, ${studyParticipantParams.value}), '{}'::jsonb) from ${studyParticipantParams} where ${studyParticipantParams.participantId} = ${studyParticipants.id})`
          : sql<Record<string, string>>`'{}'::jsonb`,
      })
      .from(studyParticipants)
      .innerJoin(studyVersions, eq(studyVersions.id, studyParticipants.versionId))
      .where(
        and(
          eq(studyParticipants.studyId, study.id),
          eq(studyParticipants.isPreview, false),
          after &&
            sql`(${studyParticipants.startedAt}, ${studyParticipants.id}) > (${after.startedAt}::timestamptz, ${after.id})`,
        ) as SQL,
      )
      .orderBy(asc(studyParticipants.startedAt), asc(studyParticipants.id))
      .limit(perBatch);
    const last = page.at(-1);
    if (!last) return;
    after = { startedAt: last.cursor, id: last.participant.id };
    yield page.map(({ participant, version, params }) => ({
      studyCode: study.code,
      version,
      participantId: participant.id,
      excluded: participant.excluded,
      params,
      arm: participant.arm,
      orderRow: participant.orderRow,
      responseMapping:
        (participant.factorLevels as { responseMapping?: string }).responseMapping ?? null,
      stepOrder: participant.stepOrder,
      state: participant.state,
      row: participant,
    }));
  }
}

export async function* participantBatches(
  ctx: ServiceContext,
  study: StudyRow,
  withParams: boolean,
): AsyncGenerator<StudyParticipantExportRow[]> {
  for await (const page of iterateParticipants(ctx, study, PARTICIPANTS_PER_BATCH, withParams)) {
    yield page.map(({ row, ...facts }) => ({
      ...facts,
      consentHash: row.consentHash,
      consentedAt: row.consentedAt?.toISOString() ?? null,
      stepsDone: row.stepsDone,
      startedAt: row.startedAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
      withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
      completionCode:
        row.completionCode ?? (row.state === 'completed' ? study.completionCode : null),
      demographics: row.demographics as DemographicsAnswers,
    }));
  }
}

type RunRecord = {
  result: typeof testResults.$inferSelect;
  session: typeof testSessions.$inferSelect | null;
  participant: ParticipantRecord;
};

/**
 * Every trial of the runs of the study's participants who are not previews (of one task's runs
 * when `testType` is given): participants oldest start first, each one's runs oldest first,
 * trials in run order. A few participants' runs are read at a time (by the runs' owner index),
 * and their trials RESULTS_PER_BATCH runs at a time, so memory stays flat whatever the study's
 * size.
 */
export async function* trialBatches(
  ctx: ServiceContext,
  study: StudyRow,
  withParams: boolean,
  testType?: string,
): AsyncGenerator<StudyTrialRow[]> {
  for await (const participants of iterateParticipants(
    ctx,
    study,
    PARTICIPANTS_PER_RUN_BATCH,
    withParams,
  )) {
    const byId = new Map(participants.map((p, index) => [p.participantId, { p, index }]));
    const found = await ctx.db
      .select({ result: testResults, session: testSessions })
      .from(testResults)
      .leftJoin(testSessions, eq(testSessions.id, testResults.sessionId))
      .where(
        and(
          inArray(testResults.ownerId, [...byId.keys()]),
          testType === undefined ? undefined : eq(testResults.testType, testType),
        ),
      );
    const runs: RunRecord[] = [];
    for (const { result, session } of found) {
      const owner = byId.get(result.ownerId);
      if (owner) runs.push({ result, session, participant: owner.p });
    }
    const order = (run: RunRecord) => byId.get(run.participant.participantId)?.index ?? 0;
    runs.sort(
      (a, b) =>
        order(a) - order(b) ||
        a.result.startTime.getTime() - b.result.startTime.getTime() ||
        a.result.id.localeCompare(b.result.id),
    );
    for (let from = 0; from < runs.length; from += RESULTS_PER_BATCH) {
      yield await trialRowsOf(ctx, runs.slice(from, from + RESULTS_PER_BATCH));
    }
  }
}

/** The trials of `runs` as export rows, in the runs' order and each run's trials in run order. */
async function trialRowsOf(ctx: ServiceContext, runs: RunRecord[]): Promise<StudyTrialRow[]> {
  const stored = await ctx.db
    .select(STORED_TRIAL_COLUMNS)
    .from(trials)
    .where(
      inArray(
        trials.resultId,
        runs.map((run) => run.result.id),
      ),
    );
  const byResult = new Map<string, typeof stored>();
  for (const trial of stored) {
    const list = byResult.get(trial.resultId);
    if (list) list.push(trial);
    else byResult.set(trial.resultId, [trial]);
  }
  return runs.flatMap(({ result, session, participant }) => {
    const { row: _row, state: _state, ...facts } = participant;
    const base = {
      ...facts,
      studyStep: result.studyStep,
      ...toRunColumns(result),
      session: session
        ? {
            seed: session.seed,
            deviceInfo: session.deviceInfo as ExportSessionRecord['deviceInfo'],
            measurement: session.measurement as ExportSessionRecord['measurement'],
          }
        : null,
    };
    return (byResult.get(result.id) ?? [])
      .sort(compareRunOrder(result.testType))
      .map((trial): StudyTrialRow => ({ ...base, trial: toStoredTrial(trial) }));
  });
}

/** One table of a study's data, ready to stream. */
export type StudyExportSource<Row> = {
  fileName: string;
  columns: readonly ExportColumn<Row>[];
  batches: AsyncIterable<Row[]>;
};

/**
 * Opens a table of the study's data (the caller needs access to the study), records the
 * download in the audit log (with whether it holds the panel ids), and hands the table to
 * `use`, typed by its rows: `trials` or `participants`.
 */
export async function withStudyExport<T>(
  ctx: ServiceContext,
  user: User,
  studyId: string,
  {
    table,
    format,
    withParams = false,
  }: { table: StudyExportTable; format: ExportFormat; withParams?: boolean },
  use: <Row>(source: StudyExportSource<Row>) => T,
): Promise<T> {
  const { study } = await loadStudy(ctx, user, studyId);
  // Recorded before any row is read, as the research export is: what left the system is on
  // record even if the download is cut short.
  await writeAuditEntry(ctx, {
    actorId: user.id,
    action: 'STUDY_DATA_EXPORT',
    details: { studyId: study.id, studyCode: study.code, table, format, withParams },
  });
  const paramNames = await exportParamNames(ctx, study, withParams);
  const fileName = `study-${study.code}-${table}${withParams ? '-with-params' : ''}-${ctx.now().toISOString().slice(0, 10)}`;
  if (table === 'trials') {
    return use({
      fileName,
      columns: trialColumns(paramNames),
      batches: trialBatches(ctx, study, withParams),
    });
  }
  return use({
    fileName,
    columns: participantTableColumns(paramNames),
    batches: participantBatches(ctx, study, withParams),
  });
}

/** The data dictionary of a table of the study's data: one row per column, in column order. */
export async function getStudyExportDictionary(
  ctx: ServiceContext,
  user: User,
  studyId: string,
  table: StudyExportTable,
  withParams = false,
): Promise<{ fileName: string; rows: DictionaryRow[] }> {
  const { study } = await loadStudy(ctx, user, studyId);
  const paramNames = await exportParamNames(ctx, study, withParams);
  const rows =
    table === 'trials'
      ? describeColumns(trialColumns(paramNames))
      : describeColumns(participantTableColumns(paramNames));
  return { fileName: `study-${study.code}-${table}-dictionary`, rows };
}

/**
 * A table of the study's data as GET /export streams it, for a caller that has checked access
 * and written the audit entry (a background export job).
 */
export async function openStudyTable<T>(
  ctx: ServiceContext,
  study: StudyRow,
  { table, withParams }: { table: StudyExportTable; withParams: boolean },
  use: <Row>(source: Omit<StudyExportSource<Row>, 'fileName'>) => T,
): Promise<T> {
  const paramNames = await exportParamNames(ctx, study, withParams);
  if (table === 'trials') {
    return use({
      columns: trialColumns(paramNames),
      batches: trialBatches(ctx, study, withParams),
    });
  }
  return use({
    columns: participantTableColumns(paramNames),
    batches: participantBatches(ctx, study, withParams),
  });
}
