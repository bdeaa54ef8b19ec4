import 'server-only';
/**
 * The generator's inputs as shipped: the TLEs (data/satellites/eo_subset.tle) and launch dates (the
 * member spacecraft of data/satellites/satellites.json; ZY-1 02E, missing there, from its COSPAR
 * launch, see SOURCE.md). Read from the repository, never from outside it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const DATA_DIR = path.join(process.cwd(), 'data/satellites');

/** Launch dates the satellite pages do not list (source: data/satellites/SOURCE.md). */
const EXTRA_LAUNCHES: Record<number, string> = { 50465: '2021-12-26' };

interface SatellitesFile {
  satellites: { members?: { norad: number | null; launchDate: string | null }[] }[];
}

export interface ShippedInputs {
  tleText: string;
  launches: Map<number, string>;
}

let cached: ShippedInputs | undefined;

export function shippedInputs(): ShippedInputs {
  if (cached) return cached;
  const tleText = readFileSync(path.join(DATA_DIR, 'eo_subset.tle'), 'utf8');
  const file = JSON.parse(readFileSync(path.join(DATA_DIR, 'satellites.json'), 'utf8')) as SatellitesFile;
  const launches = new Map<number, string>(Object.entries(EXTRA_LAUNCHES).map(([n, d]) => [Number(n), d]));
  for (const s of file.satellites)
    for (const m of s.members ?? []) if (m.norad !== null && m.launchDate) launches.set(m.norad, m.launchDate);
  cached = { tleText, launches };
  return cached;
}
