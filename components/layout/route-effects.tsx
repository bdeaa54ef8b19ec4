'use client';

import { useEffect, useRef } from 'react';
import { usePathname } from '@/i18n/navigation';
import { countAppStart, countVisit } from '@/lib/client/visit-counter';

// The visit names come from the route registry, which loads after the page (not with every page's first script).
const visitName = (path: string) => import('@/lib/shared/menu').then((m) => m.visitNameFor(path));

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
    void visitName(pathname).then(
      (name) => name && countVisit(name, pathname),
      () => undefined, // a chunk that failed to load costs one count, never the page
    );
  }, [pathname]);

  return null;
}
