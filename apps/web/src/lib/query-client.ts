import { onlineManager, QueryClient } from '@tanstack/react-query';
import { isOnline } from './online';
import { ApiError } from './api-client';

function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status !== null && error.status >= 400 && error.status < 500;
}

/** Retries only what might succeed next time: network failures and 5xx, never a 4xx. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return !isClientError(error) && failureCount < 2;
}

export function createQueryClient(): QueryClient {
  // TanStack Query assumes a network until the first `offline` event; a page opened offline (the
  // service worker's copy) should pause its queries at once rather than fail them after retries.
  onlineManager.setOnline(isOnline());
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
