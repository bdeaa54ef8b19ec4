import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ALL_ROUTES } from '../routes';
import { satelliteDataFileSchema, sensorSchema } from './data-file';
import { ANALYSIS_PAGES, TYPICAL_IMAGE_SLUGS } from './model';

const data = satelliteDataFileSchema.parse(JSON.parse(readFileSync(path.join(process.cwd(), 'data/satellites/satellites.json'), 'utf8')));
const childSegments = (parent: string) => ALL_ROUTES.filter((r) => r.parent?.path === parent).map((r) => r.def.segment);

describe('data/satellites/satellites.json', () => {
  it('has one entry per satellite page of the route registry, in registry order', () => {
    expect(data.satellites.filter((s) => s.area === 'cn').map((s) => s.slug)).toEqual(childSegments('/satellite/chinese'));
    expect(data.satellites.filter((s) => s.area === 'global').map((s) => s.slug)).toEqual(childSegments('/satellite/global'));
    expect([...ANALYSIS_PAGES]).toEqual(childSegments('/satellite/analysis'));
    expect([...TYPICAL_IMAGE_SLUGS]).toEqual(childSegments('/satellite/image'));
  });

  it('gives typical-image data exactly to the typical-image satellites', () => {
    expect(
      data.satellites
        .filter((s) => s.imagery)
        .map((s) => s.slug)
        .sort(),
    ).toEqual([...TYPICAL_IMAGE_SLUGS].sort());
  });

  it('names sources with links for every entry, and lists each spacecraft once', () => {
    for (const s of data.satellites) {
      expect(s.sources.length).toBeGreaterThan(0);
      for (const source of s.sources) expect(source.url).toMatch(/^https?:\/\/[^/]+\.[a-z]+/);
    }
    const norads = data.satellites.flatMap((s) => s.members.map((m) => m.norad)).filter((n) => n !== null);
    expect(new Set(norads).size).toBe(norads.length);
  });

  it('derives each mission status from its spacecraft and keeps TLE figures plausible', () => {
    for (const s of data.satellites) {
      const active = s.members.filter((m) => m.status === 'active').length;
      if (s.members.length > 0 && active === s.members.length) expect(s.status).toBe('operational');
      if (active > 0 && active < s.members.length) expect(s.status).toBe('partly');
      for (const m of s.members) {
        if (m.status === 'active') expect(m.tle).not.toBeNull();
        if (m.tle) {
          expect(m.tle.perigeeKm).toBeLessThanOrEqual(m.tle.apogeeKm);
          expect(m.tle.perigeeKm).toBeGreaterThan(150);
        }
      }
    }
  });

  it('writes every text in both languages: Chinese in zh, English in en', () => {
    for (const s of data.satellites) {
      expect(s.description.zh).toMatch(/[\u4e00-\u9fff]/);
      expect(s.description.en).not.toMatch(/[\u4e00-\u9fff]/);
      for (const sensor of s.sensors) expect(sensor.name.en).not.toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('gives off-nadir angles only as published: optical figures within 0–60°, radar none', () => {
    const sensor = (slug: string, code: string) => data.satellites.find((s) => s.slug === slug)!.sensors.find((x) => x.code === code)!;
    expect(sensor('gf2', 'PMS').maxOffNadirDeg).toBe(35);
    expect(sensor('gf1', 'WFV').maxOffNadirDeg).toBe(0);
    expect(sensor('zy3', 'TLC').maxOffNadirDeg).toBe(32);
    expect(sensor('sentinel2', 'MSI').maxOffNadirDeg).toBe(0);
    for (const s of data.satellites) for (const x of s.sensors) if (x.kind === 'sar') expect(x.maxOffNadirDeg ?? null).toBeNull();
  });

  it('gives the modes of a radar whose resolution and swath depend on the mode: its finest and widest are different modes', () => {
    const gf3 = data.satellites.find((s) => s.slug === 'gf3')!.sensors[0]!;
    const modes = new Map(gf3.modes.map((m) => [m.code, m]));
    expect(gf3.modes).toHaveLength(13);
    expect(modes.get('SL')).toMatchObject({ kind: 'spotlight', resolutionM: 1, swathKm: 10 });
    expect(modes.get('UFS')).toMatchObject({ kind: 'stripmap', resolutionM: 3, swathKm: 30 });
    expect(modes.get('GLO')).toMatchObject({ kind: 'scansar', resolutionM: 500, swathKm: 650 });
    // The sensor's best resolution and widest swath are the spotlight's and the global mode's, never one pair.
    expect([gf3.bestResolutionM, gf3.swathKm]).toEqual([modes.get('SL')!.resolutionM, modes.get('GLO')!.swathKm]);
    // Every Chinese radar the prediction screen offers (spacecraft with NORAD numbers) has its modes, so it never
    // pairs them (a radar without modes is predicted only for its widest swath).
    for (const s of data.satellites)
      for (const x of s.sensors)
        if (x.kind === 'sar' && s.area === 'cn' && s.members.some((m) => m.norad !== null)) {
          expect(x.modes.filter((m) => m.kind === 'stripmap' || m.kind === 'scansar').length).toBeGreaterThan(0);
          for (const m of x.modes) expect(m.name.en).not.toMatch(/[\u4e00-\u9fff]/);
        }
  });
});

describe('a sensor of the satellite data file', () => {
  const base = {
    code: 'PMS',
    name: { zh: '相机', en: 'Camera' },
    kind: 'pan-multispectral',
    bands: null,
    resolution: null,
    bestResolutionM: 2,
    swathKm: 60,
    swath: null,
    modes: [],
  };

  it('takes a largest off-nadir angle of 0–60°, null, or none at all', () => {
    for (const maxOffNadirDeg of [0, 35, 60, null, undefined])
      expect(sensorSchema.safeParse({ ...base, maxOffNadirDeg }).success).toBe(true);
  });

  it('refuses an angle outside 0–60° or not a number', () => {
    for (const maxOffNadirDeg of [-1, 60.5, 90, '35']) expect(sensorSchema.safeParse({ ...base, maxOffNadirDeg }).success).toBe(false);
  });
});
