'use client';

import { useEffect, useRef } from 'react';
import { usePathname } from '@/i18n/navigation';
import { apiFetch } from '@/lib/client/api';
import { visitNameFor } from '@/lib/shared/menu';

const INCR = '/api/statistics-transaction/v1/statistics-transaction/incr';
let appStartCounted = false;

function count(name: string, label: string) {
  // The counter never interrupts a visitor: failures are dropped.
  apiFetch(INCR, { method: 'POST', body: { name, label } }).catch(() => {});
}

/** Per navigation: scroll to the top and count the visit (spec §7: ALL on app start, then whitelisted routes). */
export function RouteEffects() {
  const pathname = usePathname();
  const previous = useRef<string | null>(null);

  useEffect(() => {
    if (!appStartCounted) {
      appStartCounted = true;
      count('ALL', document.title);
    }
  }, []);

  useEffect(() => {
    if (previous.current === pathname) return;
    if (previous.current !== null && !window.location.hash) window.scrollTo({ top: 0 });
    previous.current = pathname;
    const name = visitNameFor(pathname);
    if (name) count(name, pathname);
  }, [pathname]);

  return null;
}
