import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { filterTar, neededAtRuntime, trimmedBundle } from './postgis-bundle';

/** A ustar member: 512-byte header (name, octal size, type, checksum) and its data padded to 512. */
function member(name: string, data: string, type = '0'): Buffer {
  const header = Buffer.alloc(512);
  header.write(name.slice(0, 100), 0);
  header.write('0000644\0', 100);
  header.write(`${Buffer.byteLength(data).toString(8).padStart(11, '0')}\0`, 124);
  header.write(type, 156);
  header.write('ustar\0', 257);
  header.write('        ', 148);
  let sum = 0;
  for (const b of header) sum += b;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  const body = Buffer.alloc(Math.ceil(Buffer.byteLength(data) / 512) * 512);
  body.write(data);
  return Buffer.concat([header, body]);
}

const names = (tar: Uint8Array) => {
  const out: string[] = [];
  for (let at = 0; at + 512 <= tar.length; ) {
    const header = Buffer.from(tar.subarray(at, at + 512));
    if (header.every((b) => b === 0)) break;
    const size = parseInt(header.toString('latin1', 124, 136).replace(/\0.*$/, '').trim() || '0', 8);
    out.push(header.toString('utf8', 0, 100).replace(/\0.*$/, ''));
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return out;
};

describe('the trimmed PostGIS bundle', () => {
  it('keeps PostGIS, its install script and PROJ; drops raster, topology, geocoder, upgrade paths and contrib', () => {
    expect(neededAtRuntime('lib/postgresql/postgis-3.so')).toBe(true);
    expect(neededAtRuntime('share/postgresql/extension/postgis.control')).toBe(true);
    expect(neededAtRuntime('share/postgresql/extension/postgis--3.6.2.sql')).toBe(true);
    expect(neededAtRuntime('share/proj/proj.db')).toBe(true);
    for (const unused of [
      'lib/postgresql/postgis_raster-3.so',
      'lib/postgresql/postgis_topology-3.so',
      'share/postgresql/extension/postgis_tiger_geocoder--3.6.2.sql',
      'share/postgresql/extension/postgis--unpackaged--3.6.2.sql',
      'share/postgresql/extension/postgis--ANY--3.6.2.sql',
      'share/postgresql/extension/postgis--2.4.3--ANY.sql',
      'share/postgresql/contrib/postgis-3.6/spatial_ref_sys.sql',
    ])
      expect([unused, neededAtRuntime(unused)]).toEqual([unused, false]);
  });

  it('filters a tar archive member by member, a long name travelling with its member', () => {
    const long = `share/${'x'.repeat(120)}/raster.sql`;
    const tar = Buffer.concat([
      member('lib/postgis-3.so', 'wasm'),
      member('././@LongLink', long, 'L'),
      member(long.slice(0, 100), 'dropped'),
      member('lib/postgis_raster-3.so', 'raster'),
      member('share/proj/proj.db', 'p'.repeat(700)),
      Buffer.alloc(1024),
    ]);
    const kept = filterTar(tar, (name) => !name.includes('raster'));
    expect(names(kept)).toEqual(['lib/postgis-3.so', 'share/proj/proj.db']);
    // The kept data is intact and the archive ends with two empty blocks.
    expect(Buffer.from(kept).toString('utf8', 512 * 3, 512 * 3 + 700)).toBe('p'.repeat(700));
    expect(kept.length).toBe(512 * 2 + 512 * 3 + 1024);
    expect(() => filterTar(tar.subarray(0, 700), () => true)).toThrow(/truncated/);
  });

  it('writes the trimmed copy of the installed bundle once, beside the package, a fraction of its size', () => {
    const require = createRequire(__filename);
    const source = path.join(path.dirname(require.resolve('@electric-sql/pglite-postgis')), 'postgis.tar.gz');
    // A private node_modules, so the test neither reads nor races the real cache.
    const root = mkdtempSync(path.join(os.tmpdir(), 'postgis-bundle-'));
    try {
      const copy = path.join(root, 'node_modules', 'pkg', 'dist', 'postgis.tar.gz');
      mkdirSync(path.dirname(copy), { recursive: true });
      copyFileSync(source, copy);
      const trimmed = trimmedBundle(copy)!;
      expect(trimmed.startsWith(path.join(root, 'node_modules', '.cache', 'portal-postgis'))).toBe(true);
      expect(statSync(trimmed).size).toBeLessThan(statSync(source).size / 2);
      const kept = names(gunzipSync(readFileSync(trimmed)));
      expect(kept).toEqual(expect.arrayContaining(['lib/postgresql/postgis-3.so', 'share/postgresql/extension/postgis.control', 'share/proj/proj.db']));
      expect(kept.some((name) => name.endsWith('postgis--3.6.2.sql') || /postgis--\d+\.\d+\.\d+\.sql$/.test(name))).toBe(true);
      expect(kept.filter((name) => /raster|topology|tiger/.test(name))).toEqual([]);
      // Made once: a second call returns the same file untouched.
      const made = statSync(trimmed).mtimeMs;
      expect(trimmedBundle(copy)).toBe(trimmed);
      expect(statSync(trimmed).mtimeMs).toBe(made);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
