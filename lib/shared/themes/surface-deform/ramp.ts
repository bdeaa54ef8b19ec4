/**
 * The diverging legend of the deformation rate (mm/a): the class a rate falls in, from the theme's
 * declared classes (subsidence red, stable near white, uplift blue). The map layer and the legend beside
 * the map use this one function, so a swatch always matches the cells.
 */
import { DEFORM_RATE_CLASSES } from '.';

export type RateClass = (typeof DEFORM_RATE_CLASSES)[number];

/** The class of a rate: [from, to), the outer classes open-ended. */
export function rateClassOf(rate: number): RateClass {
  const classes = DEFORM_RATE_CLASSES;
  if (rate < classes[0].to) return classes[0];
  for (const c of classes) if (rate >= c.from && rate < c.to) return c;
  return classes[classes.length - 1]!;
}

export const rateColor = (rate: number): string => rateClassOf(rate).color;
