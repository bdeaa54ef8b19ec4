import 'server-only';
/**
 * Demo push user (README): demo-hebei, the Hebei provincial node account, receives the Chinese optical satellites'
 * new scenes over Hebei and the land-cover and verification spots there, marked as demo. Made once: an
 * administrator's later edits stay. When a catalogue load is already in, its batch is cut for them too.
 */
import { MISSIONS } from '../../shared/catalogue/missions';
import type { SeedStep } from '../db/seed';
import { enqueueJob } from '../jobs/enqueue';
import { PUSH_CUT_JOB } from './batches';

export const DEMO_PUSH_USER = 'demo-hebei';
export const DEMO_PUSH_REGION = '130000';
export const DEMO_OPTICAL_SATELLITES = MISSIONS.filter((m) => m.group === 'cn-optical').map((m) => m.satellite);

export const pushSeed: SeedStep = {
  name: 'push users (demo)',
  async run(db) {
    await db.transaction(async (tx) => {
      const [made] = await tx.query<{ user_id: string }>(
        `INSERT INTO push_users (user_id, kind, demo)
         SELECT id, 'provincial', true FROM users WHERE username = $1
         ON CONFLICT (user_id) DO NOTHING RETURNING user_id::text`,
        [DEMO_PUSH_USER],
      );
      if (!made) return;
      await tx.query(`INSERT INTO push_image_grants (user_id, satellites, region_codes) VALUES ($1::bigint, $2::text[], $3::text[])`, [
        made.user_id,
        [...DEMO_OPTICAL_SATELLITES].sort(),
        [DEMO_PUSH_REGION],
      ]);
      await tx.query(
        `INSERT INTO push_spot_grants (user_id, spot_type, region_codes) VALUES ($1::bigint, 'landcover', $2::text[]), ($1::bigint, 'verification', $2::text[])`,
        [made.user_id, [DEMO_PUSH_REGION]],
      );
      const [load] = await tx.query<{ id: string }>(
        `SELECT id::text AS id FROM scene_loads WHERE finished_at IS NOT NULL ORDER BY id DESC LIMIT 1`,
      );
      if (load)
        await enqueueJob(tx, { kind: PUSH_CUT_JOB, payload: { loadId: load.id }, dedupeKey: `${PUSH_CUT_JOB}:${load.id}:demo-seed` });
    });
  },
};
