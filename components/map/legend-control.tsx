'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { legendClasses } from '@/lib/shared/map/legend';
import { ControlPortal } from './control-portal';
import classes from './map-view.module.css';
import type { MapLegend } from './types';

/** The legend itself: title, unit and one swatch + label per class (the label, not only the colour, carries the meaning). */
export function LegendContent({ legend }: { legend: MapLegend }) {
  const t = useTranslations('MapView');
  const titleId = useId();
  const items = legendClasses(legend.max, legend.ramp, legend.classes);
  return (
    <figure className={classes.legend} aria-labelledby={titleId}>
      <figcaption id={titleId} className={classes.legendTitle}>
        {legend.title}
        {legend.unit ? <span className={classes.legendUnit}> ({legend.unit})</span> : null}
      </figcaption>
      <ul className={classes.legendList}>
        {items.map((item) => (
          <li key={item.index} className={classes.legendItem}>
            <span className={classes.swatch} style={{ background: item.color }} aria-hidden="true" />
            <span>{item.noData ? t('legendNoData') : item.label}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}

/** The legend as a Leaflet control in the bottom-right corner. */
export function LegendControl({ legend }: { legend: MapLegend }) {
  return (
    <ControlPortal position="bottomright" className={classes.legendControl}>
      <LegendContent legend={legend} />
    </ControlPortal>
  );
}
