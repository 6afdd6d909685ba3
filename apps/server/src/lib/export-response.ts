import {
  describeColumns,
  type ExportColumn,
  type ExportFormat,
  toCsvLine,
  toExportRecord,
} from '@cogni/domain';
import type { Logger } from './logger';

export async function* toCsvChunks<Row>(
  columns: readonly ExportColumn<Row>[],
  batches: AsyncIterable<Row[]>,
): AsyncGenerator<string> {
  yield toCsvLine(columns.map((column) => column.name));
  for await (const batch of batches) {
    if (batch.length === 0) continue;
    yield batch.map((row) => toCsvLine(columns.map((column) => column.value(row)))).join('');
  }
}

export async function* toJsonChunks<Row>(
  columns: readonly ExportColumn<Row>[],
  batches: AsyncIterable<Row[]>,
  exportedAt: Date,
): AsyncGenerator<string> {
  const head = { exportedAt: exportedAt.toISOString(), columns: describeColumns(columns) };
  yield `${JSON.stringify(head).slice(0, -1)},"rows":[`;
  let separator = '\n';
  for await (const batch of batches) {
    if (batch.length === 0) continue;
    yield separator + batch.map((row) => JSON.stringify(toExportRecord(columns, row))).join(',\n');
    separator = ',\n';
  }
  yield '\n]}\n';
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8; header=present',
  json: 'application/json; charset=utf-8',
};

/**
 * A download of `batches` as CSV (header row, one line per row) or JSON
 * (`{ exportedAt, columns, rows }`), streamed: each batch is read only when the client has taken
 * the previous one, so memory stays flat whatever the size. The first batch is read before the
 * response starts, so a failure there is an ordinary error response; a later failure can only
 * cut the download short, and is logged.
 */
export async function createExportResponse<Row>(options: {
  format: ExportFormat;
  fileName: string;
  columns: readonly ExportColumn<Row>[];
  batches: AsyncIterable<Row[]>;
  now: Date;
  logger: Logger;
}): Promise<Response> {
  const { format, columns, batches } = options;
  const chunks =
    format === 'csv' ? toCsvChunks(columns, batches) : toJsonChunks(columns, batches, options.now);
  const encoder = new TextEncoder();
  // Header chunk, then the first batch: both before the status line is sent.
  const first = [await chunks.next(), await chunks.next()];
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const result of first)
        if (!result.done) controller.enqueue(encoder.encode(result.value));
      if (first.some((result) => result.done)) controller.close();
    },
    async pull(controller) {
      try {
        const result = await chunks.next();
        if (result.done) controller.close();
        else controller.enqueue(encoder.encode(result.value));
      } catch (error) {
        options.logger.error({ err: error }, 'export failed mid-stream');
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      'Content-Type': CONTENT_TYPES[format],
      'Content-Disposition': `attachment; filename="${options.fileName}.${format}"`,
      'Cache-Control': 'no-store',
    },
  });
}
