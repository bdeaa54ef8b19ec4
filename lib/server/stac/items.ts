import 'server-only';
/**
 * A scene row as a STAC 1.0 Item (GeoJSON Feature): core fields, the eo / view / sat / proj
 * extensions where the scene has values, `portal:*` fields for what STAC has no name for (demo data is
 * marked `portal:source: "demo"`), the quick-look as `thumbnail` and, for the portal's own quick-looks
 * (drawn in EPSG:4326 over the item's bbox), as a georeferenced `visual` asset GDAL's STACIT can mosaic.
 */
import { quicklookPath, quicklookSize, type SceneRow } from '../catalogue';
import { wmtsUrl, xyzTemplate } from '../imagery';
import { MEDIA, siteOrigin, stacRoot, type StacLink } from './links';

export const STAC_VERSION = '1.0.0';

export const EXTENSIONS = {
  eo: 'https://stac-extensions.github.io/eo/v1.1.0/schema.json',
  view: 'https://stac-extensions.github.io/view/v1.0.0/schema.json',
  sat: 'https://stac-extensions.github.io/sat/v1.0.0/schema.json',
  proj: 'https://stac-extensions.github.io/projection/v1.1.0/schema.json',
  webMap: 'https://stac-extensions.github.io/web-map-links/v1.2.0/schema.json',
} as const;

/** Longer side of a quick-look in pixels: the `proj:shape` of the `visual` asset (the quick-look route draws this size). */

export interface StacItem {
  type: 'Feature';
  stac_version: string;
  stac_extensions: string[];
  id: string;
  collection: string;
  bbox: number[];
  geometry: unknown;
  properties: Record<string, unknown>;
  assets: Record<string, Record<string, unknown>>;
  links: StacLink[];
}

const round = (n: number, digits = 6) => Math.round(n * 10 ** digits) / 10 ** digits;

export const itemPath = (collection: string, id: string) =>
  `/collections/${encodeURIComponent(collection)}/items/${encodeURIComponent(id)}`;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What the import kept of an imported item (`properties.stac`): its own properties, assets and extensions. */
function importedParts(row: SceneRow): {
  properties: Record<string, unknown>;
  assets: Record<string, Record<string, unknown>>;
  extensions: string[];
} {
  const stac = row.source === 'imported' && isRecord(row.properties) ? row.properties.stac : undefined;
  if (!isRecord(stac)) return { properties: {}, assets: {}, extensions: [] };
  const assets: Record<string, Record<string, unknown>> = {};
  // A file: asset names a place on the portal's own disk: of no use to a client, and not for it to know (its pixels
  // are served as tiles, the web-map links below).
  if (isRecord(stac.assets))
    for (const [k, v] of Object.entries(stac.assets))
      if (isRecord(v) && typeof v.href === 'string' && !v.href.startsWith('file:')) assets[k] = v;
  const extensions = Array.isArray(stac.stac_extensions) ? stac.stac_extensions.filter((e): e is string => typeof e === 'string') : [];
  return { properties: isRecord(stac.properties) ? stac.properties : {}, assets, extensions };
}

export function toStacItem(row: SceneRow): StacItem {
  const root = stacRoot();
  const imported = importedParts(row);
  const bbox = [row.min_lon, row.min_lat, row.max_lon, row.max_lat].map((n) => round(n));
  const extensions = new Set<string>(imported.extensions);
  // An imported item gives back its own fields; the catalogue's columns (the same data) come on top.
  const properties: Record<string, unknown> = {
    ...imported.properties,
    datetime: row.acquired_at,
    platform: row.platform,
    instruments: [row.sensor.toLowerCase()],
    gsd: round(row.resolution_m, 2),
  };
  if (row.cloud_pct !== null) {
    properties['eo:cloud_cover'] = round(row.cloud_pct, 1);
    extensions.add(EXTENSIONS.eo);
  }
  const view: [string, number | null][] = [
    ['view:off_nadir', row.off_nadir],
    ['view:sun_elevation', row.sun_elevation],
    ['view:sun_azimuth', row.sun_azimuth],
  ];
  for (const [name, value] of view) {
    if (value === null) continue;
    properties[name] = round(value, 2);
    extensions.add(EXTENSIONS.view);
  }
  if (row.orbit_number !== null) {
    properties['sat:absolute_orbit'] = row.orbit_number;
    extensions.add(EXTENSIONS.sat);
  }
  Object.assign(properties, {
    'portal:source': row.source,
    'portal:file_name': row.file_name,
    'portal:satellite': row.satellite,
    'portal:product_level': row.product_level,
    'portal:online': row.online,
    'portal:area_km2': round(row.area_km2, 1),
    ...(row.path !== null ? { 'portal:path': row.path } : {}),
    ...(row.row !== null ? { 'portal:row': row.row } : {}),
    ...(row.size_mb !== null ? { 'portal:size_mb': round(row.size_mb, 1) } : {}),
  });

  const assets: Record<string, Record<string, unknown>> = { ...imported.assets };
  if (row.source === 'demo') {
    const href = `${siteOrigin()}${quicklookPath(row.id)}`;
    assets.thumbnail = { href, type: 'image/png', roles: ['thumbnail'], title: 'Quick-look' };
    // The same picture is drawn in Web Mercator over the footprint's bounding box: a georeferenced preview raster.
    const size = quicklookSize([row.min_lon, row.min_lat, row.max_lon, row.max_lat]);
    assets.visual = {
      href,
      type: 'image/png',
      roles: ['visual'],
      title: 'Quick-look (EPSG:3857, georeferenced preview)',
      'proj:epsg': 3857,
      'proj:bbox': size.box.native.map((v) => Math.round(v * 100) / 100),
      'proj:shape': [size.height, size.width],
    };
    extensions.add(EXTENSIONS.proj);
  } else if (row.quicklook_url && !assets.thumbnail) {
    assets.thumbnail = { href: row.quicklook_url, roles: ['thumbnail'], title: 'Quick-look' };
  }

  // STAC web-map-links: the imagery as tiles a STAC client can display (issue 37.1).
  const webMap: StacLink[] = [];
  if (row.has_imagery) {
    extensions.add(EXTENSIONS.webMap);
    webMap.push(
      { rel: 'xyz', href: xyzTemplate(row.id), type: 'image/png', title: 'True colour (XYZ tiles)' },
      { rel: 'wmts', href: wmtsUrl(), type: 'image/png', title: 'Satellite-image WMTS', 'wmts:layer': row.id },
    );
  }

  const self = `${root}${itemPath(row.collection, row.id)}`;
  const collection = `${root}/collections/${encodeURIComponent(row.collection)}`;
  return {
    type: 'Feature',
    stac_version: STAC_VERSION,
    stac_extensions: [...extensions],
    id: row.id,
    collection: row.collection,
    bbox,
    geometry: JSON.parse(row.footprint) as unknown,
    properties,
    assets,
    links: [
      { rel: 'self', href: self, type: MEDIA.geojson },
      { rel: 'parent', href: collection, type: MEDIA.json },
      { rel: 'collection', href: collection, type: MEDIA.json },
      { rel: 'root', href: root, type: MEDIA.json },
      ...webMap,
    ],
  };
}
