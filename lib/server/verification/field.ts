import 'server-only';
/**
 * The offline package of a batch for a county checker (issue 34.2): the spots of the batch they check — in their
 * checker regions, at a stage where the checker moves the case (pushed, checking, returned) — with outline, form,
 * version and moves; the form's dictionaries; and the base-map tiles of the spots' area (lib/shared/verification/
 * field-tiles.ts). The package is read with the checker's own range (scope in SQL, like every verification read),
 * and what is done offline goes back through the ordinary moves and photo uploads, so it is checked again then.
 */
import type { Locale } from '../../../i18n/routing';
import {
  FIELD_PACKAGE_MAX_CASES,
  type FieldPackage,
  type FieldPackageQuery,
  type FieldPackageSummary,
} from '../../shared/contracts/verification-field';
import { regionPrefix } from '../../shared/regions/codes';
import { planFieldTiles, type Box } from '../../shared/verification/field-tiles';
import { verificationMoves, type VerificationStatus, type VerificationVerdict } from '../../shared/workflow';
import { notFound } from '../api/errors';
import type { Queryable, SqlParam } from '../db/types';
import { nameSql } from '../regions/names';
import { rolesReaching, type VerificationActor } from './cases';

const CHECKER = 'checker';
/** The stages of the check in the field: taken into checking, being checked, returned to be checked again. */
export const FIELD_STAGES: readonly VerificationStatus[] = ['pushed', 'checking', 'returned'];

interface Row {
  id: string;
  spot_no: string;
  xzqdm: string;
  county_name: string | null;
  change_type: string;
  change_type_name: string | null;
  area_m2: number;
  status: VerificationStatus;
  stage_due: string | null;
  version: number;
  lon: number;
  lat: number;
  bbox: number[];
  outline: string;
  verdict: VerificationVerdict | null;
  reason_code: string | null;
  approval_no: string | null;
  builder: string | null;
  build_date: string | null;
  remarks: string | null;
  before_date: string | null;
  after_date: string | null;
}

/** Tiles of the summary the browser fetches to estimate the download. */
const SAMPLE_TILES = 4;
const spread = <T>(list: readonly T[], n: number): T[] => {
  const step = Math.max(1, Math.floor(list.length / n));
  return list.filter((_, i) => i % step === 0).slice(0, n);
};

const dictName = (locale: Locale) => (locale === 'en' ? 'd.name_en' : 'd.name_zh');

