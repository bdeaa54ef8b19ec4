import 'server-only';
/**
 * Seed step: the element sets shipped with the portal (data/satellites/eo_subset.tle, CelesTrak's "active"
 * group of 22 August 2026, see its SOURCE.md) as a TLE set, once per content hash. It becomes the current set
 * unless an administrator's upload is current. Every set is checked as an upload would be (checksums, layout).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SHIPPED_TLE_SOURCE } from '../../shared/orbits/shipped';
import { checkTles } from '../../shared/satellites/tle';
import { versionedSeed } from '../db/versioned-seed';
import type { Queryable } from '../db/types';
import { epochOf, insertTleSet } from './elements';

const FILE = path.join(process.cwd(), 'data/satellites/eo_subset.tle');
const DATASET = 'orbit-elements-shipped';

export async function loadShippedElements(tx: Queryable, text: string): Promise<number> {
  const { tles, problems } = checkTles(text);
  if (problems.length > 0) throw new Error(`shipped TLE file: ${problems.map((p) => `${p.kind} at line ${p.line}`).join(', ')}`);
  await tx.query(`DELETE FROM tle_sets WHERE uploaded_by IS NULL AND source = $1`, [SHIPPED_TLE_SOURCE]);
  const [uploaded] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM tle_sets WHERE current`);
  await insertTleSet(tx, {
    source: SHIPPED_TLE_SOURCE,
    uploadedBy: null,
    current: uploaded!.n === 0,
    elements: tles.map((t) => ({
      norad: t.norad,
      name: t.name.slice(0, 80),
      epoch: new Date(epochOf(t.line1)),
      line1: t.line1,
      line2: t.line2,
    })),
  });
  return tles.length;
}

export const orbitsSeed = versionedSeed({
  name: 'orbit elements',
  dataset: DATASET,
  source: async () => {
    const text = await readFile(FILE, 'utf8');
    return { text, value: text };
  },
  load: loadShippedElements,
  report: (n) => `orbit elements: ${n} satellites (shipped set)`,
});
