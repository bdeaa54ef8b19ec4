/**
 * Figures by region and period, one shape for all of them: the period (a batch: quarter or crop year), the asked
 * region, the level of the items, each item region (code, name, whether it is monitored at all) with its figures,
 * and the figures of the whole. What a figure is — counts and sums of features, crop areas, coverage — is the
 * parameter (`measures`); extra top-level fields (a season, the crops' order) sit between the level and the items.
 * The themes' statistics answers (lib/shared/contracts/spots.ts, plantingstructure.ts) are instances of it.
 */
import { z } from 'zod';

/** A period of figures: a theme's batch (a quarter of spot detection, a crop year). */
export const spotBatchSchema = z.object({
  id: z.string(),
  quarter: z.string(),
  typeName: z.string(),
  status: z.string(),
  current: z.boolean(),
  periodStart: z.string(),
  periodEnd: z.string(),
  demo: z.boolean(),
});
export type SpotBatch = z.infer<typeof spotBatchSchema>;

export const regionRefSchema = z.object({ code: z.string(), name: z.string(), level: z.string() });
export type RegionRef = z.infer<typeof regionRefSchema>;

/** One region's figures: `measures` beside the region's code and name. */
export function regionFiguresItemSchema<Measures extends z.ZodRawShape>(measures: Measures) {
  return z.object({
    code: z.string(),
    name: z.string(),
    ...measures,
    /** false for a region outside the monitoring programme (Taiwan, Hong Kong, Macao): its 0 means "no data". */
    monitored: z.boolean(),
  });
}

/** The figures of a region's children (or every region of a level in it) for one period, and of the whole. */
export function regionFiguresSchema<Measures extends z.ZodRawShape, Extra extends z.ZodRawShape = Record<never, never>>(
  measures: Measures,
  extra?: Extra,
) {
  return z.object({
    /** The period; null when the theme has none yet. */
    batch: spotBatchSchema.nullable(),
    region: regionRefSchema,
    /** Level of the items: the region's children, or the level asked for. */
    level: z.string(),
    ...((extra ?? {}) as Extra),
    items: z.array(regionFiguresItemSchema(measures)),
    total: z.object(measures),
  });
}
