/** Readers for the shared satellite files (CSV, three-line TLE) and the derivations build.ts makes from them. */
import type { MemberStatus, MissionStatus } from '../../lib/shared/satellites/model';
import { parseTles, type Tle } from '../../lib/shared/satellites/tle';

/** RFC 4180 CSV: quoted fields may hold commas, doubled quotes and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

export { parseTles, type Tle };

const MU_KM3_S2 = 398600.4418;
const EARTH_EQUATORIAL_RADIUS_KM = 6378.137;

/**
 * Epoch, inclination and altitudes of a TLE: the semi-major axis from the mean motion (Kepler's third
 * law), less the Earth's equatorial radius; perigee and apogee from the eccentricity.
 */
export function tleFigures(tle: Tle) {
  const yy = Number(tle.line1.slice(18, 20));
  const dayOfYear = Number(tle.line1.slice(20, 32));
  const year = yy < 57 ? 2000 + yy : 1900 + yy;
  const epoch = new Date(Date.UTC(year, 0, 1) + (dayOfYear - 1) * 86_400_000);
  epoch.setUTCMilliseconds(0);
  const inclinationDeg = Number(tle.line2.slice(8, 16));
  const eccentricity = Number(`0.${tle.line2.slice(26, 33).trim()}`);
  const revsPerDay = Number(tle.line2.slice(52, 63));
  const n = (revsPerDay * 2 * Math.PI) / 86_400;
  const a = Math.cbrt(MU_KM3_S2 / (n * n));
  return {
    epoch: epoch.toISOString(),
    inclinationDeg,
    meanAltitudeKm: a - EARTH_EQUATORIAL_RADIUS_KM,
    perigeeKm: a * (1 - eccentricity) - EARTH_EQUATORIAL_RADIUS_KM,
    apogeeKm: a * (1 + eccentricity) - EARTH_EQUATORIAL_RADIUS_KM,
  };
}

/**
 * A mission's status from its spacecraft: operational when all are active, partly when some are,
 * retired when none is and each end is documented; otherwise not published (null).
 */
export function missionStatus(statuses: readonly MemberStatus[]): MissionStatus | null {
  if (statuses.length === 0) return null;
  const active = statuses.filter((s) => s === 'active').length;
  if (active === statuses.length) return 'operational';
  if (active > 0) return 'partly';
  return statuses.every((s) => s === 'retired' || s === 'lost') ? 'retired' : null;
}
