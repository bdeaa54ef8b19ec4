'use client';

import { useEffect, useRef } from 'react';
import { usePathname } from '@/i18n/navigation';
import { countAppStart, countVisit } from '@/lib/client/visit-counter';
import { visitNameFor } from '@/lib/shared/menu';

/** Per navigation: scroll to the top and count the visit (spec §7: ALL on app start, then whitelisted routes). */
export function RouteEffects() {
  const pathname = usePathname();
  const previous = useRef<string | null>(null);

  useEffect(() => {
    void countAppStart(document.title);
  }, []);

  useEffect(() => {
    if (previous.current === pathname) return;
    if (previous.current !== null && !window.location.hash) window.scrollTo({ top: 0 });
    previous.current = pathname;
    const name = visitNameFor(pathname);
    if (name) void countVisit(name, pathname);
  }, [pathname]);

  return null;
}
