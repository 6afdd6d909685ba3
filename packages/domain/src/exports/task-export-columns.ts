import { getTaskExportColumns } from '../tasks/registry';
import { RESEARCH_EXPORT_COLUMNS } from './research-columns';
import { type ExportColumn, type ExportTrialRow, TRIAL_EXPORT_COLUMNS } from './trial-columns';

/**
 * Every registered task's own columns, each filled only on that task's rows, after the common
 * ones: the trial exports are one table for all tasks (ADR 027).
 */
const TASK_COLUMNS = getTaskExportColumns();

/** "Download my data" (GET /api/progress/export) and its data dictionary. */
export const MY_DATA_EXPORT_COLUMNS: readonly ExportColumn<ExportTrialRow>[] = [
  ...TRIAL_EXPORT_COLUMNS,
  ...TASK_COLUMNS,
];

/** The admin research export (GET /api/admin/export) and its data dictionary. */
export const RESEARCH_TRIAL_EXPORT_COLUMNS: readonly ExportColumn<ExportTrialRow>[] = [
  ...RESEARCH_EXPORT_COLUMNS,
  ...TASK_COLUMNS,
];
