'use client';

import dynamic from 'next/dynamic';
import { useEffect, useRef, useState } from 'react';
import classes from './home.module.css';

/*
 * Home's live part, fetched in the browser: the platform figures with the visit counter (everything else on home is
 * rendered on the server, app/[locale]/[landing]/page.tsx). Its code loads once a visitor scrolls towards it; the
 * placeholder keeps the layout still.
 */

/** The panel's place while its code loads (decorative, hidden from assistive technology). */
function Placeholder({ height }: { height: number }) {
  return <div className={classes.placeholder} style={{ height }} aria-hidden="true" />;
}

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
