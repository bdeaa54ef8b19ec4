import 'server-only';
/**
 * The cart (spec §3 "order cart"; issue 19): one row per user and scene, so adding twice keeps one.
 * Every function takes the caller's user id from the session — a user only ever touches their own cart.
 * "Add all results" takes the catalogue's own query (allSceneIds), newest first, at most maxAddAll.
 */
import type { CartChange, CartItem, CartPage, CartSummary } from '../../shared/contracts/orders';
import type { SceneFilter } from '../../shared/contracts/catalogue';
import { API_CODES } from '../../shared/contracts/api';
import { ORDER_LIMITS } from '../../shared/orders/model';
import { ApiError } from '../api/errors';
import { allSceneIds, quicklookPath } from '../catalogue';
import type { Database, Queryable } from '../db/types';

export const cartFull = () => new ApiError(API_CODES.INVALID_INPUT, 'Orders.errors.cartFull', { max: ORDER_LIMITS.maxCartItems });

export async function cartCount(db: Queryable, userId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM cart_items WHERE user_id = $1', [userId]);
  return row?.n ?? 0;
}

export interface AddToCart {
  ids?: readonly string[];
  filter?: SceneFilter;
  preview: boolean;
}

/** Puts scenes in the cart (or, for a preview, says what that would do). */
export async function addToCart(db: Database, userId: number, input: AddToCart): Promise<CartChange> {
  let ids: string[];
  let matched: number;
  let capped = false;
  if (input.filter) {
    const all = await allSceneIds(db, input.filter);
    matched = all.total;
    ids = all.ids.slice(0, ORDER_LIMITS.maxAddAll);
    capped = all.total > ids.length;
  } else {
    ids = [...new Set(input.ids ?? [])];
    matched = ids.length;
  }
  return db.transaction(async (tx) => {
    const [known] = await tx.query<{ known: number; in_cart: number }>(
      `SELECT count(*)::int AS known, count(c.scene_id)::int AS in_cart
         FROM scenes s LEFT JOIN cart_items c ON c.user_id = $1 AND c.scene_id = s.id
        WHERE s.id = ANY ($2::text[])`,
      [userId, ids],
    );
    if (!input.filter) matched = known?.known ?? 0;
    const alreadyInCart = known?.in_cart ?? 0;
    const before = await cartCount(tx, userId);
    const wouldAdd = (known?.known ?? 0) - alreadyInCart;
    if (input.preview) {
      return { matched, added: wouldAdd, alreadyInCart, capped, cap: ORDER_LIMITS.maxAddAll, count: before };
    }
    if (before + wouldAdd > ORDER_LIMITS.maxCartItems) throw cartFull();
    const added = await tx.query<{ scene_id: string }>(
      `INSERT INTO cart_items (user_id, scene_id)
       SELECT $1, s.id FROM scenes s WHERE s.id = ANY ($2::text[])
       ON CONFLICT (user_id, scene_id) DO NOTHING
       RETURNING scene_id`,
      [userId, ids],
    );
    return { matched, added: added.length, alreadyInCart, capped, cap: ORDER_LIMITS.maxAddAll, count: await cartCount(tx, userId) };
  });
}

/** Takes the given scenes out of the caller's cart, or all of them. */
export async function removeFromCart(
  db: Queryable,
  userId: number,
  ids: readonly string[] | 'all',
): Promise<{ removed: number; count: number }> {
  const removed =
    ids === 'all'
      ? await db.query('DELETE FROM cart_items WHERE user_id = $1 RETURNING scene_id', [userId])
      : await db.query('DELETE FROM cart_items WHERE user_id = $1 AND scene_id = ANY ($2::text[]) RETURNING scene_id', [userId, ids]);
  return { removed: removed.length, count: await cartCount(db, userId) };
}

export async function cartIds(db: Queryable, userId: number): Promise<string[]> {
  const rows = await db.query<{ scene_id: string }>('SELECT scene_id FROM cart_items WHERE user_id = $1 ORDER BY added_at DESC, scene_id', [
    userId,
  ]);
  return rows.map((r) => r.scene_id);
}

interface CartRow {
  scene_id: string;
  file_name: string;
  satellite: string;
  sensor: string;
  product_level: string;
  resolution_m: number;
  acquired_at: string;
  cloud_pct: number | null;
  size_mb: number | null;
  area_km2: number;
  online: boolean;
  source: 'demo' | 'imported';
  quicklook_url: string | null;
  footprint: string;
  min_lon: number;
  min_lat: number;
  max_lon: number;
  max_lat: number;
  added_at: Date;
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

function toCartItem(r: CartRow): CartItem {
  return {
    sceneId: r.scene_id,
    fileName: r.file_name,
    satellite: r.satellite,
    sensor: r.sensor,
    productLevel: r.product_level,
    resolutionM: round(r.resolution_m, 2),
    acquiredAt: r.acquired_at,
    cloudPct: r.cloud_pct === null ? null : round(r.cloud_pct, 1),
    sizeMb: r.size_mb === null ? null : round(r.size_mb, 1),
    areaKm2: round(r.area_km2, 1),
    online: r.online,
    quicklook: r.source === 'demo' ? quicklookPath(r.scene_id) : r.quicklook_url,
    footprint: JSON.parse(r.footprint) as CartItem['footprint'],
    bbox: [r.min_lon, r.min_lat, r.max_lon, r.max_lat].map((n) => round(n, 6)) as CartItem['bbox'],
    addedAt: new Date(r.added_at).toISOString(),
  };
}

export async function cartSummary(db: Queryable, userId: number): Promise<CartSummary> {
  const [row] = await db.query<{ n: number; online: number; size_mb: number; area_km2: number }>(
    `SELECT count(*)::int AS n, count(*) FILTER (WHERE s.online)::int AS online,
            coalesce(sum(s.size_mb), 0)::float8 AS size_mb, coalesce(sum(s.area_km2), 0)::float8 AS area_km2
       FROM cart_items c JOIN scenes s ON s.id = c.scene_id WHERE c.user_id = $1`,
    [userId],
  );
  const count = row?.n ?? 0;
  const online = row?.online ?? 0;
  return { count, online, offline: count - online, sizeMb: round(row?.size_mb ?? 0, 1), areaKm2: round(row?.area_km2 ?? 0, 1) };
}

export async function cartPage(db: Queryable, userId: number, pageNum: number, pageSize: number): Promise<CartPage> {
  const summary = await cartSummary(db, userId);
  const rows =
    summary.count === 0
      ? []
      : await db.query<CartRow>(
          `SELECT c.scene_id, c.added_at, s.file_name, s.satellite, s.sensor, s.product_level, s.resolution_m::float8 AS resolution_m,
                  to_char(s.acquired_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS acquired_at,
                  s.cloud_pct::float8 AS cloud_pct, s.size_mb::float8 AS size_mb, s.area_km2, s.online, s.source, s.quicklook_url,
                  ST_AsGeoJSON(s.footprint, 5)::text AS footprint,
                  ST_XMin(s.footprint) AS min_lon, ST_YMin(s.footprint) AS min_lat, ST_XMax(s.footprint) AS max_lon, ST_YMax(s.footprint) AS max_lat
             FROM cart_items c JOIN scenes s ON s.id = c.scene_id
            WHERE c.user_id = $1
            ORDER BY c.added_at DESC, c.scene_id
            LIMIT $2 OFFSET $3`,
          [userId, pageSize, (pageNum - 1) * pageSize],
        );
  return { list: rows.map(toCartItem), total: summary.count, pageNum, pageSize, summary };
}
