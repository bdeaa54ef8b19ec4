'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { legendClasses, NO_DATA_COLOR } from '@/lib/shared/map/legend';
import { ControlPortal } from './control-portal';
import classes from './map-view.module.css';
import type { MapLegend } from './types';

/** Below this width the legend starts collapsed: open, it would cover much of a phone's map. */
export const LEGEND_COLLAPSED_QUERY = '(max-width: 37.5em)';

/**
 * The legend itself: title, unit and one swatch + label per class (the label, not only the colour,
 * carries the meaning). `collapsible` makes the title a disclosure button (aria-expanded) that shows
 * and hides the classes; it starts collapsed on phones and open elsewhere.
 */
export function LegendContent({ legend, collapsible = false }: { legend: MapLegend; collapsible?: boolean }) {
  const t = useTranslations('MapView');
  const titleId = useId();
  const listId = useId();
  const [open, setOpen] = useState(
    () => !collapsible || typeof window === 'undefined' || !window.matchMedia?.(LEGEND_COLLAPSED_QUERY).matches,
  );
  const noDataLabel = t('legendNoData');
  const items: { key: string; label: string; color: string }[] = legend.items
    ? legend.items.map((item, i) => ({ key: String(i), ...item }))
    : legendClasses(legend.max, legend.ramp, { classes: legend.classes, whole: legend.whole }).map((item) => ({
        key: String(item.index),
        label: item.noData ? noDataLabel : item.label,
        color: item.color,
      }));
  if (legend.noData && !items.some((item) => item.color === NO_DATA_COLOR))
    items.push({ key: 'no-data', label: noDataLabel, color: NO_DATA_COLOR });
  const title = (
    <>
      {legend.title}
      {legend.unit ? <span className={classes.legendUnit}> ({legend.unit})</span> : null}
    </>
  );
  return (
    <figure className={classes.legend} aria-labelledby={titleId} data-open={open || undefined}>
      <figcaption id={titleId} className={classes.legendTitle}>
        {collapsible ? (
          <button
            type="button"
            className={classes.legendToggle}
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpen((value) => !value)}
          >
            <span className={classes.legendChevron} aria-hidden="true" />
            {title}
          </button>
        ) : (
          title
        )}
      </figcaption>
      <ul id={listId} className={classes.legendList} hidden={!open}>
        {items.map((item) => (
          <li key={item.key} className={classes.legendItem}>
            <span className={classes.swatch} style={{ background: item.color }} aria-hidden="true" />
            <span>{item.label}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}

/** The legend as a Leaflet control in the bottom-right corner, collapsible (collapsed at first on phones). */
export function LegendControl({ legend }: { legend: MapLegend }) {
  return (
    <ControlPortal position="bottomright" className={classes.legendControl}>
      <LegendContent legend={legend} collapsible />
    </ControlPortal>
  );
}
