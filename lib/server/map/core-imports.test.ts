/**
 * The map-service core knows no theme: its modules import only each other and a few shared
 * foundations (database, session, environment, log, worker threads, shared limits, locale, region codes, permission codes). Layers
 * reach it through lib/server/composition/map-layers.ts, which every map route loads.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = process.cwd();
const CORE = path.join(ROOT, 'lib/server/map');

/** What the core may import outside itself (paths from the repository root, without extension). */
const FOUNDATIONS = new Set([
  'lib/server/db',
  'lib/server/db/types',
  'lib/server/db/data-cache',
  'lib/server/db/unavailable',
  'lib/server/db/demo-status',
  'lib/server/session',
  'lib/server/client-ip',
  // The per-client limits every process shares (docs/adr/0035).
  'lib/server/api/shared-limits',
  'lib/server/env',
  'lib/server/log',
  'lib/server/compute/thread-pool',
  'lib/server/i18n',
  'lib/shared/contracts/regions',
  'lib/shared/permissions',
  'lib/shared/regions/codes',
  'lib/shared/locale',
  'i18n/routing',
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|mts|mjs)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** Every module specifier a file imports or re-exports (static and dynamic). */
function specifiers(source: string): string[] {
  const found = [
    ...source.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]/gm),
    ...source.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm),
    ...source.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g),
  ];
  return found.map((m) => m[1]!);
}

/** Imports of a file that leave the core and are not foundations (package imports are fine). */
function foreignImports(file: string, source: string): string[] {
  return specifiers(source).filter((spec) => {
    if (!spec.startsWith('.') && !spec.startsWith('@/')) return false;
    const target = spec.startsWith('@/') ? path.join(ROOT, spec.slice(2)) : path.resolve(path.dirname(file), spec);
    if (target === CORE || target.startsWith(`${CORE}${path.sep}`)) return false;
    return !FOUNDATIONS.has(
      path
        .relative(ROOT, target)
        .replace(/\.(ts|mts|mjs)$/, '')
        .split(path.sep)
        .join('/'),
    );
  });
}

describe('the map-service core', () => {
  const files = sourceFiles(CORE);

  it('imports no theme, domain or composition module', () => {
    expect(files.length).toBeGreaterThan(10);
    const foreign = files.flatMap((file) =>
      foreignImports(file, readFileSync(file, 'utf8')).map((spec) => `${path.relative(ROOT, file)} → ${spec}`),
    );
    expect(foreign).toEqual([]);
  });

  it('would notice a theme import (the check can fail)', () => {
    const file = path.join(CORE, 'layers.ts');
    expect(foreignImports(file, "import { SPOT_LAYERS } from '../spots/map-layers';")).toEqual(['../spots/map-layers']);
    expect(foreignImports(file, "export * from '@/lib/shared/spots/codes';")).toEqual(['@/lib/shared/spots/codes']);
    expect(foreignImports(file, "import '../composition/map-layers';")).toEqual(['../composition/map-layers']);
    expect(foreignImports(file, "const m = await import('../spots/map-layers');")).toEqual(['../spots/map-layers']);
    expect(foreignImports(file, "import type { Session } from '../session';\nimport { x } from './query';")).toEqual([]);
  });

  it('marks every TypeScript module server-only', () => {
    const missing = files.filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.d.mts') && !/^import 'server-only';/.test(readFileSync(f, 'utf8')),
    );
    expect(missing.map((f) => path.relative(ROOT, f))).toEqual([]);
  });

  it('is reached only through the composition file from the map routes', () => {
    const routes = ['app/map/cloudPlatform/wms/route.ts', 'app/map/cloudPlatform/wfs/route.ts', 'app/map/gwc/service/wmts/route.ts'];
    for (const route of routes) {
      const imports = specifiers(readFileSync(path.join(ROOT, route), 'utf8'));
      expect({ route, imports }).toEqual({ route, imports: ['@/lib/server/composition/map-layers'] });
    }
  });
});
