/**
 * `npm run data:satellites`: builds data/satellites/satellites.json from the curated catalogue
 * (scripts/satellites/catalogue.ts) and the shared satellite files (../shared/data/satellites):
 *
 * - satellites.csv: identifiers, launch dates and the orbit figures already computed from the TLEs;
 * - celestrak_active_2026-08-22.tle: orbit figures of satellites the CSV lacks, and which spacecraft
 *   CelesTrak lists as active (our "active" status);
 * - UCS-Satellite-Database-1-1-2023.csv: launch dates and COSPAR designators by NORAD number.
 *
 * The catalogue's own values win (e.g. a UTC launch date where UCS records the local date). The output
 * is validated against lib/shared/satellites/data-file.ts and written deterministically.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { satelliteDataFileSchema, type SatelliteDataFile, type SatelliteRecord } from '../../lib/shared/satellites/data-file';
import type { MemberStatus } from '../../lib/shared/satellites/model';
import { CATALOGUE, type CatalogueEntry, type CatalogueMember } from './catalogue';
import { missionStatus, parseCsv, parseTles, tleFigures, type Tle } from './sources';

const SHARED = path.resolve(process.cwd(), '..', 'shared', 'data', 'satellites');
const OUT = path.resolve(process.cwd(), 'data', 'satellites', 'satellites.json');
const TLE_FILE = 'celestrak_active_2026-08-22.tle';
const UCS_SOURCE = 'UCS Satellite Database 2023-01-01';

const CELESTRAK = {
  title: 'CelesTrak, GP elements of active satellites (2026-08-22 snapshot)',
  url: 'https://celestrak.org/NORAD/elements/gp.php?GROUP=active&FORMAT=tle',
};
const UCS = {
  title: 'Union of Concerned Scientists, Satellite Database (2023-01-01)',
  url: 'https://www.ucsusa.org/resources/satellite-database',
};

interface CsvRow {
  name: string;
  norad: number;
  cospar: string | null;
  epoch: string | null;
  inclination: number | null;
  meanAltitude: number | null;
  perigee: number | null;
  apogee: number | null;
  launch: string | null;
  launchSource: string | null;
}

const num = (s: string | undefined) => (s && s.trim() !== '' && Number.isFinite(Number(s)) ? Number(s) : null);
const str = (s: string | undefined) => (s && s.trim() !== '' ? s.trim() : null);
const cleanName = (name: string) => name.replace(/^\(not in CelesTrak active [^)]*\)\s*/, '').trim();

function readSharedCsv(): Map<number, CsvRow> {
  const [header, ...rows] = parseCsv(readFileSync(path.join(SHARED, 'satellites.csv'), 'utf8'));
  const col = (name: string) => {
    const i = header!.indexOf(name);
    if (i < 0) throw new Error(`satellites.csv lacks column ${name}`);
    return i;
  };
  const c = {
    name: col('celestrak_name'),
    norad: col('norad_id'),
    cospar: col('cospar_id'),
    epoch: col('tle_epoch_utc'),
    incl: col('inclination_deg'),
    alt: col('mean_altitude_km_from_tle'),
    perigee: col('perigee_km'),
    apogee: col('apogee_km'),
    launch: col('launch_date'),
    launchSource: col('launch_date_source'),
  };
  const out = new Map<number, CsvRow>();
  for (const r of rows) {
    const norad = num(r[c.norad]);
    const name = cleanName(r[c.name] ?? '');
    if (!norad || !name) continue;
    out.set(norad, {
      name,
      norad,
      cospar: str(r[c.cospar]),
      epoch: str(r[c.epoch]),
      inclination: num(r[c.incl]),
      meanAltitude: num(r[c.alt]),
      perigee: num(r[c.perigee]),
      apogee: num(r[c.apogee]),
      launch: str(r[c.launch]),
      launchSource: str(r[c.launchSource]),
    });
  }
  return out;
}

function readUcs(): Map<number, { launch: string | null; cospar: string | null }> {
  const [header, ...rows] = parseCsv(readFileSync(path.join(SHARED, 'UCS-Satellite-Database-1-1-2023.csv'), 'latin1'));
  const find = (name: string) => header!.findIndex((h) => h.trim() === name);
  const [date, cospar, norad] = [find('Date of Launch'), find('COSPAR Number'), find('NORAD Number')];
  if (date < 0 || cospar < 0 || norad < 0) throw new Error('UCS file: expected columns not found');
  const out = new Map<number, { launch: string | null; cospar: string | null }>();
  for (const r of rows) {
    const id = num(r[norad]?.replace(/,/g, ''));
    if (!id) continue;
    const m = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})$/.exec((r[date] ?? '').trim());
    const launch = m ? `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}` : null;
    out.set(id, { launch, cospar: str(r[cospar]) });
  }
  return out;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

