'use client';

import type { ReactNode } from 'react';
import classes from './monitor.module.css';

/** Map beside the module's panels (above them at phone width); without a map the panels take the width. */
export function ModuleLayout({ map, children }: { map: ReactNode | null; children: ReactNode }) {
  if (map === null) return <div className={classes.panelAlone}>{children}</div>;
  return (
    <div className={classes.layout}>
      <div className={classes.map}>{map}</div>
      <div className={classes.panel}>{children}</div>
    </div>
  );
}

/** Map height: shorter on phones so the panels stay in reach. */
export const MAP_HEIGHT = 'clamp(300px, 60vh, 560px)';
