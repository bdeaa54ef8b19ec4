/**
 * One way for a request's geometry into SQL (issue 32, ADR 0025): `requestGeometrySql` in lib/server/areas, which
 * runs the geometry guard first. This test fails when GeoJSON is parsed by PostGIS anywhere else, except in the
 * few places that parse geometry the portal made itself (listed with the reason).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = process.cwd();

/** Files that parse GeoJSON the portal made itself, never a request's. */
const OWN_GEOMETRY: Record<string, string> = {
  'lib/server/regions/seed.ts': 'the bundled region boundaries (data/regions)',
  'lib/server/themes/surface-deform/demo-seed.ts': 'generated demo footprints',
  'lib/server/orbits/predict.ts': 'swaths computed by SGP4 and the area PostGIS already resolved (the drawn area comes from areaGeometrySql)',
  'lib/server/catalogue/import.ts': "an administrator's scene import, footprints checked by its own parser and bounded per row",
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

const rel = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');

/** Files outside lib/server/areas (and the list above) whose code makes PostGIS parse GeoJSON. */
export function geometryEntries(files: readonly { file: string; text: string }[]): string[] {
  return files
    .filter((f) => !f.file.startsWith('lib/server/areas/') && !(f.file in OWN_GEOMETRY))
    // Requests bring geometry as GeoJSON (drawn areas, STAC; CQL2 text's WKT is parsed into GeoJSON first).
    .filter((f) => /ST_GeomFromGeoJSON/i.test(f.text))
    .map((f) => f.file);
}

describe('request geometry reaches SQL only through the areas module', () => {
  const files = ['lib', 'app'].flatMap((dir) => sourceFiles(path.join(ROOT, dir))).map((file) => ({ file: rel(file), text: readFileSync(file, 'utf8') }));

  it('no other file parses GeoJSON in SQL', () => {
    expect(geometryEntries(files)).toEqual([]);
  });

  it('every listed exception still exists and still needs to be listed', () => {
    for (const file of Object.keys(OWN_GEOMETRY)) {
      const entry = files.find((f) => f.file === file);
      expect(entry && /ST_GeomFromGeoJSON/i.test(entry.text) ? file : `${file}: gone or no longer parses geometry`).toBe(file);
    }
  });

  it('fails on a new file that hands a request geometry to PostGIS itself', () => {
    const injected = { file: 'lib/server/verification/search.ts', text: "db.query(`SELECT ST_GeomFromGeoJSON($1)`, [JSON.stringify(body.area)])" };
    expect(geometryEntries([...files, injected])).toEqual(['lib/server/verification/search.ts']);
  });
});
