import { messages } from '@fitpost/contract';
import { ApiError } from '@/lib/api-client';

/**
 * Calls that read another user's data reject with just 'Error' (spec §8 "Several user calls"); the
 * detail goes to the console, not the screen. The status stays, so 4xx are still not retried.
 */
export async function withUserCallError<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    console.error('User call failed', error);
    throw new ApiError({
      status: error instanceof ApiError ? error.status : null,
      code: error instanceof ApiError ? error.code : 'unknown',
      text: messages['callError.user'],
      cause: error,
    });
  }
}
