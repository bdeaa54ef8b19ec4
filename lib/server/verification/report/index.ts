import 'server-only';
/**
 * A verification case's PDF report (issue 33.6): what the case's page shows (`caseDetail`: the same range check, 404
 * outside it), gathered and translated here — the spot on its county's map and at a larger scale (drawn by the map
 * services' renderer), the before/after scenes' quick-looks (the catalogue's own pictures, with the spot marked),
 * the form, the areas by land class, the field photos (their captioned copies, with their flags and the originals'
 * SHA-256; issue 34.1), the history and
 * the record chain's check with its head hash — and laid out by ./compose.ts on a worker thread (the CJK font's
 * subsetting is a few hundred milliseconds of CPU), bounded by a deadline.
 */
import os from 'node:os';
import path from 'node:path';
import type { Locale } from '../../../../i18n/routing';
import type { CaseDetail } from '../../../shared/contracts/verification';
import { quicklookSize, sceneQuicklook } from '../../catalogue';
import { JobTimeout, OffThread } from '../../compute/thread-pool';
import type { Queryable } from '../../db/types';
import { getEnv } from '../../env';
import { fileResponse } from '../../files/file-response';
import { sniffImage } from '../../files/image-info';
import { translateMessage } from '../../i18n';
import { lonLatToMercator, pixelProjector } from '../../map/crs';
import { renderPng, type DrawItem, type PaintStyle } from '../../map/render';
import { ApiError } from '../../api/errors';
import { API_CODES } from '../../../shared/contracts/api';
import { verifyChain } from '../../workflow';
import type { VerificationActor } from '../cases';
import { reportPhotos } from '../photos';
import { caseDetail } from '../queries';
import { composeReport, type ReportImage, type ReportJob, type ReportSection } from './compose';

/** Longest a report may take to lay out; beyond it the request is answered 503 (try again). */
export const REPORT_DEADLINE_MS = 30_000;

const composer = new OffThread<ReportJob, Uint8Array>(
  () => ({
    name: 'report',
    file: path.join(process.cwd(), 'lib/server/verification/report/worker.mjs'),
    size: getEnv().REPORT_THREADS ?? Math.min(2, os.availableParallelism()),
    execArgv: ['--conditions=react-server'],
  }),
  composeReport,
);

/** Tests: the threads of the composer (started on first use), or null when it runs inline. */
export const reportThreads = () => composer.threads();
/** Tests: stops the composer's threads; the next report starts them from the environment as it is then. */
export const resetReportThreads = () => composer.reset();

type Bbox = [number, number, number, number];

const MAP_WIDTH = 570;
const MAP_HEIGHT = 400;

/** A Web Mercator box of the picture's aspect around `bbox` (lon/lat), widened by `pad` and to at least `minMeters`. */
function fitBox(bbox: Bbox, width: number, height: number, pad: number, minMeters: number) {
  const [x0, y0] = lonLatToMercator(bbox[0], bbox[1]);
  const [x1, y1] = lonLatToMercator(bbox[2], bbox[3]);
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  let halfW = Math.max(((x1 - x0) / 2) * pad, minMeters / 2);
  let halfH = Math.max(((y1 - y0) / 2) * pad, minMeters / 2);
  if (halfW / halfH > width / height) halfH = (halfW * height) / width;
  else halfW = (halfH * width) / height;
  return { crs: 'EPSG:3857' as const, native: [cx - halfW, cy - halfH, cx + halfW, cy + halfH] as const };
}

const bytes = (v: Uint8Array) => (v instanceof Uint8Array ? v : new Uint8Array(v));

