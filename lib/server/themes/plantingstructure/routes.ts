import 'server-only';
/**
 * The structure handlers of a theme declaring a structure (planting structure) on the generic API
 * (app/api/[theme]/[version]/structure/…): the theme's structure contracts parse and authorise the call; a
 * theme without a structure answers the envelope's 404, as any unknown path.
 */
import { structureContractsFor } from '../../../shared/contracts/themes';
import { scopePrefixes } from '../../../shared/spots/scope';
import { withApi } from '../../api/with-api';
import { rangePrefixes } from '../../theme-features';
import { themeRoute } from '../routes';
import { structureSequence, structureStatistics, structureTrend } from './structure';

export const structureRoute = themeRoute((theme) => {
  const c = structureContractsFor(theme.id);
  return c
    ? withApi(c.structure, async ({ db, params, query, locale }) =>
        structureStatistics(db, theme, { batchId: params.x, ...query, locale }),
      )
    : null;
});

export const structureLatestRoute = themeRoute((theme) => {
  const c = structureContractsFor(theme.id);
  return c
    ? withApi(c.latest, async ({ db, query, locale }) => structureStatistics(db, theme, { batchId: null, ...query, locale }))
    : null;
});

export const structureTrendRoute = themeRoute((theme) => {
  const c = structureContractsFor(theme.id);
  return c ? withApi(c.trend, async ({ db, query, locale }) => structureTrend(db, theme, { ...query, locale })) : null;
});

export const structureSequenceRoute = themeRoute((theme) => {
  const c = structureContractsFor(theme.id);
  return c
    ? withApi(c.sequence, async ({ db, query, session, locale }) =>
        structureSequence(db, theme, { ...query, scope: scopePrefixes(rangePrefixes(session!)), locale }),
      )
    : null;
});
