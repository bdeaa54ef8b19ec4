import { isServer, MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiClientError } from './api';
import { onQueriesReset, reportQueryError } from './query-events';

/** Retries of a busy answer (HTTP 503) before the error is shown: about half a minute at the server's pace. */
export const BUSY_RETRIES = 6;

/** Whether a failed query is tried again: network failures twice, busy answers (503) a few times, others never. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiClientError) return error.kind === 'busy' && failureCount < BUSY_RETRIES;
  return failureCount < 2;
}

/** The wait before a retry: what a busy server asked for (Retry-After), else React Query's back-off. */
export function retryDelay(failureCount: number, error: unknown): number {
  if (error instanceof ApiClientError && error.kind === 'busy' && error.retryAfterMs) return error.retryAfterMs;
  return Math.min(1000 * 2 ** failureCount, 30_000);
}

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: shouldRetry,
        retryDelay,
        refetchOnWindowFocus: false,
      },
    },
    queryCache: new QueryCache({ onError: reportQueryError }),
    mutationCache: new MutationCache({ onError: reportQueryError }),
  });
}

let browserClient: QueryClient | null = null;

/**
 * The browser's one query client, shared by every part of a page that runs queries (so they share the cache);
 * created on first use. On the server each render gets its own, so no answer leaks between visitors.
 */
export function getQueryClient(): QueryClient {
  if (isServer) return makeQueryClient();
  if (!browserClient) {
    const client = makeQueryClient();
    onQueriesReset(() => client.clear());
    browserClient = client;
  }
  return browserClient;
}
