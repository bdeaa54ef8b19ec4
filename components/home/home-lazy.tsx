'use client';

import { lazy, Suspense, useEffect, useRef, useState, type Ref } from 'react';
import { FigureCell, FigurePending } from './figure-cell';
import type { VisitLabels } from './visit-figures';

/*
 * Home's live part, fetched in the browser: the visit counter (everything else on home, the other figures included,
 * is rendered on the server, app/[locale]/[landing]/page.tsx). Its code loads once a visitor scrolls towards it; until
 * then its two cells stand in the panel with their labels and a pending value, so nothing moves.
 */

const VisitFigures = lazy(() => import('./visit-figures').then((m) => ({ default: m.VisitFigures })));

function PendingVisits({ labels, cellRef }: { labels: VisitLabels; cellRef?: Ref<HTMLDivElement> }) {
  return (
    <>
      <FigureCell label={labels.today} testId="visits-today" cellRef={cellRef}>
        <FigurePending />
      </FigureCell>
      <FigureCell label={labels.total} testId="visits-total">
        <FigurePending />
      </FigureCell>
    </>
  );
}

/** Becomes true once the element is within `margin` of the viewport. */
function useNearViewport(margin: string) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: margin });
    observer.observe(element);
    return () => observer.disconnect();
  }, [margin, near]);
  return { ref, near };
}

/** The visit counter's cells: its code and the live counts load when a visitor scrolls towards them. */
export function VisitFiguresLazy({ labels }: { labels: VisitLabels }) {
  const { ref, near } = useNearViewport('400px 0px');
  return near ? (
    <Suspense fallback={<PendingVisits labels={labels} />}>
      <VisitFigures labels={labels} />
    </Suspense>
  ) : (
    <PendingVisits labels={labels} cellRef={ref} />
  );
}
