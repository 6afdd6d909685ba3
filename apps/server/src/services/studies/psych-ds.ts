import {
  type CellValue,
  type ExportColumn,
  findTask,
  type StudyDataset,
  type StudyDatasetFile,
  StudyDatasetSchema,
  TASKS,
  toCsvLine,
  type User,
} from '@cogni/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import { Zip, ZipDeflate } from 'fflate';
import { studyParticipants, studyVersions, testResults, trials } from '../../db/schema';
import { writeAuditEntry } from '../audit/write-audit-entry';
import type { ServiceContext } from '../context';
import { loadStudy, type StudyRow } from './study-access';
import {
  participantBatches,
  participantTableColumns,
  taskTrialColumns,
  trialBatches,
} from './study-export';

/**
 * A study's data as a Psych-DS dataset (ADR 041, step f; https://psych-ds.github.io/): a zip of
 * `dataset_description.json` (schema.org `Dataset` JSON-LD whose `variableMeasured` names every
 * column of every data file), `README.md`, and under `data/` one CSV per task and the
 * participants table, each named by keyword-value pairs and ending `_data.csv`. The dataset is
 * pseudonymous: no captured URL parameter is in it. Previews are left out and excluded
 * participants kept, marked, as in the study's other exports. Each file is deflated batch by
 * batch as its rows are read, so memory stays flat whatever the study's size.
 */

/** The deflate level: 6, zlib's default, compresses CSV about tenfold at a good speed. */
const DEFLATE_LEVEL = 6;

/** The column Psych-DS reserves for a row's id, unique in its file: 1, 2, 3 … here. */
const ROW_ID = 'row_id';

/**
 * A task's value for the `task` keyword: Psych-DS values are letters and digits only, so the
 * task's URL slug loses a trailing `-test` and its hyphens (docs/studies.md lists the values).
 */
export function psychDsTaskValue(testType: string): string {
  const task = findTask(testType);
  if (!task) throw new Error(`No task is registered for the test type '${testType}'`);
  return task.slug
    .replace(/-test$/, '')
    .replaceAll(/[^A-Za-z0-9]/g, '')
    .toLowerCase();
}

/**
 * The rows a task's file holds at most: a task with more is split into parts of this many
 * rows, so each file stays far below the 4 GiB a zip entry can hold without Zip64, which
 * fflate does not write (a trial row is under 1 KB).
 */
export const PSYCH_DS_ROWS_PER_FILE = 1_000_000;

/**
 * The path in the zip of a task's trials: `data/study-<code>_task-<task>_data.csv`, or for a
 * part of a task split in parts, `..._task-<task>_description-part<n>_data.csv` (from 1).
 */
export function psychDsTaskPath(studyCode: string, testType: string, part?: number): string {
  const value = psychDsTaskValue(testType);
  const described = part === undefined ? '' : `_description-part${part}`;
  return `data/study-${studyCode}_task-${value}${described}_data.csv`;
}

/** The path in the zip of the participants table. */
export function psychDsParticipantsPath(studyCode: string): string {
  return `data/study-${studyCode}_description-participants_data.csv`;
}

/** The download's name. */
export const psychDsZipName = (studyCode: string) => `study-${studyCode}_psych-ds.zip`;

/** The rows of a study's data, counted before an export: what the study page shows. */
export type StudyRowCounts = {
  trials: number;
  participants: number;
  /** The Psych-DS data files: one per task with trials, in the task list's order, then the participants table. */
  files: StudyDatasetFile[];
};

/**
 * Counts the study's rows as its exports hold them: participants who are not previews, and the
 * trials of their runs by task, a task's in parts of `rowsPerFile`. Two aggregate queries,
 * whatever the study's size.
 */
