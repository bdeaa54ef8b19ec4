import type { CSSProperties, ReactNode } from 'react';
import classes from './table-scroll.module.css';

/**
 * A wide table that scrolls sideways on narrow screens: plain CSS instead of Mantine's
 * TableScrollContainer, which brings its ScrollArea (and ~25 KB of script) to otherwise script-free pages.
 * Focusable, so keyboard users can scroll it too.
 */
export function TableScroll({
  minWidth,
  maxHeight,
  label,
  children,
}: {
  minWidth: number;
  maxHeight?: number;
  label?: string;
  children: ReactNode;
}) {
  const style = { '--table-min-width': `${minWidth}px`, ...(maxHeight ? { maxHeight } : {}) } as CSSProperties;
  return (
    <div className={classes.scroll} style={style} tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