/** The county with its neighbours and the spot marked; and the spot's outline at a larger scale. */
async function spotMaps(db: Queryable, id: string, xzqdm: string, bbox: Bbox): Promise<[Uint8Array, Uint8Array] | null> {
  const [county] = await db.query<{ w: number; s: number; e: number; n: number }>(
    `SELECT min_lon AS w, min_lat AS s, max_lon AS e, max_lat AS n FROM regions WHERE code = $1`,
    [xzqdm],
  );
  if (!county) return null;
  const overview = fitBox([county.w, county.s, county.e, county.n], MAP_WIDTH, MAP_HEIGHT, 1.15, 2000);
  const detail = fitBox(bbox, MAP_WIDTH, MAP_HEIGHT, 3, 600);
  const toLonLat = (box: typeof overview): [number, number, number, number] => {
    const R = 6378137;
    const lon = (x: number) => (x / R) * (180 / Math.PI);
    const lat = (y: number) => (2 * Math.atan(Math.exp(y / R)) - Math.PI / 2) * (180 / Math.PI);
    return [lon(box.native[0]), lat(box.native[1]), lon(box.native[2]), lat(box.native[3])];
  };
  const [ow, os_, oe, on] = toLonLat(overview);
  const [dw, ds, de, dn] = toLonLat(detail);
  const rows = await db.query<{ kind: string; wkb: Uint8Array }>(
    `WITH o AS (SELECT ST_MakeEnvelope($2, $3, $4, $5, 4326) AS g), d AS (SELECT ST_MakeEnvelope($6, $7, $8, $9, 4326) AS g)
     SELECT 'o-near' AS kind, ST_AsBinary(ST_Intersection(r.geom_mid, o.g)) AS wkb FROM regions r, o
      WHERE r.level = 'county' AND r.code <> $1 AND r.geom_mid && o.g
     UNION ALL SELECT 'o-county', ST_AsBinary(r.geom_mid) FROM regions r WHERE r.code = $1
     UNION ALL SELECT 'o-spot', ST_AsBinary(c.center) FROM verification_cases c WHERE c.id = $10
     UNION ALL SELECT 'd-county', ST_AsBinary(ST_Intersection(r.geom_hi, d.g)) FROM regions r, d WHERE r.code = $1
     UNION ALL SELECT 'd-other', ST_AsBinary(c.geom) FROM verification_cases c, d WHERE c.geom && d.g AND c.id <> $10 AND c.xzqdm = $1
     UNION ALL SELECT 'd-spot', ST_AsBinary(c.geom) FROM verification_cases c WHERE c.id = $10`,
    [xzqdm, ow, os_, oe, on, dw, ds, de, dn, id],
  );
  // Other spots are drawn from the same county only: the caller's range reaches all of it.
  const of = (kind: string, style: PaintStyle): DrawItem[] =>
    rows.filter((r) => r.kind === kind).map((r) => ({ wkb: bytes(r.wkb), style }));
  const overviewItems = [
    ...of('o-near', { fill: '#eceae3', stroke: '#b9b5a8', lineWidth: 1 }),
    ...of('o-county', { fill: '#f7f3df', stroke: '#5b5b5b', lineWidth: 2 }),
    ...of('o-spot', { fill: '#dc2626', stroke: '#ffffff', lineWidth: 2, radius: 7 }),
  ];
  const detailItems = [
    ...of('d-county', { fill: '#f7f3df', stroke: '#8a8a8a', lineWidth: 1 }),
    ...of('d-other', { fill: 'rgba(90,90,90,0.15)', stroke: '#7b8794', lineWidth: 1 }),
    ...of('d-spot', { fill: 'rgba(220,38,38,0.28)', stroke: '#dc2626', lineWidth: 3 }),
  ];
  const [a, b] = await Promise.all([
    renderPng(overviewItems, { width: MAP_WIDTH, height: MAP_HEIGHT, background: '#dbe6ec', box: overview }),
    renderPng(detailItems, { width: MAP_WIDTH, height: MAP_HEIGHT, background: '#dbe6ec', box: detail }),
  ]);
  return [a, b];
}

/** A scene's quick-look with the spot marked, or why there is none. */
async function quicklook(
  db: Queryable,
  scene: CaseDetail['before'],
  center: [number, number],
  caption: string,
  t: (key: string, values?: Record<string, string | number>) => string,
): Promise<ReportImage | { missing: string }> {
  if (!scene) return { missing: t('noScene') };
  const answer = await sceneQuicklook(db, scene.id, null);
  if (answer.kind !== 'png') return { missing: answer.kind === 'redirect' ? t('providerQuicklook') : t('noScene') };
  const [box] = await db.query<{ w: number; s: number; e: number; n: number }>(
    `SELECT ST_XMin(footprint) AS w, ST_YMin(footprint) AS s, ST_XMax(footprint) AS e, ST_YMax(footprint) AS n FROM scenes WHERE id = $1`,
    [scene.id],
  );
  let marker: [number, number] | null = null;
  if (box) {
    const size = quicklookSize([box.w, box.s, box.e, box.n]);
    const [px, py] = pixelProjector(size.box, size.width, size.height)(center[0], center[1]);
    if (px >= 0 && py >= 0 && px <= size.width && py <= size.height) marker = [px / size.width, py / size.height];
  }
  return { png: new Uint8Array(answer.png), caption, marker };
}

