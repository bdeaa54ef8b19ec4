import 'server-only';
/** Provincial nodes with their province's name and label point; all SQL of the nodes domain. */
import type { Locale } from '@/i18n/routing';
import type { ProvincialNode } from '../../shared/contracts/nodes';
import type { Queryable } from '../db/types';

interface NodeRow {
  id: string;
  province_code: string;
  province_zh: string;
  province_en: string | null;
  name_zh: string;
  name_en: string;
  host_zh: string;
  host_en: string;
  address_zh: string;
  address_en: string;
  phone: string;
  email: string;
  website: string | null;
  hours_zh: string;
  hours_en: string;
  lon: number;
  lat: number;
  demo: boolean;
}

const round5 = (value: number) => Number(Number(value).toFixed(5));

function toNode(row: NodeRow, locale: Locale): ProvincialNode {
  const en = locale === 'en';
  return {
    id: row.id,
    provinceCode: row.province_code,
    provinceName: en ? (row.province_en ?? row.province_zh) : row.province_zh,
    name: en ? row.name_en : row.name_zh,
    host: en ? row.host_en : row.host_zh,
    address: en ? row.address_en : row.address_zh,
    phone: row.phone,
    email: row.email,
    website: row.website,
    serviceHours: en ? row.hours_en : row.hours_zh,
    position: [round5(row.lon), round5(row.lat)],
    demo: row.demo,
  };
}

/** Every node in province-code order, or the one of `province`. */
export async function listNodes(db: Queryable, locale: Locale, province?: string): Promise<ProvincialNode[]> {
  const rows = await db.query<NodeRow>(
    `SELECT n.id::text AS id, n.province_code, r.name_zh AS province_zh, r.name_en AS province_en,
            n.name_zh, n.name_en, n.host_zh, n.host_en, n.address_zh, n.address_en, n.phone, n.email, n.website,
            n.hours_zh, n.hours_en, ST_X(r.label_point) AS lon, ST_Y(r.label_point) AS lat, n.demo
     FROM provincial_nodes n JOIN regions r ON r.code = n.province_code
     WHERE $1::text IS NULL OR n.province_code = $1
     ORDER BY n.province_code`,
    [province ?? null],
  );
  return rows.map((r) => toNode(r, locale));
}
