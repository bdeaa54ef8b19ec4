'use client';

import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { usePathname } from '@/i18n/navigation';
import { apiFetch } from '@/lib/client/api';
import { visitKeys } from '@/lib/client/queries/visits';
import { incrVisitContract } from '@/lib/shared/contracts/visits';
import { visitNameFor } from '@/lib/shared/menu';

let appStartCounted = false;

function count(queryClient: QueryClient, name: string, label: string) {
  apiFetch(incrVisitContract.path, { method: 'POST', body: { name, label } })
    .then(() => queryClient.invalidateQueries({ queryKey: visitKeys.all }))
    // The counter never interrupts a visitor: failures are dropped.
    .catch(() => {});
}

/** Per navigation: scroll to the top and count the visit (spec §7: ALL on app start, then whitelisted routes). */
export function RouteEffects() {
  const pathname = usePathname();
  const queryClient = useQueryClient();
  const previous = useRef<string | null>(null);

  useEffect(() => {
    if (!appStartCounted) {
      appStartCounted = true;
      count(queryClient, 'ALL', document.title);
    }
  }, [queryClient]);

  useEffect(() => {
    if (previous.current === pathname) return;
    if (previous.current !== null && !window.location.hash) window.scrollTo({ top: 0 });
    previous.current = pathname;
    const name = visitNameFor(pathname);
    if (name) count(queryClient, name, pathname);
  }, [pathname, queryClient]);

  return null;
}
