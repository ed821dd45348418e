import { describe, expect, it } from 'vitest';
import { makeAutoPost, makeDetail } from '@/test/fixtures';
import { nextCheckMs } from './get-auto-post';
import { nextListCheckMs } from './get-auto-posts';

const now = Date.parse('2030-03-15T13:00:00.000Z');
const at = (ms: number) => new Date(now + ms).toISOString();

describe('when the Auto-Post views look again', () => {
  it('progress: every 2 s while it runs or has posts pending, at its time before, never after', () => {
    expect(nextCheckMs(makeDetail({ status: 'fanning_out' }), now)).toBe(2000);
    expect(nextCheckMs(makeDetail({ scheduledAt: at(-1000) }), now)).toBe(2000);
    expect(nextCheckMs(makeDetail({ scheduledAt: at(10_000) }), now)).toBe(10_000);
    expect(nextCheckMs(makeDetail({ scheduledAt: at(3_600_000) }), now)).toBe(60_000);
    const pending = [{ network: 'x' as const, targets: 2, published: 1, failed: 0, pending: 1 }];
    expect(nextCheckMs(makeDetail({ status: 'done' }, { byNetwork: pending }), now)).toBe(2000);
    expect(nextCheckMs(makeDetail({ status: 'done' }), now)).toBe(false);
    expect(nextCheckMs(makeDetail({ status: 'cancelled' }, { byNetwork: pending }), now)).toBe(false);
  });

  it('list: every 5 s while one publishes, else when the next one is due', () => {
    expect(nextListCheckMs([], now)).toBe(false);
    expect(nextListCheckMs([makeAutoPost({ status: 'done' })], now)).toBe(false);
    expect(
      nextListCheckMs(
        [makeAutoPost({ scheduledAt: at(40_000) }), makeAutoPost({ scheduledAt: at(20_000) })],
        now,
      ),
    ).toBe(20_000);
    expect(nextListCheckMs([makeAutoPost({ scheduledAt: at(-5) })], now)).toBe(5000);
    expect(nextListCheckMs([makeAutoPost({ status: 'fanning_out' })], now)).toBe(5000);
  });
});
