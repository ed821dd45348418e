import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formatDate } from './dates';

describe('formatDate', () => {
  it('formats as M/D/YYYY', () => {
    expect(formatDate(new Date(2025, 2, 4, 15, 30))).toBe('3/4/2025');
    expect(formatDate(dayjs('2024-12-25T08:00:00'))).toBe('12/25/2024');
  });

  it('is empty for no date or an invalid one', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
