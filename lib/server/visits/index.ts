import 'server-only';
import type { VisitTotals } from '../../shared/contracts/visits';
import type { Queryable } from '../db';

/** The counting day is China Standard Time, as the portal's users live it. */
const TODAY = `(now() AT TIME ZONE 'Asia/Shanghai')::date`;

export async function incrementVisit(db: Queryable, name: string, label: string | undefined) {
  const [row] = await db.query<{ name: string; day: string; count: number }>(
    `INSERT INTO visit_daily (day, name, count, last_label)
     VALUES (${TODAY}, $1, 1, $2)
     ON CONFLICT (day, name) DO UPDATE SET count = visit_daily.count + 1, last_label = COALESCE(EXCLUDED.last_label, visit_daily.last_label)
     RETURNING name, to_char(day, 'YYYY-MM-DD') AS day, count`,
    [name, label ?? null],
  );
  if (!row) throw new Error('visit upsert returned no row');
  return row;
}

/** Totals for the home and statistics pages: `ALL` counts app starts, i.e. visits to the portal. */
export async function getVisitTotals(db: Queryable, days: number): Promise<VisitTotals> {
  const [totals] = await db.query<{ total: number; today: number }>(
    `SELECT COALESCE(sum(count), 0)::bigint AS total,
            COALESCE(sum(count) FILTER (WHERE day = ${TODAY}), 0)::bigint AS today
       FROM visit_daily WHERE name = 'ALL'`,
  );
  const byName = await db.query<{ name: string; total: number }>(
    `SELECT name, sum(count)::bigint AS total FROM visit_daily WHERE name <> 'ALL' GROUP BY name ORDER BY total DESC, name`,
  );
  const daily = await db.query<{ day: string; count: number }>(
    `SELECT to_char(d::date, 'YYYY-MM-DD') AS day, COALESCE(v.count, 0)::bigint AS count
       FROM generate_series(${TODAY} - ($1::int - 1), ${TODAY}, interval '1 day') AS d
       LEFT JOIN visit_daily v ON v.day = d::date AND v.name = 'ALL'
      ORDER BY d`,
    [days],
  );
  return { total: totals?.total ?? 0, today: totals?.today ?? 0, byName, daily };
}