export async function countStudyRows(
  ctx: ServiceContext,
  study: StudyRow,
  rowsPerFile = PSYCH_DS_ROWS_PER_FILE,
): Promise<StudyRowCounts> {
  const notPreview = and(
    eq(studyParticipants.studyId, study.id),
    eq(studyParticipants.isPreview, false),
  );
  const [participantCount] = await ctx.db
    .select({ count: sql<number>`count(*)::int` })
    .from(studyParticipants)
    .where(notPreview);
  const byTask = await ctx.db
    .select({ testType: testResults.testType, count: sql<number>`count(*)::int` })
    .from(trials)
    .innerJoin(testResults, eq(testResults.id, trials.resultId))
    .innerJoin(studyParticipants, eq(studyParticipants.id, testResults.ownerId))
    .where(notPreview)
    .groupBy(testResults.testType);
  const counted = new Map(byTask.map((row) => [row.testType, Number(row.count)]));
  const participants = Number(participantCount?.count ?? 0);
  const taskFiles = [...counted]
    .filter(([testType, rows]) => rows > 0 && findTask(testType))
    .sort(([a], [b]) => taskOrder(a) - taskOrder(b))
    .flatMap(([testType, rows]) => {
      if (rows <= rowsPerFile) {
        return [{ path: psychDsTaskPath(study.code, testType), testType, rows }];
      }
      const parts = Math.ceil(rows / rowsPerFile);
      return Array.from({ length: parts }, (_, index) => ({
        path: psychDsTaskPath(study.code, testType, index + 1),
        testType,
        rows: Math.min(rowsPerFile, rows - index * rowsPerFile),
      }));
    });
  return {
    trials: taskFiles.reduce((sum, file) => sum + file.rows, 0),
    participants,
    files: [
      ...taskFiles,
      { path: psychDsParticipantsPath(study.code), testType: null, rows: participants },
    ],
  };
}

/** A task's place in the task list, so the files come in a fixed order. */
const taskOrder = (testType: string) => TASKS.findIndex((task) => task.id === testType);

/** What the dataset says of a column. */
type ColumnFacts = { name: string; type: string; description: string };

/**
 * One table of the dataset: the paths of its file or parts (each part but the last holding
 * PSYCH_DS_ROWS_PER_FILE rows; the last takes the rest), its columns, and its rows' cells in
 * batches.
 */
type DataTable = {
  paths: string[];
  columns: readonly ColumnFacts[];
  cells: () => AsyncIterable<CellValue[][]>;
};

function dataTable<Row>(
  paths: string[],
  columns: readonly ExportColumn<Row>[],
  batches: () => AsyncIterable<Row[]>,
): DataTable {
  return {
    paths,
    columns,
    cells: async function* () {
      for await (const batch of batches()) {
        yield batch.map((row) => columns.map((column) => column.value(row)));
      }
    },
  };
}

function dataTables(ctx: ServiceContext, study: StudyRow, counts: StudyRowCounts): DataTable[] {
  const tables: DataTable[] = [];
  let previousTestType: string | null = null;
  for (const file of counts.files) {
    const { testType } = file;
    const previous = tables.at(-1);
    if (testType === null) {
      tables.push(
        dataTable([file.path], participantTableColumns([]), () =>
          participantBatches(ctx, study, false),
        ),
      );
    } else if (previous && previousTestType === testType) {
      // A further part of the same task's table.
      previous.paths.push(file.path);
    } else {
      tables.push(
        dataTable([file.path], taskTrialColumns(testType), () =>
          trialBatches(ctx, study, false, testType),
        ),
      );
    }
    previousTestType = testType;
  }
  return tables;
}

/** The newest version's title and description: what participants were shown. */
async function describedAs(
  ctx: ServiceContext,
  study: StudyRow,
): Promise<{ title: string; description: string }> {
  const [version] = await ctx.db
    .select({ content: studyVersions.content })
    .from(studyVersions)
    .where(eq(studyVersions.studyId, study.id))
    .orderBy(desc(studyVersions.number))
    .limit(1);
  const content = (version?.content ?? {}) as { title?: string; description?: string };
  return {
    title: content.title?.trim() || study.name,
    description: content.description?.trim() ?? '',
  };
}

/**
 * The dataset's `dataset_description.json`: schema.org `Dataset` JSON-LD with the name and
 * description Psych-DS requires, the study's authors, license and keywords, and one
 * `PropertyValue` per column name of the data files, described as the data dictionary describes
 * it (a task's own column by its task).
 */
