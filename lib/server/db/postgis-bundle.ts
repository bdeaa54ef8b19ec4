import 'server-only';
/**
 * PGlite's PostGIS extension, trimmed to what the portal runs.
 *
 * `@electric-sql/pglite-postgis` ships one 20 MB bundle that PGlite unpacks into its memory file system on every
 * open: PostGIS itself, but also the raster and topology libraries (two more 16 MB WebAssembly modules, each
 * compiled and linked at open although the portal never creates those extensions), the tiger geocoder and ~30 MB
 * of upgrade scripts. Opening a database cost ~3.5 s and ~4.5 CPU-s, ~2 s of it for what is never used — once
 * per `npm start`, but once per integration test file too (docs/adr/0024-ci-budget.md).
 *
 * So the first open writes a trimmed copy beside the package (node_modules/.cache/portal-postgis/, keyed by the
 * bundle's size) with the PostGIS library, its control file and install script and the PROJ data, and every
 * later open loads that. Whatever goes wrong (a read-only install, an unexpected archive), the original bundle is
 * used: the trimming only ever saves time.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Extension } from '@electric-sql/pglite';


/** Archive members the portal never loads: other extensions' libraries and scripts, upgrade paths, contrib. */
const UNUSED = /(^|\/)(contrib\/|[^/]*(raster|topology|tiger|address_standardizer|unpackaged|--ANY|ANY--)[^/]*$)/;

const BLOCK = 512;

function field(header: Uint8Array, start: number, length: number): string {
  const bytes = header.subarray(start, start + length);
  const end = bytes.indexOf(0);
  return new TextDecoder().decode(end === -1 ? bytes : bytes.subarray(0, end));
}

/**
 * The members of a tar archive that `keep` accepts, as a new archive. Long-name and extended headers
 * (GNU `L`, pax `x`) travel with the member they describe; a global pax header (`g`) is kept.
 */
export function filterTar(tar: Uint8Array, keep: (name: string) => boolean): Uint8Array {
  const out: Uint8Array[] = [];
  let pending: Uint8Array[] = [];
  let longName: string | undefined;
  let offset = 0;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((b) => b === 0)) break;
    const size = parseInt(field(header, 124, 12).trim() || '0', 8);
    if (!Number.isFinite(size) || size < 0) throw new Error('tar: bad member size');
    const type = String.fromCharCode(header[156] ?? 48);
    const total = BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    if (offset + total > tar.length) throw new Error('tar: truncated member');
    const member = tar.subarray(offset, offset + total);
    offset += total;
    if (type === 'g') {
      out.push(member);
      continue;
    }
    if (type === 'L' || type === 'x') {
      if (type === 'L') longName = field(member, BLOCK, size);
      pending.push(member);
      continue;
    }
    const prefix = field(header, 345, 155);
    const name = longName ?? (prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100));
    if (keep(name.replace(/^\.\//, ''))) out.push(...pending, member);
    pending = [];
    longName = undefined;
  }
  out.push(new Uint8Array(2 * BLOCK));
  const result = new Uint8Array(out.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of out) {
    result.set(part, at);
    at += part.length;
  }
  return result;
}

/** Whether the portal needs an archive member at run time. */
export const neededAtRuntime = (name: string) => !UNUSED.test(name);

/** node_modules/.cache/portal-postgis for a file inside node_modules, or undefined elsewhere. */
function cacheDirFor(file: string): string | undefined {
  const parts = file.split(path.sep);
  const at = parts.lastIndexOf('node_modules');
  if (at === -1) return undefined;
  return path.join(parts.slice(0, at + 1).join(path.sep) || path.sep, '.cache', 'portal-postgis');
}

/** The trimmed bundle for `source` (written on first use), or undefined when it cannot be made. */
export function trimmedBundle(source: string): string | undefined {
  const dir = cacheDirFor(source);
  if (!dir) return undefined;
  const target = path.join(dir, `postgis-runtime-${statSync(source).size}.tar.gz`);
  if (existsSync(target)) return target;
  const tar = filterTar(gunzipSync(readFileSync(source)), neededAtRuntime);
  mkdirSync(dir, { recursive: true });
  // Several processes (test workers) may make it at once: each writes its own file and renames it into place.
  const temporary = `${target}.${process.pid}.${Date.now()}`;
  writeFileSync(temporary, gzipSync(tar, { level: 1 }));
  renameSync(temporary, target);
  return target;
}

let warned = false;

/** PostGIS for PGlite, loading the trimmed bundle when it can be had. */
export function runtimePostgis(postgis: Extension): Extension {
  return {
    name: postgis.name,
    async setup(pg, emscriptenOpts, clientOnly) {
      const result = await postgis.setup(pg, emscriptenOpts, clientOnly);
      if (!(result.bundlePath instanceof URL) || result.bundlePath.protocol !== 'file:') return result;
      try {
        const trimmed = trimmedBundle(fileURLToPath(result.bundlePath));
        return trimmed ? { ...result, bundlePath: pathToFileURL(trimmed) } : result;
      } catch (error) {
        if (!warned) console.warn(`[db] PostGIS bundle not trimmed (${error instanceof Error ? error.message : String(error)}): loading it whole`);
        warned = true;
        return result;
      }
    },
  };
}
