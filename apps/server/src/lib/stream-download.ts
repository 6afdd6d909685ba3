import type { Logger } from './logger';

/**
 * A download of `chunks`, streamed with backpressure: a chunk is read only when the client has
 * taken the one before, so memory stays flat whatever the size. The first chunk is read before
 * the response starts, so a failure there is an ordinary error response; a later failure can
 * only cut the download short, and is logged.
 */
export async function createDownloadResponse(options: {
  chunks: AsyncGenerator<Uint8Array>;
  fileName: string;
  contentType: string;
  /** The size, when known (a finished file). */
  bytes?: number;
  logger: Logger;
}): Promise<Response> {
  const { chunks } = options;
  const first = await chunks.next();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (first.done) controller.close();
      else controller.enqueue(first.value);
    },
    async pull(controller) {
      try {
        const result = await chunks.next();
        if (result.done) controller.close();
        else controller.enqueue(result.value);
      } catch (error) {
        options.logger.error({ err: error }, 'download failed mid-stream');
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  const headers: Record<string, string> = {
    'Content-Type': options.contentType,
    'Content-Disposition': `attachment; filename="${options.fileName}"`,
    'Cache-Control': 'no-store',
  };
  if (options.bytes !== undefined) headers['Content-Length'] = String(options.bytes);
  return new Response(body, { headers });
}
