/**
 * Issue 22 (first part): the shipped element sets in the database with their epochs, and where the satellites
 * are at a time (`/api/satelliteimage/v2/sateorbitimage/now/{x}`), from the current set, with the element sets'
 * age, staleness and expected error.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { GET as nowGet } from '../../app/api/satelliteimage/v2/sateorbitimage/now/[x]/route';
import { satellitesNowSchema } from '../../lib/shared/contracts/orbits';
import { distanceKm } from '../../lib/shared/geo/sphere';
import { subPoint } from '../../lib/shared/orbits/passes';
import { satrecOf } from '../../lib/shared/orbits/propagate';
import { parseTles } from '../../lib/shared/satellites/tle';
import { call, withTestDatabase } from '../support/api';

const db = withTestDatabase();
const SHIPPED = parseTles(readFileSync(path.join(process.cwd(), 'data/satellites/eo_subset.tle'), 'utf8'));
const AT = '2026-08-22T04:00:00Z';

describe('orbit elements and the satellites now', () => {
  it('holds the shipped element sets as the one current set, with their epochs', async () => {
    const sets = await db().query<{ current: boolean; satellites: number; n: number; min: Date; max: Date }>(
      `SELECT s.current, s.satellites, (SELECT count(*)::int FROM orbit_elements e WHERE e.set_id = s.id) AS n,
              (SELECT min(epoch) FROM orbit_elements e WHERE e.set_id = s.id) AS min, s.epoch_min AS max
       FROM tle_sets s`,
    );
    expect(sets).toHaveLength(1);
    expect(sets[0]).toMatchObject({ current: true, satellites: SHIPPED.size, n: SHIPPED.size });
    expect(sets[0]!.min.getTime()).toBe(sets[0]!.max.getTime());
    // Each element set's epoch as SGP4 reads it (satellite.js' Julian date), to the millisecond.
    const rows = await db().query<{ norad: number; epoch: Date }>(`SELECT norad, epoch FROM orbit_elements`);
    for (const row of rows) {
      const tle = SHIPPED.get(row.norad)!;
      const satrec = satrecOf(tle.line1, tle.line2);
      expect(Math.abs(row.epoch.getTime() - (satrec.jdsatepoch - 2440587.5) * 86_400_000)).toBeLessThan(2);
    }
  });

  it('places every active Chinese land-observation satellite and draws 90 minutes of track', async () => {
    const response = await call(nowGet, `/api/satelliteimage/v2/sateorbitimage/now/cn?at=${AT}`, { params: { x: 'cn' } });
    expect(response.json.code).toBe(0);
    const data = satellitesNowSchema.parse(response.json.data);
    expect(data.at).toBe('2026-08-22T04:00:00.000Z');
    expect(data.satellites.length).toBeGreaterThan(10);
    const names = data.satellites.map((s) => s.name).join(' ');
    expect(names).toMatch(/GAOFEN/);
    expect(names).not.toMatch(/SENTINEL|LANDSAT|WORLDVIEW/);
    for (const s of data.satellites) {
      expect(s.track).toHaveLength(91);
      expect(s.stale).toBe(false); // a day or two after the epochs
      const tle = SHIPPED.get(s.norad)!;
      const expected = subPoint(satrecOf(tle.line1, tle.line2), Date.parse(AT))!;
      expect(distanceKm(s.now!, expected)).toBeLessThan(0.1);
      // The one model (lib/shared/orbits/uncertainty.ts): 1 km + 2 km a day, whole km rounded up.
      expect(Number.isInteger(s.uncertaintyKm)).toBe(true);
      expect(s.uncertaintyKm - (1 + 2 * Math.abs(s.ageDays))).toBeGreaterThanOrEqual(-0.05);
      expect(s.uncertaintyKm - (1 + 2 * Math.abs(s.ageDays))).toBeLessThan(1);
    }
  });

  it('names chosen satellites, flags element sets over 14 days old and refuses bad selections in the reader’s language', async () => {
    const later = '2026-09-10T00:00:00Z';
    const chosen = satellitesNowSchema.parse(
      (await call(nowGet, `/api/satelliteimage/v2/sateorbitimage/now/40697,43484?at=${later}`, { params: { x: '40697,43484' } })).json.data,
    );
    expect(chosen.satellites.map((s) => s.norad)).toEqual([40697, 43484]);
    expect(chosen.satellites.every((s) => s.stale && s.ageDays > 14)).toBe(true);
    const unknown = await call(nowGet, '/api/satelliteimage/v2/sateorbitimage/now/99999', {
      params: { x: '99999' },
      headers: { 'x-locale': 'en' },
    });
    expect([unknown.json.code, unknown.json.message]).toEqual([400, 'The current orbital elements have no satellite 99999.']);
    const many = Array.from({ length: 26 }, (_, i) => 40000 + i).join(',');
    const tooMany = await call(nowGet, `/api/satelliteimage/v2/sateorbitimage/now/${many}`, {
      params: { x: many },
      headers: { 'x-locale': 'zh' },
    });
    expect(tooMany.json.code).toBe(400);
    expect(tooMany.json.message).toContain('一次最多查询 25 颗卫星');
    const badTime = await call(nowGet, '/api/satelliteimage/v2/sateorbitimage/now/cn?at=yesterday', { params: { x: 'cn' } });
    expect(badTime.json.code).toBe(400);
  });
});
