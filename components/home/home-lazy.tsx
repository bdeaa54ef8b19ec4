'use client';

import dynamic from 'next/dynamic';
import { useEffect, useRef, useState } from 'react';
import classes from './home.module.css';

/*
 * Home's parts fetched in the browser: the live platform figures always, the news highlights and satellite showcase
 * only when the page was built without the database (app/[locale]/[landing]/page.tsx renders them on the server otherwise).
 * Their code and response schemas load after the page is interactive; the placeholders keep the layout still.
 */

/** The panel's place while its code loads (decorative, hidden from assistive technology). */
function Placeholder({ height }: { height: number }) {
  return <div className={classes.placeholder} style={{ height }} aria-hidden="true" />;
}

export const NewsHighlightsLazy = dynamic(() => import('./news-highlights').then((m) => m.NewsHighlights), {
  ssr: false,
  loading: () => <Placeholder height={260} />,
});

const PlatformFigures = dynamic(() => import('./platform-figures').then((m) => m.PlatformFigures), {
  ssr: false,
  loading: () => <Placeholder height={230} />,
});

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

/**
 * The platform figures sit at the bottom of home: their code and the live counts load when a visitor scrolls towards
 * them, not while the page is becoming interactive.
 */
export function PlatformFiguresLazy() {
  const { ref, near } = useNearViewport('400px 0px');
  return near ? (
    <PlatformFigures />
  ) : (
    <div ref={ref}>
      <Placeholder height={230} />
    </div>
  );
}

export const SatelliteShowcaseLazy = dynamic(() => import('./satellite-showcase').then((m) => m.SatelliteShowcase), {
  ssr: false,
  loading: () => <Placeholder height={220} />,
});