const fmtArea = (m2: number, t: (key: string, values?: Record<string, string | number>) => string, locale: Locale) =>
  t('hectares', {
    m2: m2.toLocaleString(locale === 'en' ? 'en-US' : 'zh-CN', { maximumFractionDigits: 1 }),
    ha: (m2 / 10_000).toLocaleString(locale === 'en' ? 'en-US' : 'zh-CN', { maximumFractionDigits: 4 }),
  });

/** The field photos two to a row, each captioned with its view and flags, then the originals' hashes. */
function photoBlocks(
  photos: Awaited<ReturnType<typeof reportPhotos>>,
  t: (key: string, values?: Record<string, string | number>) => string,
  locale: Locale,
): ReportSection['blocks'] {
  if (photos.length === 0) return [{ kind: 'text', text: t('noPhotos'), tone: 'muted' }];
  const kindName = (kind: string) => translateMessage(locale, `VerifyPhotos.kinds.${kind}`);
  const images: ReportImage[] = photos.map((p, i) => ({
    png: p.jpeg,
    size: jpegSize(p.jpeg),
    caption: `${i + 1}. ${t('photoCaption', {
      kind: kindName(p.kind),
      flags: p.flags.length ? p.flags.map((f) => t(`photoFlags.${f}`)).join(', ') : t('photoNoFlags'),
    })}`,
  }));
  const blocks: ReportSection['blocks'] = [];
  for (let i = 0; i < images.length; i += 2) blocks.push({ kind: 'images', images: images.slice(i, i + 2) });
  blocks.push({ kind: 'text', text: t('photoHashes'), tone: 'muted' });
  blocks.push({ kind: 'fields', rows: photos.map((p, i) => [`${i + 1}. ${kindName(p.kind)}`, p.sha256]) });
  return blocks;
}

/** A JPEG's pixel size from its header (the captioned copies are the server's own JPEGs). */
function jpegSize(bytes: Uint8Array): { width: number; height: number } {
  const info = sniffImage(bytes);
  return info ? { width: info.width, height: info.height } : { width: 1, height: 1 };
}

const utc = (iso: string) => iso.replace('T', ' ').slice(0, 16);

