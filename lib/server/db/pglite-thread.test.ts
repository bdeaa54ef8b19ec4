import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { isDatabaseUnavailable } from './unavailable';
import { createPgliteThreadDatabase } from './pglite-thread';
import type { Database } from './types';

/** Issue 32.2: the embedded database runs on its own thread, with the interface every service uses. */
let dir: string;
let db: Database;
const threads: Worker[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'pglite-thread-'));
  db = await createPgliteThreadDatabase(dir, (worker) => threads.push(worker));
  await db.exec('CREATE EXTENSION IF NOT EXISTS postgis');
}, 120_000);

afterAll(async () => {
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The longest pause of this thread's event loop while `work` runs, in ms, and how long `work` took. */
async function loopPauseDuring(work: () => Promise<unknown>): Promise<{ pauseMs: number; tookMs: number }> {
  let last = performance.now();
  let pauseMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    pauseMs = Math.max(pauseMs, now - last);
    last = now;
  }, 5);
  const started = performance.now();
  try {
    await work();
  } finally {
    clearInterval(timer);
    // A loop blocked until the work ended never ran the timer: the pause is the time since its last tick.
    pauseMs = Math.max(pauseMs, performance.now() - last);
  }
  return { pauseMs, tookMs: performance.now() - started };
}

describe('the embedded database on its own thread', () => {
  it('answers statements with the pg driver’s value shapes, and PostGIS', async () => {
    const [row] = await db.query<{ big: number; num: number; day: string; at: Date; doc: { a: number[] }; wkt: string }>(
      `SELECT 9007199254740::int8 AS big, 1.5::numeric AS num, DATE '2026-11-28' AS day, TIMESTAMPTZ '2026-11-28T10:00:00Z' AS at,
              '{"a":[1,2]}'::jsonb AS doc, ST_AsText(ST_MakePoint($1::float8, $2::float8)) AS wkt`,
      [116.4, 39.9],
    );
    expect(row).toEqual({ big: 9007199254740, num: 1.5, day: '2026-11-28', at: new Date('2026-11-28T10:00:00Z'), doc: { a: [1, 2] }, wkt: 'POINT(116.4 39.9)' });
  });

  it('commits a transaction, rolls one back when its work throws, and carries PostgreSQL’s error fields', async () => {
    await db.exec('CREATE TABLE thread_t (id int PRIMARY KEY, name text); CREATE INDEX ON thread_t (name);');
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO thread_t VALUES ($1, $2)', [1, 'kept']);
      await tx.query('INSERT INTO thread_t VALUES ($1, $2)', [2, 'kept too']);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO thread_t VALUES ($1, $2)', [3, 'rolled back']);
        throw new Error('the work failed');
      }),
    ).rejects.toThrow('the work failed');
    const duplicate = await db.query('INSERT INTO thread_t VALUES (1, $1)', ['again']).catch((error: unknown) => error);
    expect(duplicate).toMatchObject({ code: '23505', constraint: 'thread_t_pkey' });
    expect(await db.query<{ id: number }>('SELECT id FROM thread_t ORDER BY id')).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('keeps the request thread free while a statement computes for a second or more', async () => {
    // On the request thread (the embedded database before issue 32.2) this loop paused for the whole statement.
    const { pauseMs, tookMs } = await loopPauseDuring(() => db.query('SELECT count(*) FROM generate_series(1, 8000000) g WHERE g % 7 = 3'));
    expect(tookMs).toBeGreaterThan(500);
    expect(pauseMs).toBeLessThan(Math.min(250, tookMs / 3));
  });

  it('fails what was waiting as an outage when the thread dies, and the next statement opens the database again', async () => {
    const slow = db.query('SELECT count(*) FROM generate_series(1, 8000000)');
    await new Promise((resolve) => setTimeout(resolve, 100));
    await threads.at(-1)!.terminate();
    const error = await slow.catch((e: unknown) => e);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(await db.query<{ id: number }>('SELECT id FROM thread_t ORDER BY id')).toEqual([{ id: 1 }, { id: 2 }]);
    expect(threads).toHaveLength(2);
  });
});
