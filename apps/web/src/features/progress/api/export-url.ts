import type { ExportFormat } from '@cogni/domain';

/** "Download my data": served with Content-Disposition: attachment, so a plain link saves it. */
export function getExportUrl(format: ExportFormat): string {
  return `/api/progress/export?format=${format}`;
}