/** Everything the report shows, in `locale`, ready to lay out. */
export async function reportJob(
  db: Queryable,
  actor: VerificationActor,
  id: string,
  locale: Locale,
  requestedBy: string,
  now = new Date(),
): Promise<{ job: ReportJob; spotNo: string }> {
  const detail = await caseDetail(db, actor, id, locale);
  const t = (key: string, values?: Record<string, string | number>) => translateMessage(locale, `VerificationReport.${key}`, values);
  const none = t('none');
  const [maps, before, after, chain, photos] = await Promise.all([
    spotMaps(db, id, detail.xzqdm, detail.bbox),
    quicklook(db, detail.before, detail.center, '', t),
    quicklook(db, detail.after, detail.center, '', t),
    verifyChain(db, 'verification', id),
    reportPhotos(db, id),
  ]);
  const sceneCaption = (label: string, scene: CaseDetail['before'], date: string | null) => {
    const head = t(label, { date: date ?? none });
    if (!scene) return head;
    const at = scene.acquiredAt.slice(0, 10);
    const line =
      scene.cloudPct === null
        ? t('sceneCaptionRadar', { satellite: scene.satellite, sensor: scene.sensor, date: at })
        : t('sceneCaption', { satellite: scene.satellite, sensor: scene.sensor, date: at, cloud: `${Math.round(scene.cloudPct)}%` });
    return `${head}\n${line}`;
  };
  if ('png' in before) before.caption = sceneCaption('before', detail.before, detail.beforeDate);
  if ('png' in after) after.caption = sceneCaption('after', detail.after, detail.afterDate);
  const region = detail.regionPath.map((r) => r.name).join(' / ') || detail.countyName;
  const roleName = (role: string) => (['checker', 'reviewer', 'confirmer', 'admin', 'system'].includes(role) ? t(`roles.${role}`) : role);
  const stageName = new Map(detail.history.map((h) => [h.toStatus, h.toStatusName]));
  const sections: ReportSection[] = [
    {
      title: t('sections.spot'),
      blocks: [
        {
          kind: 'fields',
          rows: [
            [t('fields.spotNo'), detail.spotNo],
            [t('fields.batch'), `${detail.batch.name} (${detail.batch.quarter})`],
            [t('fields.region'), `${region} (${detail.xzqdm})`],
            [t('fields.source'), t(`sources.${detail.source}`)],
            [t('fields.changeType'), detail.changeTypeName],
            [t('fields.stage'), detail.statusName],
            [t('fields.stageDue'), detail.stageDue ?? none],
            [t('fields.center'), `${detail.center[0].toFixed(6)}, ${detail.center[1].toFixed(6)}`],
          ],
        },
      ],
    },
    {
      title: t('sections.map'),
      blocks: [
        maps
          ? {
              kind: 'images',
              images: [
                { png: maps[0], caption: region },
                { png: maps[1], caption: detail.spotNo },
              ],
              caption: t('mapCaption'),
            }
          : { kind: 'text', text: none, tone: 'muted' },
      ],
    },
    { title: t('sections.images'), blocks: [{ kind: 'images', images: [before, after] }] },
    {
      title: t('sections.form'),
      blocks: [
        {
          kind: 'fields',
          rows: [
            [t('fields.verdict'), detail.verdictName ?? none],
            [t('fields.reason'), detail.form.reasonName ?? detail.form.reasonCode ?? none],
            [t('fields.approvalNo'), detail.form.approvalNo ?? none],
            [t('fields.builder'), detail.form.builder ?? none],
            [t('fields.buildDate'), detail.form.buildDate ?? none],
            [t('fields.remarks'), detail.form.remarks ?? none],
          ],
        },
      ],
    },
    {
      title: t('sections.areas'),
      blocks: [
        {
          kind: 'fields',
          rows: [
            [t('fields.total'), fmtArea(detail.areaM2, t, locale)],
            [t('fields.farmland'), fmtArea(detail.farmlandM2, t, locale)],
            [t('fields.basicFarmland'), fmtArea(detail.basicFarmlandM2, t, locale)],
            [t('fields.ecoRedline'), fmtArea(detail.ecoRedlineM2, t, locale)],
          ],
        },
      ],
    },
    { title: t('sections.photos'), blocks: photoBlocks(photos, t, locale) },
    {
      title: t('sections.history'),
      blocks: [
        {
          kind: 'table',
          columns: [
            { title: t('historyColumns.at'), width: 2.2 },
            { title: t('historyColumns.move'), width: 2.6 },
            { title: t('historyColumns.by'), width: 1.8 },
            { title: t('historyColumns.role'), width: 1.8 },
            { title: t('historyColumns.note'), width: 3.6 },
          ],
          rows: detail.history.map((h) => [
            utc(h.at),
            h.fromStatus ? `${stageName.get(h.fromStatus) ?? h.fromStatus} → ${h.toStatusName}` : h.toStatusName,
            h.by ?? t('system'),
            roleName(h.role),
            h.note ?? '',
          ]),
          empty: t('noHistory'),
        },
      ],
    },
    {
      title: t('sections.chain'),
      blocks: [
        chain.intact
          ? { kind: 'text', text: t('chainIntact', { rows: chain.rows }), tone: 'good' }
          : {
              kind: 'text',
              text: t('chainBroken', { position: chain.brokenAt.position, reason: t(`chainReasons.${chain.brokenAt.reason}`) }),
              tone: 'bad',
            },
        { kind: 'code', label: t('headHash'), text: chain.head ?? none },
      ],
    },
  ];
  const title = t('title');
  const generated = t('generated', { at: utc(now.toISOString()), user: requestedBy });
  return {
    spotNo: detail.spotNo,
    job: {
      title: `${title} ${detail.spotNo}`,
      subtitle: [generated, ...(detail.demo ? [t('demo')] : [])],
      info: { title: `${title} ${detail.spotNo}`, author: requestedBy, subject: `${detail.batch.name} ${detail.spotNo}` },
      sections,
      footer: `${title} · ${detail.spotNo}${detail.demo ? ` · ${t('demo')}` : ''}`,
      pageLabel: t('page', { page: '{page}', pages: '{pages}' }),
    },
  };
}

/** The report as a PDF download (`Content-Disposition` with its UTF-8 name). */
export async function caseReport(
  db: Queryable,
  actor: VerificationActor,
  id: string,
  locale: Locale,
  requestedBy: string,
): Promise<Response> {
  const { job, spotNo } = await reportJob(db, actor, id, locale, requestedBy);
  let pdf: Uint8Array;
  try {
    pdf = await composer.run(job, REPORT_DEADLINE_MS);
  } catch (error) {
    if (error instanceof JobTimeout)
      throw new ApiError(API_CODES.UNAVAILABLE, 'unavailable', { seconds: 10 }, 503, { 'retry-after': '10' });
    throw error;
  }
  const name = `${translateMessage(locale, 'VerificationReport.fileName', { spotNo })}.pdf`;
  return fileResponse(pdf, 'application/pdf', name, { 'content-security-policy': "default-src 'none'; sandbox" });
}
