// Helper of the verification benchmark (verification.mjs starts it with tsx): fills `verification_cases` up to
// N cases in Hebei (a bench batch per quarter 2023Q1–2024Q4, cases spread over its counties, every stage, a verdict
// on the submitted ones, some overdue) with one SQL statement per batch, then gives a session to each demo
// verification account (their roles are the README's). Input: argv[2] the PostgreSQL URL, argv[3] N.
// Output: one JSON document { made, total, tokens: { username: token }, paints } — paints: what the layer
// tb_spot_bjhs_meta's default style paints for each stage, on time and overdue (MapServer's classes are made from it).
import { createPostgresDatabase } from '../../lib/server/db/postgres.ts';
import { createSession } from '../../lib/server/session/index.ts';
import { byStage } from '../../lib/server/verification/map-layers.ts';
import { VERIFICATION_STATUSES } from '../../lib/shared/workflow/index.ts';

const [url, nText] = process.argv.slice(2);
const wanted = Number(nText);
const db = createPostgresDatabase(url, 2);
const [{ n: existing }] = await db.query(`SELECT count(*)::int AS n FROM verification_cases`);
const quarters = ['2023Q1', '2023Q2', '2023Q3', '2023Q4', '2024Q1', '2024Q2', '2024Q3', '2024Q4'];
const per = Math.ceil(Math.max(0, wanted - existing) / quarters.length);
let made = 0;
for (const [i, quarter] of quarters.entries()) {
  const [batch] = await db.query(
    `INSERT INTO verification_batches (quarter, province_code, name_zh, name_en, pushed_on, check_due, review_due, confirm_due, demo)
     VALUES ($1, '130000', '基准测试批次 ' || $1, 'Bench batch ' || $1, $2::date, $2::date + 90, $2::date + 120, $2::date + 150, true)
     RETURNING id`,
    [quarter, `${2023 + Math.floor(i / 4)}-${String(((i % 4) + 1) * 3).padStart(2, '0')}-20`],
  );
  const rows = await db.query(
    `WITH counties AS (SELECT code, geom_lo, row_number() OVER (ORDER BY code) AS k, count(*) OVER () AS m
                         FROM regions WHERE level = 'county' AND code LIKE '13%'),
          pts AS (SELECT c.code, (ST_Dump(ST_GeneratePoints(c.geom_lo, ceil($2::float8 / c.m)::int, $3::int + c.k::int))).geom AS p FROM counties c),
          numbered AS (SELECT code, p, row_number() OVER (ORDER BY code, ST_X(p)) AS j FROM pts),
          picked AS (SELECT *, (ARRAY['pushed','checking','submitted','returned','passed','confirmed','objected','ordered','rectifying','rectified','closed'])[1 + (j * 7 % 11)] AS st
                       FROM numbered WHERE j <= $2)
     INSERT INTO verification_cases (batch_id, spot_no, xzqdm, source, change_type, geom, center, area_m2, status, verdict, stage_due, first_submitted_at, submitted_on_time, demo)
     SELECT $1, 'B' || $4 || '-' || j, code, CASE WHEN j % 7 = 0 THEN 'key_change' ELSE 'auto' END, (ARRAY['101','102','103','104','105','201'])[1 + j % 6],
            ST_Multi(ST_Expand(p, 0.0008)), p, 20000 + (j % 97) * 500, st,
            CASE WHEN st IN ('pushed', 'checking') THEN NULL WHEN st IN ('ordered', 'rectifying', 'rectified') THEN 'illegal_new'
                 ELSE (ARRAY['legal','illegal_new','illegal_old','other','rural_road','facility_farmland'])[1 + j % 6] END,
            CASE WHEN st = 'closed' THEN NULL ELSE current_date - 60 + (j % 120)::int END,
            CASE WHEN st IN ('pushed', 'checking') THEN NULL ELSE now() - ((j % 200) || ' days')::interval END,
            CASE WHEN st IN ('pushed', 'checking') THEN NULL ELSE j % 5 <> 0 END, true
       FROM picked
     RETURNING 1`,
    [batch.id, per, 7000 + i, quarter],
  );
  made += rows.length;
}
// As autovacuum leaves a table at rest: statistics and the visibility map (index-only scans read it).
await db.query('VACUUM (ANALYZE) verification_cases');
const [{ n: total }] = await db.query(`SELECT count(*)::int AS n FROM verification_cases`);
const tokens = {};
for (const username of ['demo-county', 'demo-city', 'demo-hebei']) {
  const [u] = await db.query(`SELECT id::text AS id FROM users WHERE username = $1`, [username]);
  tokens[username] = (await createSession(db, u.id, { ip: '127.0.0.1', userAgent: 'bench-verification' })).token;
}
await db.close();
const paints = VERIFICATION_STATUSES.flatMap((status) =>
  [0, 1].map((overdue) => ({ status, overdue, paint: byStage.paint({ status, overdue }, 0) })),
);
process.stdout.write(`${JSON.stringify({ made, total, tokens, paints })}\n`);