function resolveMember(
  m: CatalogueMember,
  sources: { csv: Map<number, CsvRow>; tle: Map<number, Tle>; ucs: Map<number, { launch: string | null; cospar: string | null }> },
  used: Set<string>,
): SatelliteRecord['members'][number] {
  const csv = m.norad ? sources.csv.get(m.norad) : undefined;
  const tle = m.norad ? sources.tle.get(m.norad) : undefined;
  const ucs = m.norad ? sources.ucs.get(m.norad) : undefined;

  let figures: SatelliteRecord['members'][number]['tle'] = null;
  if (csv?.epoch && csv.inclination !== null && csv.perigee !== null && csv.apogee !== null) {
    figures = {
      epoch: new Date(csv.epoch).toISOString(),
      inclinationDeg: csv.inclination,
      meanAltitudeKm: csv.meanAltitude,
      perigeeKm: csv.perigee,
      apogeeKm: csv.apogee,
    };
  } else if (tle) {
    const f = tleFigures(tle);
    figures = {
      epoch: f.epoch,
      inclinationDeg: f.inclinationDeg,
      meanAltitudeKm: round1(f.meanAltitudeKm),
      perigeeKm: round1(f.perigeeKm),
      apogeeKm: round1(f.apogeeKm),
    };
  }
  if (figures) used.add('celestrak');

  let launchDate: string | null = m.launch ?? null;
  let launchSource: string | null = m.launch ? 'catalogue' : null;
  if (!launchDate && csv?.launch) {
    launchDate = csv.launch;
    launchSource = csv.launchSource;
  }
  if (!launchDate && ucs?.launch) {
    launchDate = ucs.launch;
    launchSource = UCS_SOURCE;
  }
  if (launchSource === UCS_SOURCE) used.add('ucs');

  const cospar = m.cospar ?? csv?.cospar ?? tle?.cospar ?? ucs?.cospar ?? null;
  const launchYear = launchDate ? Number(launchDate.slice(0, 4)) : cospar ? Number(cospar.slice(0, 4)) : null;
  const status: MemberStatus = m.status ?? (tle ? 'active' : 'unlisted');
  if (tle || status === 'unlisted') used.add('celestrak');
  return {
    name: m.name,
    nameZh: m.nameZh ?? null,
    norad: m.norad ?? null,
    cospar,
    launchDate,
    launchYear,
    launchSource,
    status,
    note: m.note ?? null,
    tle: figures,
  };
}

function build(entry: CatalogueEntry, sources: Parameters<typeof resolveMember>[1]): SatelliteRecord {
  const used = new Set<string>();
  const catalogueMembers: CatalogueMember[] = [...entry.members];
  if (entry.membersFromCsv) {
    const { match, exclude } = entry.membersFromCsv;
    for (const row of [...sources.csv.values()].sort((a, b) => a.norad - b.norad)) {
      if (match.test(row.name) && !exclude?.test(row.name)) catalogueMembers.push({ name: row.name, norad: row.norad });
    }
  }
  if (entry.membersFromTle) {
    for (const tle of [...sources.tle.values()].sort((a, b) => a.norad - b.norad)) {
      if (entry.membersFromTle.match.test(tle.name)) catalogueMembers.push({ name: tle.name, norad: tle.norad });
    }
  }
  const members = catalogueMembers.map((m) => resolveMember(m, sources, used));
  let fleet: SatelliteRecord['fleet'] = null;
  if (entry.fleet) {
    const match = entry.fleet.match;
    fleet = { activeCount: [...sources.tle.values()].filter((t) => match.test(t.name)).length, note: entry.fleet.note };
    used.add('celestrak');
  }
  return {
    slug: entry.slug,
    area: entry.area,
    group: entry.group,
    countries: entry.countries,
    name: entry.name,
    shortName: entry.shortName,
    agency: entry.agency ?? null,
    operator: entry.operator ?? null,
    operatorType: entry.operatorType,
    status: entry.status ?? missionStatus(members.map((m) => m.status)),
    orbit: {
      type: entry.orbit.type,
      altitudeKm: entry.orbit.altitudeKm ?? null,
      inclinationDeg: entry.orbit.inclinationDeg ?? null,
      localTime: entry.orbit.localTime ?? null,
      repeatDays: entry.orbit.repeatDays ?? null,
    },
    revisit: entry.revisit ?? null,
    designLife: entry.designLife ?? null,
    fleet,
    members,
    sensors: entry.sensors.map((s) => ({
      code: s.code,
      name: s.name,
      kind: s.kind,
      bands: s.bands ?? null,
      resolution: s.resolution ?? null,
      bestResolutionM: s.bestResolutionM ?? null,
      swathKm: s.swathKm ?? null,
      swath: s.swath ?? null,
      maxOffNadirDeg: s.maxOffNadirDeg ?? null,
      modes: s.modes ?? [],
    })),
    description: entry.description,
    imagery: entry.imagery ?? null,
    sources: [...entry.sources, ...(used.has('celestrak') ? [CELESTRAK] : []), ...(used.has('ucs') ? [UCS] : [])],
  };
}

async function main() {
  const sources = {
    csv: readSharedCsv(),
    tle: parseTles(readFileSync(path.join(SHARED, TLE_FILE), 'utf8')),
    ucs: readUcs(),
  };
  const file: SatelliteDataFile = {
    tleSnapshot: `CelesTrak ${TLE_FILE.match(/\d{4}-\d{2}-\d{2}/)![0]}`,
    satellites: CATALOGUE.map((entry) => build(entry, sources)),
  };
  const parsed = satelliteDataFileSchema.parse(file);
  // Formatted as `npm run format` would, so the two never fight over the file.
  const options = (await prettier.resolveConfig(OUT)) ?? {};
  writeFileSync(OUT, await prettier.format(JSON.stringify(parsed), { ...options, filepath: OUT }));
  const members = parsed.satellites.reduce((n, s) => n + s.members.length, 0);
  console.log(`wrote ${path.relative(process.cwd(), OUT)}: ${parsed.satellites.length} satellites, ${members} spacecraft`);
}

await main();
