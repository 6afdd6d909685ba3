/** Rows one delete statement removes at most when a table is pruned. */
export const DELETE_BATCH_ROWS = 1_000;

/**
 * Runs `deleteBatch` (which deletes at most DELETE_BATCH_ROWS rows and answers how many) until it
 * deletes fewer, letting waiting requests reach the database between statements (PGlite has one
 * connection). Answers how many rows it deleted in all.
 */
export async function deleteInBatches(deleteBatch: () => Promise<number>): Promise<number> {
  let deleted = 0;
  for (;;) {
    const count = await deleteBatch();
    deleted += count;
    if (count < DELETE_BATCH_ROWS) return deleted;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
