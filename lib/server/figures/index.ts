import 'server-only';
import type { Queryable } from '../db/types';
import type { PlatformFigures } from '@/lib/shared/contracts/figures';

interface Row {
  chinese_satellites: string;
  global_satellites: string;
  spacecraft: string;
  sensors: string;
  provinces: string;
  counties: string;
  news: string;
  shared_items: string;
  downloads: string;
}

/** One round trip; every figure is a count over its own table (downloads: files offered in the share). */
export async function getPlatformFigures(db: Queryable): Promise<PlatformFigures> {
  const rows = await db.query<Row>(`
    SELECT
      (SELECT count(*) FROM satellites WHERE area = 'cn')                    AS chinese_satellites,
      (SELECT count(*) FROM satellites WHERE area = 'global')                AS global_satellites,
      (SELECT count(*) FROM satellite_members)                               AS spacecraft,
      (SELECT count(*) FROM satellite_sensors)                               AS sensors,
      (SELECT count(*) FROM regions WHERE level = 'province')                AS provinces,
      (SELECT count(*) FROM regions WHERE level = 'county')                  AS counties,
      (SELECT count(*) FROM news WHERE status = 'published')                 AS news,
      (SELECT count(*) FROM share_items)                                     AS shared_items,
      (SELECT coalesce(sum(f.download_count), 0)
         FROM share_items s JOIN files f ON f.id = s.file_id)                AS downloads`);
  const r = rows[0]!;
  return {
    chineseSatellites: Number(r.chinese_satellites),
    globalSatellites: Number(r.global_satellites),
    spacecraft: Number(r.spacecraft),
    sensors: Number(r.sensors),
    provinces: Number(r.provinces),
    counties: Number(r.counties),
    news: Number(r.news),
    sharedItems: Number(r.shared_items),
    downloads: Number(r.downloads),
  };
}
