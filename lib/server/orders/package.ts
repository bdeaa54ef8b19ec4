import 'server-only';
/**
 * The package delivered for one ordered scene (issue 19): a zip the portal builds from the order's copy
 * of the scene's metadata — metadata.json, metadata.xml, footprint.geojson, the quick-look PNG when the
 * catalogue can still draw it, and a README (both languages) saying that demo packages hold no imagery.
 * The bytes depend only on the scene, so building it twice gives the same file (content-addressed store).
 */
import { zipSync } from 'fflate';
import type { Scene } from '../../shared/contracts/catalogue';
import { sceneQuicklook } from '../catalogue';
import type { Queryable } from '../db/types';
import { sha256Of, type FileStore } from '../files';
import { contentKey } from '../files/file-store';
import { translateMessage } from '../i18n';

export interface BuiltPackage {
  key: string;
  bytes: number;
}

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** The scene's metadata as XML: one element per field (the footprint as GeoJSON text). */
export function metadataXml(scene: Scene): string {
  const fields = Object.entries(scene)
    .filter(([key]) => key !== 'coveragePct')
    .map(([key, value]) => {
      const text = value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
      return `  <${key}>${escapeXml(text)}</${key}>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<scene>\n${fields.join('\n')}\n</scene>\n`;
}

export function readme(scene: Scene, orderCode: string): string {
  const values = { fileName: scene.fileName, orderCode, satellite: scene.satellite, sensor: scene.sensor, acquiredAt: scene.acquiredAt };
  return `${translateMessage('zh', 'Orders.package.readme', values)}\n\n${translateMessage('en', 'Orders.package.readme', values)}\n`;
}

/** The zip's bytes (fixed timestamps: same scene, same bytes). */
export async function packageBytes(db: Queryable, scene: Scene, orderCode: string): Promise<Uint8Array> {
  const text = new TextEncoder();
  const mtime = new Date(scene.acquiredAt);
  const files: Record<string, Uint8Array> = {
    'README.txt': text.encode(readme(scene, orderCode)),
    'metadata.json': text.encode(`${JSON.stringify({ ...scene, coveragePct: undefined }, null, 2)}\n`),
    'metadata.xml': text.encode(metadataXml(scene)),
    'footprint.geojson': text.encode(
      `${JSON.stringify({ type: 'Feature', properties: { id: scene.id, fileName: scene.fileName, acquiredAt: scene.acquiredAt }, geometry: scene.footprint })}\n`,
    ),
  };
  const quicklook = await sceneQuicklook(db, scene.id, null);
  if (quicklook.kind === 'png') files['quicklook.png'] = new Uint8Array(quicklook.png);
  const base = scene.fileName.replace(/[^A-Za-z0-9._-]/g, '_');
  const tree = Object.fromEntries(Object.entries(files).map(([name, data]) => [`${base}/${name}`, data]));
  return zipSync(tree, { level: 6, mtime });
}

/** Builds the package and stores it (once per content); safe to repeat. */
export async function buildPackage(db: Queryable, store: FileStore, scene: Scene, orderCode: string): Promise<BuiltPackage> {
  const data = await packageBytes(db, scene, orderCode);
  const key = contentKey(sha256Of(data));
  if (!(await store.exists(key))) await store.put(key, data, 'application/zip');
  return { key, bytes: data.byteLength };
}
