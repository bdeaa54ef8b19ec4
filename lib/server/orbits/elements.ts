import 'server-only';
/** The current TLE set and its elements, and the epoch of an element set's line 1. */
import type { Queryable } from '../db/types';

/** Epoch of a TLE (line 1, columns 19–32: two-digit year and fractional day of year), ms since 1970. */
export function epochOf(line1: string): number {
  const yy = Number(line1.slice(18, 20));
  const day = Number(line1.slice(20, 32));
  const year = yy < 57 ? 2000 + yy : 1900 + yy;
  return Date.UTC(year, 0, 1) + (day - 1) * 86_400_000;
}

export interface TleSetRow {
  id: string;
  source: string;
  epoch_min: Date;
  epoch_max: Date;
  satellites: number;
}

export interface ElementRow {
  norad: number;
  name: string;
  epoch: Date;
  line1: string;
  line2: string;
}

export async function currentTleSet(db: Queryable): Promise<TleSetRow | null> {
  const [row] = await db.query<TleSetRow>(
    `SELECT id::text AS id, source, epoch_min, epoch_max, satellites FROM tle_sets WHERE current LIMIT 1`,
  );
  return row ?? null;
}

/**
 * Elements of the set for the given satellites, or (norads null) for every active Chinese land-observation
 * satellite the portal describes (satellite pages of area "cn") that the set has elements for.
 */
export async function elementsOf(db: Queryable, setId: string, norads: readonly number[] | null): Promise<ElementRow[]> {
  if (norads)
    return db.query<ElementRow>(
      `SELECT norad, name, epoch, line1, line2 FROM orbit_elements WHERE set_id = $1::bigint AND norad = ANY ($2::int[]) ORDER BY norad`,
      [setId, [...norads]],
    );
  return db.query<ElementRow>(
    `SELECT e.norad, e.name, e.epoch, e.line1, e.line2 FROM orbit_elements e
     WHERE e.set_id = $1::bigint AND e.norad IN (
       SELECT m.norad FROM satellite_members m JOIN satellites s ON s.slug = m.satellite_slug
       WHERE s.area = 'cn' AND m.status = 'active' AND m.norad IS NOT NULL)
     ORDER BY e.norad`,
    [setId],
  );
}

export interface ElementInput {
  norad: number;
  name: string;
  epoch: Date;
  line1: string;
  line2: string;
}

/**
 * Stores a checked element set (its epoch span and count from the elements) and returns its id: the shipped set
 * at seeding and an administrator's upload. Making it current (and the previous one not) is the caller's part.
 */
export async function insertTleSet(
  tx: Queryable,
  set: { source: string; uploadedBy: string | null; current: boolean; elements: readonly ElementInput[] },
): Promise<string> {
  const epochs = set.elements.map((e) => e.epoch.getTime());
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO tle_sets (source, uploaded_by, epoch_min, epoch_max, satellites, current)
     VALUES ($1, $2::bigint, $3, $4, $5, $6) RETURNING id::text AS id`,
    [set.source, set.uploadedBy, new Date(Math.min(...epochs)), new Date(Math.max(...epochs)), set.elements.length, set.current],
  );
  await tx.query(
    `INSERT INTO orbit_elements (set_id, norad, name, epoch, line1, line2)
     SELECT $1::bigint, e.norad, e.name, e.epoch, e.line1, e.line2
     FROM jsonb_to_recordset($2::jsonb) AS e(norad int, name text, epoch timestamptz, line1 text, line2 text)`,
    [row!.id, JSON.stringify(set.elements)],
  );
  return row!.id;
}