export async function fieldPackage(
  db: Queryable,
  actor: VerificationActor,
  query: FieldPackageQuery,
  locale: Locale,
): Promise<FieldPackage | FieldPackageSummary> {
  const checkerRegions = actor.roles.filter((r) => r.role === CHECKER).map((r) => r.regionCode);
  const [batch] = await db.query<{ id: string; quarter: string; name: string; check_due: string; demo: boolean; province_code: string }>(
    `SELECT id::text AS id, quarter, ${locale === 'en' ? 'name_en' : 'name_zh'} AS name, to_char(check_due, 'YYYY-MM-DD') AS check_due,
            demo, province_code
       FROM verification_batches WHERE id = $1`,
    [String(query.batchId)],
  );
  // A batch of another province, or a user who checks nowhere: as if the batch did not exist.
  const reaches = (code: string) => checkerRegions.some((r) => code.startsWith(regionPrefix(r)) || r.startsWith(regionPrefix(code)));
  if (!batch || !reaches(batch.province_code)) throw notFound();

  const params: SqlParam[] = [batch.id, checkerRegions.map((r) => `${regionPrefix(r)}%`), [...FIELD_STAGES]];
  let where = `c.batch_id = $1::bigint AND c.xzqdm LIKE ANY ($2::text[]) AND c.status = ANY ($3::text[])`;
  if (query.region) {
    params.push(`${regionPrefix(query.region)}%`);
    where += ` AND c.xzqdm LIKE $${params.length}`;
  }
  params.push(FIELD_PACKAGE_MAX_CASES);
  const rows = await db.query<Row & { total: number }>(
    `SELECT c.id::text AS id, c.spot_no, c.xzqdm, ${nameSql(locale, 'r')} AS county_name, c.change_type, ${dictName(locale)} AS change_type_name,
            round(c.area_m2::numeric, 1)::float8 AS area_m2, c.status, to_char(c.stage_due, 'YYYY-MM-DD') AS stage_due, c.version,
            ST_X(c.center) AS lon, ST_Y(c.center) AS lat,
            ARRAY[ST_XMin(c.geom), ST_YMin(c.geom), ST_XMax(c.geom), ST_YMax(c.geom)] AS bbox,
            ST_AsGeoJSON(ST_Multi(c.geom), 7) AS outline, c.verdict, c.reason_code, c.approval_no, c.builder,
            to_char(c.build_date, 'YYYY-MM-DD') AS build_date, c.remarks,
            to_char(c.before_date, 'YYYY-MM-DD') AS before_date, to_char(c.after_date, 'YYYY-MM-DD') AS after_date,
            count(*) OVER ()::int AS total
       FROM verification_cases c
       LEFT JOIN regions r ON r.code = c.xzqdm
       LEFT JOIN dictionary_items d ON d.code = 'SPOT_META_TYPE' AND d.item_value = c.change_type
      WHERE ${where}
      ORDER BY c.stage_due NULLS LAST, c.spot_no, c.id
      LIMIT $${params.length}`,
    params,
  );
  const dictionaries = await db.query<{ code: string; value: string; name: string }>(
    `SELECT d.code, d.item_value AS value, ${dictName(locale)} AS name FROM dictionary_items d
      WHERE d.code IN ('VERIFY_STAGE', 'VERIFY_VERDICT', 'VERIFY_REASON') ORDER BY d.code, d.sort NULLS LAST, d.item_value`,
  );
  const named = (code: string) => dictionaries.filter((d) => d.code === code).map(({ value, name }) => ({ value, name }));
  const stageName = new Map(named('VERIFY_STAGE').map((s) => [s.value, s.name]));
  const plan = planFieldTiles(rows.map((r) => r.bbox.map(Number) as unknown as Box));
  const pack: FieldPackage = {
    batch: { id: batch.id, quarter: batch.quarter, name: batch.name, checkDue: batch.check_due, demo: batch.demo },
    region: query.region ?? null,
    packedAt: new Date().toISOString(),
    count: rows[0]?.total ?? 0,
    cases: rows.map((r) => ({
      id: r.id,
      spotNo: r.spot_no,
      xzqdm: r.xzqdm,
      countyName: r.county_name ?? r.xzqdm,
      changeType: r.change_type,
      changeTypeName: r.change_type_name ?? r.change_type,
      areaM2: Number(r.area_m2),
      status: r.status,
      statusName: stageName.get(r.status) ?? r.status,
      stageDue: r.stage_due,
      version: Number(r.version),
      center: [Number(r.lon), Number(r.lat)],
      bbox: r.bbox.map(Number) as [number, number, number, number],
      outline: JSON.parse(r.outline) as FieldPackage['cases'][number]['outline'],
      form: {
        verdict: r.verdict,
        reasonCode: r.reason_code,
        approvalNo: r.approval_no,
        builder: r.builder,
        buildDate: r.build_date,
        remarks: r.remarks,
      },
      moves: verificationMoves(
        r.status,
        rolesReaching({ ...actor, roles: actor.roles.filter((x) => x.role === CHECKER) }, r.xzqdm),
        r.verdict,
      ).map((m) => ({ ...m, toName: stageName.get(m.to) ?? m.to })),
      beforeDate: r.before_date,
      afterDate: r.after_date,
    })),
    dictionaries: { verdicts: named('VERIFY_VERDICT'), reasons: named('VERIFY_REASON'), stages: named('VERIFY_STAGE') },
    tiles: {
      list: plan.tiles.map((t) => [...t] as [number, number, number]),
      zooms: plan.zooms ? [...plan.zooms] : null,
      dropped: plan.dropped,
    },
  };
  if (!query.summary) return pack;
  return {
    count: pack.cases.length,
    dataBytes: Buffer.byteLength(JSON.stringify({ code: 0, data: pack })),
    tiles: pack.tiles.list.length,
    zooms: pack.tiles.zooms,
    sampleTiles: spread(pack.tiles.list, SAMPLE_TILES),
  };
}
