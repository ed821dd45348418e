import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { shouldRetry } from './query-client';

const apiError = (status: number | null) => new ApiError({ status, code: 'x', text: 'x' });

describe('shouldRetry', () => {
  it('never retries a 4xx', () => {
    expect(shouldRetry(0, apiError(400))).toBe(false);
    expect(shouldRetry(0, apiError(404))).toBe(false);
  });

  it('retries network failures and 5xx twice', () => {
    expect(shouldRetry(0, apiError(null))).toBe(true);
    expect(shouldRetry(1, apiError(503))).toBe(true);
    expect(shouldRetry(2, apiError(503))).toBe(false);
  });
});
