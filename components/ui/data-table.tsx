import type { ComponentProps, CSSProperties } from 'react';
import classes from './data-table.module.css';

const SPACING = { xs: 'var(--mantine-spacing-xs)', sm: 'var(--mantine-spacing-sm)' } as const;

/**
 * A bordered data table that looks like Mantine's `<Table withTableBorder>`, as a plain element with a CSS
 * module: Mantine's Table is a client component whose module brings its ScrollArea and, through it,
 * `@floating-ui/react` (about 30 KB gzip together) to pages that otherwise need no script for their tables.
 * Cells are plain `th`/`td`; give header cells their `scope`. Put wide tables in `TableScroll`.
 */
export function DataTable({
  striped = false,
  spacing = 7,
  stickyHeader = false,
  stackOnPhone = false,
  className,
  style,
  ...rest
}: ComponentProps<'table'> & {
  striped?: boolean;
  /** Vertical cell padding: a Mantine spacing or pixels (Mantine's default, 7). */
  spacing?: keyof typeof SPACING | number;
  /** Keeps the header row visible while the scroll container scrolls. */
  stickyHeader?: boolean;
  /**
   * On phones, rows become cards and cells labelled lines: give each `td` a `data-label` (its column's
   * header), and give rows and cells explicit roles (`row`, `rowheader`, `cell`, `columnheader`): some
   * browsers drop a table's semantics once its parts are `display: block`. For tables of a few rows;
   * long lists read better scrolling sideways.
   */
  stackOnPhone?: boolean;
}) {
  const vars = {
    '--table-vertical-spacing': typeof spacing === 'number' ? `calc(${spacing / 16}rem * var(--mantine-scale))` : SPACING[spacing],
    ...style,
  } as CSSProperties;
  const names = [classes.table, striped && classes.striped, stickyHeader && classes.sticky, stackOnPhone && classes.stacked, className]
    .filter(Boolean)
    .join(' ');
  return <table className={names} style={vars} {...rest} />;
}
