'use client';

import './mantine-screen-styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ComponentType, type ReactNode } from 'react';
import { getQueryClient } from '@/lib/client/query-client';

/**
 * React Query for the part of a page that runs queries. It is not in the shared layout, so content pages load none
 * of it; screens wrap their client root in it, and lazily loaded parts (dialogs, home's live panels) wrap themselves
 * with `withQueries`. Every boundary hands out the same browser-wide client, so they share one cache.
 */
export function QueryBoundary({ children }: { children: ReactNode }) {
  const [client] = useState(getQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** The component inside a QueryBoundary: for parts loaded on demand that run queries. */
export function withQueries<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithQueries(props: P) {
    return (
      <QueryBoundary>
        <Component {...props} />
      </QueryBoundary>
    );
  }
  WithQueries.displayName = `withQueries(${Component.displayName ?? Component.name})`;
  return WithQueries;
}
