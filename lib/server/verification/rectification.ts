import 'server-only';
/**
 * Rectification checked on imagery (issue 34.3): for an illegal case its county has marked rectified, what could
 * show that the ground was restored — the catalogue's scenes whose footprint covers the whole spot and that were
 * acquired after the case was marked rectified (newest first), and the next land-cover batch's change spots at the
 * same place (spots overlapping it, detected on or after that day, of the earliest batch that has any). The
 * province closes the case citing one of them; the citation is checked here against the same conditions and
 * recorded in the history row (lib/server/workflow, covered by its hash).
 *
 * "After the rectification" is after `stage_since` of a case at `rectified`: the time of its move there.
 */
import type { Locale } from '../../../i18n/routing';
import type { RectificationEvidence } from '../../shared/contracts/verification';
import { ILLEGAL_VERDICTS } from '../../shared/workflow';
import type { Queryable } from '../db/types';

/** The most scenes listed (the newest); a citation is checked against the conditions, not this cut. */
export const EVIDENCE_SCENES_SHOWN = 20;
/** The most spots of the next batch listed (the largest overlaps first). */
const EVIDENCE_SPOTS_SHOWN = 10;

/** How a cited piece of evidence is named in the history. */
export type EvidenceRef = { kind: 'scene'; id: string } | { kind: 'spot'; id: string };
export const evidenceText = (ref: EvidenceRef) => `${ref.kind}:${ref.id}`;

/** Scenes `s` covering case `c`'s spot, acquired after it was marked rectified. */
const SCENE_FITS = `ST_Covers(s.footprint, c.geom) AND s.acquired_at > c.stage_since`;

/** The land-cover spots `sp` at case `c`'s place detected on or after the rectification day, of the earliest batch with any. */
const NEXT_SPOTS = `
  SELECT sp.id, sp.batch_id, sp.detected_on, sp.area_m2, sp.tblx, ST_Area(ST_Intersection(sp.geom, c.geom)::geography) AS overlap_m2
    FROM spots sp
   WHERE sp.theme = 'landcover' AND ST_Intersects(sp.geom, c.geom) AND sp.detected_on >= c.stage_since::date
     AND sp.batch_id = (SELECT s2.batch_id FROM spots s2 JOIN spot_batches b2 ON b2.id = s2.batch_id
                         WHERE s2.theme = 'landcover' AND b2.status = 'published' AND ST_Intersects(s2.geom, c.geom)
                           AND s2.detected_on >= c.stage_since::date
                         ORDER BY b2.period_start, b2.id LIMIT 1)`;

/** Whether case `caseId`'s state asks for evidence (rectified, with an illegal verdict). */
const RECTIFIED = `c.status = 'rectified' AND c.verdict = ANY ('{${ILLEGAL_VERDICTS.join(',')}}'::text[])`;

/** The evidence for a rectified illegal case, or null for any other case. */
export async function rectificationEvidence(db: Queryable, caseId: string, locale: Locale): Promise<RectificationEvidence | null> {
  const [head] = await db.query<{ rectified_at: Date }>(
    `SELECT c.stage_since AS rectified_at FROM verification_cases c WHERE c.id = $1 AND ${RECTIFIED}`,
    [caseId],
  );
  if (!head) return null;
  const [scenes, spots] = await Promise.all([
    db.query<{ id: string; satellite: string; sensor: string; acquired_at: Date; cloud_pct: number | null; resolution_m: number }>(
      `SELECT s.id, s.satellite, s.sensor, s.acquired_at, s.cloud_pct, s.resolution_m
         FROM verification_cases c JOIN scenes s ON ${SCENE_FITS}
        WHERE c.id = $1 ORDER BY s.acquired_at DESC, s.id LIMIT ${EVIDENCE_SCENES_SHOWN}`,
      [caseId],
    ),
    db.query<{
      id: string;
      quarter: string;
      batch_name: string;
      detected_on: string;
      area_m2: number;
      type_name: string | null;
      overlap_m2: number;
    }>(
      `SELECT n.id::text AS id, b.quarter, ${locale === 'en' ? 'b.type_name_en' : 'b.type_name_zh'} AS batch_name,
              to_char(n.detected_on, 'YYYY-MM-DD') AS detected_on, n.area_m2, ${locale === 'en' ? 'd.name_en' : 'd.name_zh'} AS type_name,
              n.overlap_m2
         FROM verification_cases c CROSS JOIN LATERAL (${NEXT_SPOTS}) n
         JOIN spot_batches b ON b.id = n.batch_id
         LEFT JOIN dictionary_items d ON d.code = 'SPOT_META_TYPE' AND d.item_value = n.tblx
        WHERE c.id = $1 ORDER BY n.overlap_m2 DESC, n.id LIMIT ${EVIDENCE_SPOTS_SHOWN}`,
      [caseId],
    ),
  ]);
  return {
    rectifiedAt: new Date(head.rectified_at).toISOString(),
    scenes: scenes.map((s) => ({
      id: s.id,
      satellite: s.satellite,
      sensor: s.sensor,
      acquiredAt: new Date(s.acquired_at).toISOString(),
      cloudPct: s.cloud_pct === null ? null : Number(s.cloud_pct),
      resolutionM: Number(s.resolution_m),
      quicklook: `/api/normal/v5/normalmeta/quicklook/${encodeURIComponent(s.id)}`,
    })),
    spots: spots.map((s) => ({
      id: s.id,
      quarter: s.quarter,
      batchName: s.batch_name,
      detectedOn: s.detected_on,
      areaM2: Math.round(Number(s.area_m2) * 10) / 10,
      overlapM2: Math.round(Number(s.overlap_m2) * 10) / 10,
      typeName: s.type_name,
    })),
  };
}

/** Whether `ref` is evidence for case `caseId` as it is now (the same conditions as the list). */
export async function evidenceFits(db: Queryable, caseId: string, ref: EvidenceRef): Promise<boolean> {
  const sql =
    ref.kind === 'scene'
      ? `SELECT 1 FROM verification_cases c JOIN scenes s ON ${SCENE_FITS} WHERE c.id = $1 AND ${RECTIFIED} AND s.id = $2`
      : `SELECT 1 FROM verification_cases c CROSS JOIN LATERAL (${NEXT_SPOTS}) n WHERE c.id = $1 AND ${RECTIFIED} AND n.id = $2::bigint`;
  if (ref.kind === 'spot' && !/^[1-9][0-9]{0,17}$/.test(ref.id)) return false;
  const rows = await db.query(sql, [caseId, ref.id]);
  return rows.length > 0;
}

/**
 * SQL counting, per county, the rectified illegal cases `c` (under `where`) that have imagery evidence: a scene
 * covering the spot acquired after the rectification. Read by the figures by region (spotTrack).
 */
export function imageryEvidenceSql(where: string): string {
  return `SELECT c.xzqdm, count(*)::int AS n FROM verification_cases c
           WHERE ${where} AND ${RECTIFIED} AND EXISTS (SELECT 1 FROM scenes s WHERE ${SCENE_FITS})
           GROUP BY c.xzqdm`;
}
