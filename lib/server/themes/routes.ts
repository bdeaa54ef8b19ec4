import 'server-only';
/**
 * The handlers of every theme on the generic API (app/api/[theme]/[version]/…): the theme is looked up
 * by its declared API base, each theme's own contract (its code lists, its permission) parses and
 * authorises the call, and one service (lib/server/theme-features) answers from the declaration. An unknown
 * theme or version is the envelope's 404, as any unknown path.
 */
import { z } from 'zod';
import { defineContract } from '../../shared/contracts/api';
import { contractsOf, type ThemeContracts } from '../../shared/contracts/themes';
import { classLimits, DEFAULT_CLASS_COUNT } from '../../shared/map/legend';
import { scopePrefixes } from '../../shared/spots/scope';
import { themeByApi } from '../../shared/themes';
import type { ThemeDefinition, ThemeId } from '../../shared/themes';
import { notFound } from '../api/errors';
import { withApi } from '../api/with-api';
import { findSpot, gridPercent, listSpots, rangePrefixes, spotStatistics, spotTrend } from '../theme-features';

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
type Handler = (request: Request, context: RouteContext) => Promise<Response>;

const unknownThemeContract = defineContract({
  method: 'GET',
  path: '/api/{theme}/{version}',
  summary: 'Unknown theme',
  tag: 'Themes',
  access: 'public',
  response: z.null(),
});
const unknown = withApi(unknownThemeContract, async () => {
  throw notFound();
});

/**
 * A GET route for every generic theme: the theme is resolved once, from the path (`/api/{theme}/{version}`), and
 * `build` makes its handler from the declaration itself, or null where the theme lacks the call. Handlers take
 * the theme from here, never from a query parameter.
 */
export function themeRoute(build: (theme: ThemeDefinition<ThemeId>, contracts: ThemeContracts) => Handler | null): Handler {
  const cache = new Map<string, Handler | null>();
  return async (request, context) => {
    const { theme: segment, version } = await context.params;
    const theme = typeof segment === 'string' && typeof version === 'string' ? themeByApi(segment, version) : null;
    if (!theme) return unknown(request, context);
    if (!cache.has(theme.id)) cache.set(theme.id, build(theme, contractsOf(theme.id)));
    const handler = cache.get(theme.id);
    return handler ? handler(request, context) : unknown(request, context);
  };
}

export const statisticsRoute = themeRoute((theme, c) =>
  withApi(c.statistics, async ({ db, params, query, locale }) => {
    const { regionId, level, ...filters } = query;
    return spotStatistics(db, theme, { batchId: params.x, regionId, level, filters, locale });
  }),
);

export const latestRoute = themeRoute((theme, c) =>
  withApi(c.latest, async ({ db, query, locale }) => {
    const { regionId, level, ...filters } = query;
    return spotStatistics(db, theme, { batchId: null, regionId, level, filters, locale });
  }),
);

export const trendRoute = themeRoute((theme, c) =>
  withApi(c.trend, async ({ db, query, locale }) => {
    const { regionId, ...filters } = query;
    return spotTrend(db, theme, { regionId, filters, locale });
  }),
);

export const listRoute = themeRoute((theme, c) =>
  withApi(c.list, async ({ db, query, session, locale }) => {
    const { pageNum, pageSize, batchStart, batchEnd, batch, filename, xzqdm, ...filters } = query;
    const scope = scopePrefixes(rangePrefixes(session!), xzqdm);
    return listSpots(db, theme, { scope, filters, batchStart, batchEnd, batch, filename, pageNum, pageSize, locale });
  }),
);

export const getRoute = themeRoute((theme, c) =>
  withApi(c.get, async ({ db, params, session, locale }) => {
    const spot = await findSpot(db, theme, params.id, rangePrefixes(session!), locale);
    if (!spot) throw notFound();
    return spot;
  }),
);

/** Grid cells (themes with the grid module): the features of a batch in the caller's area ranges, per map tile. */
export const gridRoute = themeRoute((theme, c) =>
  c.grid
    ? withApi(c.grid, async ({ db, query, session, locale }) => {
        const { regionId, batch, level, ...filters } = query;
        const scope = scopePrefixes(rangePrefixes(session!), regionId);
        return gridPercent(db, theme, { scope, batchId: batch ?? null, level, filters, locale });
      })
    : null,
);

/** The road length legend (spec §7): equal classes of km per region of the current batch, as the map colours them. */
export const lengthLegendRoute = themeRoute((theme, c) =>
  c.lengthLegend
    ? withApi(c.lengthLegend, async ({ db, query, locale }) => {
        const { regionId, level, ...filters } = query;
        const statistics = await spotStatistics(db, theme, { batchId: null, regionId, level, filters, locale });
        const max = statistics.max.length ?? 0;
        const limits = classLimits(max, DEFAULT_CLASS_COUNT);
        return {
          unit: 'km' as const,
          level: statistics.level,
          max,
          classes: max === 0 ? [{ from: 0, to: 0 }] : limits.map((from, i) => ({ from, to: limits[i + 1] ?? max })),
        };
      })
    : null,
);
