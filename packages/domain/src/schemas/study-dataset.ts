import { z } from 'zod';
import { englishText } from '../texts';
import { EXPORT_FORMAT_ERROR, EXPORT_FORMATS } from './progress';
import { FIELD_TEXTS } from './validation-texts';

/**
 * A study's dataset (ADR 041, step f): the Psych-DS zip, the row counts shown before a
 * download, and the background jobs that export a large study to a file.
 */

/** One data file of the Psych-DS dataset and how many rows it holds. */
export const StudyDatasetFileSchema = z.object({
  /** The file's path in the zip: `data/study-<code>_task-<task>_data.csv`. */
  path: z.string(),
  /** The task's test type; null for the participants table. */
  testType: z.string().nullable(),
  rows: z.number().int(),
});
export type StudyDatasetFile = z.infer<typeof StudyDatasetFileSchema>;

/**
 * GET /api/studies/:id/export/counts: the rows of the study's data (previews left out, excluded
 * participants in), the Psych-DS files they make, and from how many trial rows an export is best
 * run as a background job.
 */
export const StudyExportCountsSchema = z.object({
  trials: z.number().int(),
  participants: z.number().int(),
  files: z.array(StudyDatasetFileSchema),
  /** More trial rows than this: the page exports as a background job. */
  jobThreshold: z.number().int(),
});
export type StudyExportCounts = z.infer<typeof StudyExportCountsSchema>;

/** What a background export makes: the Psych-DS zip, or one table of the study's data. */
export const STUDY_EXPORT_JOB_KINDS = ['psych-ds', 'trials', 'participants'] as const;
export type StudyExportJobKind = (typeof STUDY_EXPORT_JOB_KINDS)[number];

export const STUDY_EXPORT_JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type StudyExportJobState = (typeof STUDY_EXPORT_JOB_STATES)[number];

const TEXTS = {
  psychDsFormat: englishText(
    /*i18n*/ {
      id: 'validation.psychDsFormat',
      message: 'A Psych-DS dataset is a zip: leave format out',
    },
  ),
  psychDsParams: englishText(
    /*i18n*/ {
      id: 'validation.psychDsParams',
      message: 'A Psych-DS dataset is pseudonymous: it never holds the captured parameters',
    },
  ),
};

/**
 * POST /api/studies/:id/export-jobs: the Psych-DS zip (no format), or a table as CSV (the
 * default) or JSON.
 */
export const CreateStudyExportJobInputSchema = z
  .strictObject({
    kind: z.enum(STUDY_EXPORT_JOB_KINDS, {
      error: englishText(
        /*i18n*/ {
          id: 'validation.exportJobKind',
          message: "kind must be 'psych-ds', 'trials' or 'participants'",
        },
      ),
    }),
    format: z.enum(EXPORT_FORMATS, { error: EXPORT_FORMAT_ERROR }).optional(),
    /** A table with the captured URL parameters (panel ids): an audited choice. */
    withParams: z
      .boolean({ error: englishText(FIELD_TEXTS.trueOrFalse, { field: 'withParams' }) })
      .optional(),
  })
  .superRefine((input, ctx) => {
    if (input.kind !== 'psych-ds') return;
    if (input.format !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['format'],
        message: TEXTS.psychDsFormat,
      });
    }
    if (input.withParams !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['withParams'],
        message: TEXTS.psychDsParams,
      });
    }
  });
export type CreateStudyExportJobInput = z.infer<typeof CreateStudyExportJobInputSchema>;

/** A background export as the study page shows it. */
export const StudyExportJobSchema = z.object({
  id: z.string(),
  kind: z.enum(STUDY_EXPORT_JOB_KINDS),
  /** The download's format: zip for Psych-DS, csv or json for a table. */
  format: z.enum(['zip', ...EXPORT_FORMATS]),
  state: z.enum(STUDY_EXPORT_JOB_STATES),
  /** Whether the table holds the captured URL parameters (panel ids). */
  withParams: z.boolean(),
  /** The rows counted when the job was made, and how many are written so far. */
  rowsTotal: z.number().int(),
  rowsDone: z.number().int(),
  /** The download's name. */
  fileName: z.string(),
  /** The file's size once done; null before. */
  bytes: z.number().int().nullable(),
  /** Why the job failed; null unless it did. */
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** When the file and the job are deleted (a day after it finished); null until then. */
  expiresAt: z.string().nullable(),
});
export type StudyExportJob = z.infer<typeof StudyExportJobSchema>;

export const StudyExportJobResponseSchema = z.object({ job: StudyExportJobSchema });
export const StudyExportJobListResponseSchema = z.object({ jobs: z.array(StudyExportJobSchema) });
