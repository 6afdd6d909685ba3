import { describe, expect, it } from 'vitest';
import { createBatcher } from './batch';

/** A run function that records its batches and answers when told to. */
function recordingRun() {
  const batches: number[][] = [];
  const pending: Array<() => void> = [];
  const run = (items: number[]) => {
    batches.push(items);
    return new Promise<number[]>((resolve) => {
      pending.push(() => resolve(items.map((n) => n * 10)));
    });
  };
  const answerNext = () => pending.shift()?.();
  return { batches, run, answerNext };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('createBatcher', () => {
  it('sends a lone item at once, alone', async () => {
    const { batches, run, answerNext } = recordingRun();
    const load = createBatcher(run, { maxInFlight: 1, maxBatchSize: 10, timeoutMs: 10_000 });
    const answer = load(7);
    await nextTurn();
    expect(batches).toEqual([[7]]);
    answerNext();
    await expect(answer).resolves.toBe(70);
  });

  it('sends items of one turn together, and those that wait while the limit is out together', async () => {
    const { batches, run, answerNext } = recordingRun();
    const load = createBatcher(run, { maxInFlight: 1, maxBatchSize: 10, timeoutMs: 10_000 });
    const first = [load(1), load(2), load(3)];
    await nextTurn();
    expect(batches).toEqual([[1, 2, 3]]);
    // The one batch allowed is out: these wait, over several turns, and then go as one.
    const second = [load(4)];
    await nextTurn();
    second.push(load(5), load(6));
    await nextTurn();
    expect(batches).toHaveLength(1);
    answerNext();
    await expect(Promise.all(first)).resolves.toEqual([10, 20, 30]);
    await nextTurn();
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    answerNext();
    await expect(Promise.all(second)).resolves.toEqual([40, 50, 60]);
  });

  it('keeps batches to the largest size and runs up to the in-flight limit at once', async () => {
    const { batches, run, answerNext } = recordingRun();
    const load = createBatcher(run, { maxInFlight: 2, maxBatchSize: 2, timeoutMs: 10_000 });
    const answers = [1, 2, 3, 4, 5].map((n) => load(n));
    await nextTurn();
    expect(batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
    answerNext();
    await nextTurn();
    await nextTurn();
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
    answerNext();
    answerNext();
    await expect(Promise.all(answers)).resolves.toEqual([10, 20, 30, 40, 50]);
  });

  it('gives a failed batch its error, every item of it, and goes on with the next', async () => {
    let calls = 0;
    const load = createBatcher(
      async (items: number[]) => {
        calls++;
        if (calls === 1) throw new Error('database down');
        return items;
      },
      { maxInFlight: 1, maxBatchSize: 10, timeoutMs: 10_000 },
    );
    const failed = [load(1), load(2)];
    await expect(Promise.all(failed)).rejects.toThrow('database down');
    await expect(failed[1]).rejects.toThrow('database down');
    await expect(load(3)).resolves.toBe(3);
  });

  it('refuses an answer of the wrong length instead of giving items the wrong outputs', async () => {
    const load = createBatcher(async (items: number[]) => items.slice(1), {
      maxInFlight: 1,
      maxBatchSize: 10,
      timeoutMs: 10_000,
    });
    await expect(Promise.all([load(1), load(2)])).rejects.toThrow('batch of 2 answered 1');
  });

  it('gives up on a batch that never answers: its items get ETIMEDOUT and the next batch goes', async () => {
    let calls = 0;
    const load = createBatcher(
      (items: number[]) => {
        calls++;
        // The first batch hangs, as a query on a dead connection does.
        return calls === 1 ? new Promise<number[]>(() => {}) : Promise.resolve(items);
      },
      { maxInFlight: 1, maxBatchSize: 10, timeoutMs: 50 },
    );
    const hung = load(1);
    await nextTurn();
    const next = load(2);
    await expect(hung).rejects.toMatchObject({ code: 'ETIMEDOUT' });
    await expect(next).resolves.toBe(2);
  });
});
