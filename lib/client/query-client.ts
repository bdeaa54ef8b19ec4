import { isServer, MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiClientError } from './api';
import { onQueriesReset, reportQueryError } from './query-events';

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (count, error) => !(error instanceof ApiClientError) && count < 2,
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
