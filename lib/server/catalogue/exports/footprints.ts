import 'server-only';
/**
 * `covershp`: the footprints of the exported scenes with their attributes, as a zipped shapefile
 * (WGS84, UTF-8 DBF with field names of at most 10 characters; lib/server/files/shapefile.ts writes it)
 * or, with `?format=geojson`, as a GeoJSON FeatureCollection (RFC 7946) whose properties carry the
 * same columns under their message keys.
 */
import type { z } from 'zod';
import type { footprintExportQuerySchema } from '../../../shared/contracts/exports';
import { EXPORT_LIMITS } from '../../../shared/contracts/exports';
import { shapefileZip } from '../../files/shapefile';
import { translateMessage } from '../../i18n';
import { EXPORT_COLUMNS, exportWords } from './columns';
import { datedName, fileResponse } from '../../files/file-response';
import type { ExportContext } from './respond';
import { exportScenes } from './rows';

/** The shapefile's layer name (the names of the files inside the zip): ASCII, whatever the language. */
export const FOOTPRINT_LAYER = 'scene_footprints';

export async function footprintExport({
  db,
  body,
  lang,
  query,
}: ExportContext<z.output<typeof footprintExportQuerySchema>>): Promise<Response> {
  const scenes = await exportScenes(db, body, EXPORT_LIMITS.maxRows, 'Export.errors.tooManyRows');
  const words = exportWords(lang);
  const base = translateMessage(lang, 'Export.files.footprints');
  const extra = { 'x-export-rows': String(scenes.length) };
  if (query.format === 'geojson') {
    const collection = {
      type: 'FeatureCollection',
      features: scenes.map((s) => ({
        type: 'Feature',
        id: s.id,
        geometry: s.footprint,
        properties: Object.fromEntries(EXPORT_COLUMNS.map((c) => [c.key, c.value(s, words)])),
      })),
    };
    return fileResponse(JSON.stringify(collection), 'application/geo+json; charset=utf-8', datedName(base, 'geojson'), extra);
  }
  const zip = shapefileZip({
    name: FOOTPRINT_LAYER,
    fields: EXPORT_COLUMNS.map((c) => ({ name: c.dbf, type: c.type, length: c.length, decimals: c.decimals })),
    features: scenes.map((s) => ({
      geometry: s.footprint,
      properties: Object.fromEntries(EXPORT_COLUMNS.map((c) => [c.dbf, c.value(s, words)])),
    })),
  });
  return fileResponse(zip, 'application/zip', datedName(base, 'zip'), extra);
}
