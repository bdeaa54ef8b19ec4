import 'server-only';
/**
 * GET /api/normal/v5/normalmeta/quicklook/{id}: a scene's quick-look. Demo scenes get a PNG drawn from
 * our own boundaries (draw.ts) over the footprint's bounding box — the search returns that box, so the
 * map lays the image over it — with strong cache headers: the picture is a function of the scene and of
 * the loaded boundaries only, and its ETag names both. Imported scenes redirect to their provider's
 * thumbnail, or answer 404 when they have none. Unknown ids answer 404 with the API's JSON envelope.
 */
import { createHash } from 'node:crypto';
import { API_CODES } from '../../../shared/contracts/api';
import { sceneIdParamsSchema } from '../../../shared/contracts/catalogue';
import { findCollection } from '../../../shared/catalogue/missions';
import { getDb } from '../../db';
import { loadedVersion } from '../../db/dataset-version';
import type { Queryable } from '../../db/types';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../../db/unavailable';
import { localeOfRequest, translateMessage } from '../../i18n';
import { log } from '../../log';
import { drawQuicklook, type QuicklookLand } from './draw';

/** Bump when the drawing changes: part of every ETag. */
const DRAW_VERSION = 'ql1';
const CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Bounding boxes larger than this (degrees) are not drawn (no demo scene comes near it). */
const MAX_BOX_DEG = 20;

interface SceneRow {
  source: 'demo' | 'imported';
  quicklook_url: string | null;
  collection: string;
  cloud_pct: number | null;
  updated_at: string;
  wkb: Uint8Array;
  w: number;
  s: number;
  e: number;
  n: number;
}

export type QuicklookAnswer =
  | { kind: 'png'; png: Buffer; etag: string }
  | { kind: 'not-modified'; etag: string }
  | { kind: 'redirect'; url: string }
  | { kind: 'missing' };

const bytes = (v: Uint8Array) => (v instanceof Uint8Array ? v : new Uint8Array(v));

async function landIn(db: Queryable, bbox: readonly [number, number, number, number]): Promise<QuicklookLand[]> {
  const rows = await db.query<{ key: string; province: boolean; wkb: Uint8Array }>(
    `WITH box AS (SELECT ST_MakeEnvelope($1, $2, $3, $4, 4326) AS g)
     SELECT 'c' || code AS key, false AS province, ST_AsBinary(ST_Intersection(geom, box.g)) AS wkb
       FROM global_regions, box WHERE geom && box.g AND code <> '156000000'
     UNION ALL
     SELECT 'p' || code, true, ST_AsBinary(ST_Intersection(geom_lo, box.g))
       FROM regions, box WHERE level = 'province' AND geom_lo && box.g
     ORDER BY 2, 1`,
    [...bbox],
  );
  return rows.map((r) => ({ key: r.key, province: r.province, wkb: bytes(r.wkb) }));
}

/** The quick-look of a scene; `ifNoneMatch` is the request's If-None-Match header. */
export async function sceneQuicklook(db: Queryable, id: string, ifNoneMatch: string | null): Promise<QuicklookAnswer> {
  const [scene] = await db.query<SceneRow>(
    `SELECT source, quicklook_url, collection, cloud_pct, updated_at::text AS updated_at, ST_AsBinary(footprint) AS wkb,
            ST_XMin(footprint) AS w, ST_YMin(footprint) AS s, ST_XMax(footprint) AS e, ST_YMax(footprint) AS n
     FROM scenes WHERE id = $1`,
    [id],
  );
  if (!scene) return { kind: 'missing' };
  if (scene.source !== 'demo') return scene.quicklook_url ? { kind: 'redirect', url: scene.quicklook_url } : { kind: 'missing' };
  const bbox = [scene.w, scene.s, scene.e, scene.n] as const;
  if (!(bbox[2] > bbox[0] && bbox[3] > bbox[1]) || bbox[2] - bbox[0] > MAX_BOX_DEG || bbox[3] - bbox[1] > MAX_BOX_DEG)
    return { kind: 'missing' };
  const boundaries = `${await loadedVersion(db, 'regions')}/${await loadedVersion(db, 'global_regions')}`;
  const etag = `"${createHash('sha256').update(`${DRAW_VERSION}\n${id}\n${scene.updated_at}\n${boundaries}`).digest('base64url').slice(0, 27)}"`;
  if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return { kind: 'not-modified', etag };
  const image = await drawQuicklook({
    id,
    bbox,
    footprintWkb: bytes(scene.wkb),
    cloudPct: scene.cloud_pct,
    sar: findCollection(scene.collection)?.sensor.sar ?? scene.cloud_pct === null,
    land: await landIn(db, bbox),
  });
  return { kind: 'png', png: image.png, etag };
}

function jsonError(
  request: Request,
  status: number,
  code: number,
  key: string,
  headers: Record<string, string> = {},
  values?: Record<string, string | number>,
): Response {
  const message = translateMessage(localeOfRequest(request), key, values);
  return Response.json({ code, message, data: null }, { status, headers: { 'cache-control': 'no-store', ...headers } });
}

/** The route's whole work: validate the id, answer the picture, a redirect, 304 or a JSON error. */
export async function quicklookResponse(request: Request, params: unknown): Promise<Response> {
  const parsed = sceneIdParamsSchema.safeParse(params);
  if (!parsed.success) return jsonError(request, 400, API_CODES.INVALID_INPUT, 'Catalogue.errors.badSceneId');
  try {
    const answer = await sceneQuicklook(await getDb(), parsed.data.id, request.headers.get('if-none-match'));
    switch (answer.kind) {
      case 'png':
        return new Response(new Uint8Array(answer.png), {
          headers: { 'content-type': 'image/png', 'cache-control': CACHE_CONTROL, etag: answer.etag, 'x-demo-data': 'true' },
        });
      case 'not-modified':
        return new Response(null, { status: 304, headers: { 'cache-control': CACHE_CONTROL, etag: answer.etag } });
      case 'redirect':
        return new Response(null, { status: 302, headers: { location: answer.url, 'cache-control': 'public, max-age=3600' } });
      default:
        return jsonError(request, 404, API_CODES.NOT_FOUND, 'Catalogue.errors.sceneNotFound');
    }
  } catch (error) {
    if (isDatabaseUnavailable(error)) {
      return jsonError(
        request,
        503,
        API_CODES.UNAVAILABLE,
        'Api.unavailable',
        { 'retry-after': String(RETRY_AFTER_SECONDS) },
        {
          seconds: RETRY_AFTER_SECONDS,
        },
      );
    }
    log.error('quicklook failed', { error: error instanceof Error ? error.stack : String(error) });
    return jsonError(request, 500, API_CODES.INTERNAL, 'Api.internal');
  }
}
