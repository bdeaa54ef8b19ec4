import 'server-only';
/**
 * The satellites the prediction screen offers: the Chinese satellite pages' active spacecraft that the
 * current TLE set has elements for (what `satorbit` computes by default), by page and group.
 */
import type { Locale } from '@/i18n/routing';
import type { OrbitMission } from '../../shared/orbits/choices';
import type { SatelliteGroup } from '../../shared/satellites/model';
import type { Queryable } from '../db/types';
import { inLocale } from '../../shared/locale';

interface Row {
  slug: string;
  sat_group: SatelliteGroup;
  name_zh: string;
  name_en: string;
  swath_km: number | null;
  norad: number;
  member_name: string;
  member_name_zh: string | null;
}

export async function orbitMissions(db: Queryable, locale: Locale): Promise<OrbitMission[]> {
  const rows = await db.query<Row>(
    `SELECT s.slug, s.sat_group, s.name_zh, s.name_en,
            (SELECT max(x.swath_km) FROM satellite_sensors x WHERE x.satellite_slug = s.slug) AS swath_km,
            m.norad, m.name AS member_name, m.name_zh AS member_name_zh
     FROM satellites s JOIN satellite_members m ON m.satellite_slug = s.slug
     WHERE s.area = 'cn' AND m.status = 'active' AND m.norad IS NOT NULL
       AND EXISTS (SELECT 1 FROM orbit_elements e JOIN tle_sets t ON t.id = e.set_id WHERE t.current AND e.norad = m.norad)
     ORDER BY s.sort, m.sort`,
  );
  const missions = new Map<string, OrbitMission>();
  for (const r of rows) {
    const mission = missions.get(r.slug) ?? {
      slug: r.slug,
      group: r.sat_group,
      name: locale === 'en' ? r.name_en : r.name_zh,
      swathKm: r.swath_km,
      spacecraft: [],
    };
    mission.spacecraft.push({ norad: r.norad, name: inLocale(locale, r.member_name_zh, null) ?? r.member_name });
    missions.set(r.slug, mission);
  }
  return [...missions.values()];
}