export function describeDataset(options: {
  title: string;
  description: string;
  studyCode: string;
  dataset: StudyDataset;
  files: readonly { columns: readonly ColumnFacts[] }[];
  createdAt: Date;
}): Record<string, unknown> {
  const variables = new Map<string, { type: string; description: string }>();
  variables.set(ROW_ID, {
    type: 'integer',
    description:
      'The row’s number in its table, from 1, counting on across a task’s parts: unique in its file.',
  });
  for (const file of options.files) {
    for (const column of file.columns) {
      if (!variables.has(column.name)) {
        variables.set(column.name, { type: column.type, description: column.description });
      }
    }
  }
  const { authors, license, keywords } = options.dataset;
  const description =
    options.description ||
    `The data of the study ${options.title}: its participants and the trials of their tasks.`;
  return {
    '@context': 'https://schema.org/',
    '@type': 'Dataset',
    name: options.title,
    description,
    identifier: `study-${options.studyCode}`,
    dateCreated: options.createdAt.toISOString(),
    ...(authors.length > 0 ? { author: authors.map((name) => ({ '@type': 'Person', name })) } : {}),
    ...(license ? { license } : {}),
    ...(keywords.length > 0 ? { keywords } : {}),
    variableMeasured: [...variables].map(([name, { type, description: text }]) => ({
      '@type': 'PropertyValue',
      name,
      description: `${text} (${type})`,
    })),
  };
}

/** A count as the README writes it: 1,000,000. */
const number = (count: number) => count.toLocaleString('en');

function readme(options: {
  title: string;
  studyCode: string;
  counts: StudyRowCounts;
  createdAt: Date;
}): string {
  const lines = [
    `# ${options.title}`,
    '',
    `The data of the study ${options.studyCode}, exported by Cogni on ${options.createdAt.toISOString()} as a Psych-DS dataset (https://psych-ds.github.io/).`,
    '',
    '`dataset_description.json` describes the dataset and every column of its data files (`variableMeasured`). The data files, under `data/`, are CSV (UTF-8, one header row, a comma between fields):',
    '',
    ...options.counts.files.map(
      (file) =>
        `- \`${file.path}\`: ${number(file.rows)} ${file.testType === null ? 'participants, one row each' : `trials of the task ${findTask(file.testType)?.name ?? file.testType}, one row each`}`,
    ),
    '',
    `A task with more than ${number(PSYCH_DS_ROWS_PER_FILE)} trials is split into parts (\`description-part1\`, …) in the order of its rows; \`row_id\` counts on across them.`,
    '',
    'Participants are pseudonymous: a random id, with no URL parameter of their link. Previews are left out; participants the researcher excluded are in, with `participant_excluded` true. Text cells that a spreadsheet could read as a formula begin with an apostrophe.',
    '',
  ];
  return lines.join('\n');
}

/** The dataset, ready to stream: its name, the counts it was made from, and its bytes. */
export type PsychDsDataset = {
  fileName: string;
  counts: StudyRowCounts;
  chunks: AsyncGenerator<Uint8Array>;
};

/**
 * Makes the study's Psych-DS dataset (the caller has checked access): counts the rows, then
 * returns the zip's bytes as a generator read at the consumer's pace. `onRows` hears how many
 * data rows each batch wrote (a job's progress); `rowsPerFile` is the most rows of a task's
 * file (PSYCH_DS_ROWS_PER_FILE; smaller in tests).
 */
export async function openPsychDsDataset(
  ctx: ServiceContext,
  study: StudyRow,
  {
    onRows = () => {},
    rowsPerFile = PSYCH_DS_ROWS_PER_FILE,
  }: { onRows?: (rows: number) => void; rowsPerFile?: number } = {},
): Promise<PsychDsDataset> {
  const counts = await countStudyRows(ctx, study, rowsPerFile);
  const { title, description } = await describedAs(ctx, study);
  const files = dataTables(ctx, study, counts);
  const createdAt = ctx.now();
  const dataset = StudyDatasetSchema.parse(study.dataset ?? {});
  const json = describeDataset({
    title,
    description,
    studyCode: study.code,
    dataset,
    files,
    createdAt,
  });
  const head: [string, string][] = [
    ['dataset_description.json', `${JSON.stringify(json, null, 2)}\n`],
    ['README.md', readme({ title, studyCode: study.code, counts, createdAt })],
  ];
  return {
    fileName: psychDsZipName(study.code),
    counts,
    chunks: zipChunks(head, files, { modified: createdAt, rowsPerFile, onRows }),
  };
}

