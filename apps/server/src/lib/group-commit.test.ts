import { afterEach, describe, expect, it, vi } from 'vitest';
import { groupCommit } from './group-commit.js';

describe('groupCommit', () => {
  it('writes an item at once when idle, and queues items that arrive during a write into one batch', async () => {
    const batches: number[][] = [];
    let release: () => void = () => undefined;
    const writer = groupCommit<number>(
      (items) => {
        batches.push(items);
        return batches.length === 1 ? new Promise<void>((r) => (release = r)) : Promise.resolve();
      },
      { maxBatch: 10 },
    );
    const first = writer.add(1);
    const rest = [writer.add(2), writer.add(3), writer.add(4)];
    expect(batches).toEqual([[1]]);
    expect(writer.pending).toBe(3);
    release();
    await Promise.all([first, ...rest]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('splits queued items by maxBatch', async () => {
    const batches: number[][] = [];
    const writer = groupCommit<number>(
      (items) => {
        batches.push(items);
        return Promise.resolve();
      },
      { maxBatch: 2 },
    );
    await Promise.all([1, 2, 3, 4, 5].map((n) => writer.add(n)));
    expect(batches).toEqual([[1], [2, 3], [4, 5]]);
  });

  it('rejects exactly the callers whose batch failed, and keeps writing afterwards', async () => {
    let calls = 0;
    const writer = groupCommit<string>(
      () => (++calls === 1 ? Promise.reject(new Error('disk full')) : Promise.resolve()),
      { maxBatch: 10 },
    );
    const failed = writer.add('a');
    const later = writer.add('b');
    await expect(failed).rejects.toThrow('disk full');
    await expect(later).resolves.toBeUndefined();
    await expect(writer.add('c')).resolves.toBeUndefined();
  });

  describe('with lingerMs', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    /** A writer on fake timers whose flushes succeed at once, and the batches it wrote. */
    function recording(opts: { maxBatch: number; lingerMs: number }) {
      vi.useFakeTimers();
      const batches: number[][] = [];
      const writer = groupCommit<number>((items) => {
        batches.push(items);
        return Promise.resolve();
      }, opts);
      return { writer, batches };
    }

    it('writes at once when idle, but gathers items that arrive while busy until the linger ends', async () => {
      const { writer, batches } = recording({ maxBatch: 10, lingerMs: 20 });
      await writer.add(1);
      expect(batches).toEqual([[1]]);
      // Right after a flush the writer is busy: the next items wait for company.
      const gathered = [2, 3, 4].map((n) => writer.add(n));
      expect(batches).toEqual([[1]]);
      await vi.advanceTimersByTimeAsync(20);
      await Promise.all(gathered);
      expect(batches).toEqual([[1], [2, 3, 4]]);
      // Idle again (longer than the linger since the last flush): written at once.
      await vi.advanceTimersByTimeAsync(50);
      const alone = writer.add(5);
      expect(batches).toEqual([[1], [2, 3, 4], [5]]);
      await alone;
    });

    it('does not wait once maxBatch items are waiting', async () => {
      const { writer, batches } = recording({ maxBatch: 3, lingerMs: 1000 });
      await writer.add(0);
      const full = [1, 2, 3].map((n) => writer.add(n));
      await Promise.all(full);
      expect(batches).toEqual([[0], [1, 2, 3]]);
    });
  });
});
