import { migrate } from '../../lib/server/db/migrate';
import { MIGRATIONS } from '../../lib/server/db/migrations';
import { withTestDatabase } from '../support/api';

const db = withTestDatabase();

describe('migrations', () => {
  it('recorded every migration in the template, with PostGIS available', async () => {
    const rows = await db().query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id');
    expect(rows.map((r) => r.id)).toEqual(MIGRATIONS.map((m) => m.id));
    const [gis] = await db().query<{ area: number }>(
      "SELECT round(ST_Area(ST_GeomFromText('POLYGON((0 0,1 0,1 1,0 1,0 0))', 4326)::geography) / 1e6) AS area",
    );
    expect(gis?.area).toBeGreaterThan(12000);
  });

  it('is idempotent', async () => {
    expect(await migrate(db())).toEqual([]);
  });

  it('applies a new migration once, atomically', async () => {
    const extra = [...MIGRATIONS, { id: '9999_test', sql: 'CREATE TABLE t_migrate_probe (id int);' }];
    expect(await migrate(db(), () => {}, extra)).toEqual(['9999_test']);
    expect(await migrate(db(), () => {}, extra)).toEqual([]);
    const broken = [...extra, { id: '9998_broken', sql: 'CREATE TABLE t_half (id int); SELECT nonsense_function();' }];
    await expect(migrate(db(), () => {}, broken)).rejects.toThrow();
    const [half] = await db().query<{ n: number }>("SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 't_half'");
    expect(half?.n).toBe(0);
  });
});
