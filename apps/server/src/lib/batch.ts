/**
 * The server's batches: one out at a time per statement (of the pool's ten connections), up to
 * 500 items each. One rather than two: while a batch is out the next one fills, so a busy server
 * sends half as many statements and commits, which cost PostgreSQL and the kernel more than the
 * wait does (ADR 019). A batch waits for a connection in the pool's queue like any query, which
 * a flood of logins can make long (ADR 016): 30 s, the time a browser gives a request, is what a
 * batch may take before its requests are told to try again.
 */
export const BATCHING = { maxInFlight: 1, maxBatchSize: 500, timeoutMs: 30_000 } as const;

/**
 * Runs the small queries of many concurrent requests as one (a DataLoader without the cache).
 * Items added in one turn of the event loop go out together on the next; while `maxInFlight`
 * batches are out, new items wait and leave together as soon as one returns. An idle server
 * therefore sends each item alone at once, and a busy one sends fewer, larger statements: one
 * round trip and one commit for many requests instead of one each (ADR 016).
 *
 * `run` gets the items in the order they were added and must answer one output per item, in
 * the same order. If it throws, every item of that batch gets the error. A batch that has not
 * answered after `timeoutMs` gets an ETIMEDOUT error (a 503) and gives up its place: a query
 * hung on a dead connection would otherwise hold one of the few places for good, and every
 * request after it would wait behind it.
 */
export function createBatcher<I, O>(
  run: (items: I[]) => Promise<O[]>,
  options: { maxInFlight: number; maxBatchSize: number; timeoutMs: number },
): (item: I) => Promise<O> {
  type Waiting = { item: I; resolve: (output: O) => void; reject: (error: unknown) => void };
  let waiting: Waiting[] = [];
  let inFlight = 0;
  let isScheduled = false;

  const send = (batch: Waiting[]) => {
    inFlight++;
    let isSettled = false;
    // The first of answer, error and timeout settles the batch; whatever comes later is dropped.
    const settle = (answer: (w: Waiting, i: number) => void) => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(timer);
      for (const [i, w] of batch.entries()) answer(w, i);
      inFlight--;
      schedule();
    };
    const timer = setTimeout(() => {
      const message = `no answer from the database in ${options.timeoutMs} ms`;
      const error = Object.assign(new Error(message), { code: 'ETIMEDOUT' });
      settle((w) => w.reject(error));
    }, options.timeoutMs);
    // run() may throw before it returns a promise; that is the batch's error too.
    Promise.resolve()
      .then(() => run(batch.map((w) => w.item)))
      .then(
        (outputs) => {
          if (outputs.length !== batch.length) {
            const error = new Error(`batch of ${batch.length} answered ${outputs.length}`);
            settle((w) => w.reject(error));
            return;
          }
          settle((w, i) => w.resolve(outputs[i] as O));
        },
        (error: unknown) => settle((w) => w.reject(error)),
      );
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