/** The most bytes a zip entry, and the whole zip, may hold without Zip64. */
const ZIP32_MAX_BYTES = 0xffff_ffff;

/**
 * The zip's bytes: fflate's streaming Zip deflates each file as its text is pushed and hands
 * the compressed bytes back at once (synchronously), so each step yields what one batch made
 * and nothing is held beyond it. A table in parts moves to its next file after `rowsPerFile`
 * rows (the last part takes the rest); `row_id` counts on across
 * parts. A file or a zip past what the zip format holds without Zip64 ends the export with an
 * error rather than a broken archive.
 */
async function* zipChunks(
  head: readonly [string, string][],
  tables: readonly DataTable[],
  {
    modified,
    rowsPerFile,
    onRows,
  }: { modified: Date; rowsPerFile: number; onRows: (rows: number) => void },
): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder();
  let out: Uint8Array[] = [];
  let failure: Error | null = null;
  let zipBytes = 0;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else out.push(chunk);
  });
  const take = () => {
    if (failure) throw failure;
    const taken = out;
    out = [];
    for (const chunk of taken) zipBytes += chunk.length;
    if (zipBytes > ZIP32_MAX_BYTES) throw new Error('The dataset passes the 4 GiB a zip may hold');
    return taken;
  };
  const open = (path: string) => {
    const entry = new ZipDeflate(path, { level: DEFLATE_LEVEL });
    entry.mtime = modified;
    zip.add(entry);
    let bytes = 0;
    return {
      push(text: string, final = false) {
        const data = encoder.encode(text);
        bytes += data.length;
        if (bytes > ZIP32_MAX_BYTES)
          throw new Error(`${path} passes the 4 GiB a zip entry may hold`);
        entry.push(data, final);
      },
    };
  };
  for (const [path, text] of head) open(path).push(text, true);
  yield* take();
  for (const table of tables) {
    const header = toCsvLine([ROW_ID, ...table.columns.map((c) => c.name)]);
    let part = 0;
    let entry = open(table.paths[part] ?? '');
    entry.push(header);
    let rowId = 0;
    let rowsInPart = 0;
    for await (const batch of table.cells()) {
      let text = '';
      for (const cells of batch) {
        if (rowsInPart === rowsPerFile && part + 1 < table.paths.length) {
          entry.push(text, true);
          text = '';
          yield* take();
          part += 1;
          entry = open(table.paths[part] ?? '');
          entry.push(header);
          rowsInPart = 0;
        }
        rowId += 1;
        rowsInPart += 1;
        text += toCsvLine([rowId, ...cells]);
      }
      if (text) entry.push(text);
      onRows(batch.length);
      yield* take();
    }
    entry.push('', true);
    yield* take();
    // Parts counted but not filled (rows deleted meanwhile): each a header, so every listed file is there.
    for (part += 1; part < table.paths.length; part++)
      open(table.paths[part] ?? '').push(header, true);
    yield* take();
  }
  zip.end();
  yield* take();
}

/**
 * Opens the study's Psych-DS dataset for `user` (who needs access to the study) and records the
 * download in the audit log before any row is read, as the other exports do.
 */
export async function downloadPsychDsDataset(
  ctx: ServiceContext,
  user: User,
  studyId: string,
): Promise<PsychDsDataset> {
  const { study } = await loadStudy(ctx, user, studyId);
  await writeAuditEntry(ctx, {
    actorId: user.id,
    action: 'STUDY_DATA_EXPORT',
    details: {
      studyId: study.id,
      studyCode: study.code,
      table: 'psych-ds',
      format: 'zip',
      withParams: false,
    },
  });
  return openPsychDsDataset(ctx, study);
}

/** The row counts of the study's data for `user` (who needs access to the study). */
export async function getStudyRowCounts(
  ctx: ServiceContext,
  user: User,
  studyId: string,
): Promise<StudyRowCounts> {
  const { study } = await loadStudy(ctx, user, studyId);
  return countStudyRows(ctx, study);
}
