'use client';

import dynamic from 'next/dynamic';
import classes from './home.module.css';

/*
 * Home's live parts (news highlights, satellite showcase, platform figures) are fetched in the browser, so that the page
 * itself stays static; their code and response schemas load once the page is interactive instead of
 * delaying its first render. The placeholders keep the layout from shifting meanwhile.
 */

/** The panel's place while its code loads (decorative, hidden from assistive technology). */
function Placeholder({ height }: { height: number }) {
  return <div className={classes.placeholder} style={{ height }} aria-hidden="true" />;
}

export const NewsHighlightsLazy = dynamic(() => import('./news-highlights').then((m) => m.NewsHighlights), {
  ssr: false,
  loading: () => <Placeholder height={260} />,
});

export const PlatformFiguresLazy = dynamic(() => import('./platform-figures').then((m) => m.PlatformFigures), {
  ssr: false,
  loading: () => <Placeholder height={230} />,
});

export const SatelliteShowcaseLazy = dynamic(() => import('./satellite-showcase').then((m) => m.SatelliteShowcase), {
  ssr: false,
  loading: () => <Placeholder height={220} />,
});
