// The declared monitoring themes for the benches (spot-statistics, wms-getmap), read from the portal's
// own TypeScript (lib/shared/themes, lib/server/theme-features/map-layers.ts) by declared-themes.mjs under tsx, so
// a theme added there is measured without a change here.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './server.mjs';

const TSX = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');

/** `{ themes: [{ id, latest, geometries, layers: [{ name, where, geometryKind, styleBy, paints }] }] }`; paints per zoom asked. */
export function declaredThemes(zooms = []) {
  const run = spawnSync(
    process.execPath,
    [TSX, '--import', './scripts/outside-next.mjs', 'scripts/bench/declared-themes.mjs', JSON.stringify(zooms)],
    { cwd: ROOT, encoding: 'utf8', timeout: 60_000 },
  );
  if (run.status !== 0) throw new Error(`could not read the theme declarations: ${run.error?.message ?? run.stderr.trim().slice(-500)}`);
  return JSON.parse(run.stdout);
}
