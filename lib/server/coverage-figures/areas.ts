import 'server-only';
/**
 * The geodesic km² of regions' full-resolution boundaries, measured once per database and process: the boundaries do
 * not change while the portal runs (a reload of the regions is a restart's seed). Shared by the figures' refresh
 * (./cells.ts), which would otherwise measure a county's thousands of vertices again for every month, and the
 * roll-ups (./figures.ts).
 */
import { geodesicKm2Sql } from '../catalogue';
import type { Queryable } from '../db/types';

/** Regions per statement. */
const PIECE = 300;

const known = new WeakMap<object, Map<string, number>>();

export async function regionAreas(db: Queryable, codes: readonly string[]): Promise<Map<string, number>> {
  let areas = known.get(db);
  if (!areas) known.set(db, (areas = new Map()));
  const missing = [...new Set(codes.filter((c) => !areas.has(c)))];
  for (let i = 0; i < missing.length; i += PIECE) {
    const rows = await db.query<{ code: string; km2: number }>(
      `SELECT r.code, ${geodesicKm2Sql('r.geom_hi')} AS km2 FROM regions r WHERE r.code = ANY ($1::text[])`,
      [missing.slice(i, i + PIECE)],
    );
    for (const r of rows) areas.set(r.code, r.km2);
  }
  return new Map(codes.map((c) => [c, areas.get(c) ?? 0]));
}
