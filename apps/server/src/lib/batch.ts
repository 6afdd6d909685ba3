/**
 * Runs the small queries of many concurrent requests as one (a DataLoader without the cache).
 * Items added in one turn of the event loop go out together on the next; while `maxInFlight`
 * batches are out, new items wait and leave together as soon as one returns. An idle server
 * therefore sends each item alone at once, and a busy one sends fewer, larger statements: one
 * round trip and one commit for many requests, where each used to cost its own (bench:load).
 *
 * `run` gets the items in the order they were added and must answer one output per item, in
 * the same order. If it throws, every item of that batch gets the error.
 */
export function createBatcher<I, O>(
  run: (items: I[]) => Promise<O[]>,
  options: { maxInFlight: number; maxBatchSize: number },
): (item: I) => Promise<O> {
  type Waiting = { item: I; resolve: (output: O) => void; reject: (error: unknown) => void };
  let waiting: Waiting[] = [];
  let inFlight = 0;
  let isScheduled = false;

  const send = (batch: Waiting[]) => {
    inFlight++;
    // run() may throw before it returns a promise; that is the batch's error too.
    Promise.resolve()
      .then(() => run(batch.map((w) => w.item)))
      .then((outputs) => {
        if (outputs.length !== batch.length) {
          throw new Error(`batch of ${batch.length} answered ${outputs.length}`);
        }
        for (const [i, w] of batch.entries()) w.resolve(outputs[i] as O);
      })
      .catch((error: unknown) => {
        for (const w of batch) w.reject(error);
      })
      .finally(() => {
        inFlight--;
        schedule();
      });
  };

  const flush = () => {
    isScheduled = false;
    while (waiting.length > 0 && inFlight < options.maxInFlight) {
      const batch =
        waiting.length <= options.maxBatchSize ? waiting : waiting.slice(0, options.maxBatchSize);
      waiting = batch === waiting ? [] : waiting.slice(options.maxBatchSize);
      send(batch);
    }
  };

  function schedule() {
    if (isScheduled || waiting.length === 0 || inFlight >= options.maxInFlight) return;
    isScheduled = true;
    setImmediate(flush);
  }

  return (item: I) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      schedule();
    });
}
