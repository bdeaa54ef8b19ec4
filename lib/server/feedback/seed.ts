import 'server-only';
/**
 * Demo feedback for demo-hebei (marked demo, so it never counts against rate limits): one answered,
 * one waiting, so the "my feedback" list shows both states, each with its history. Added once per account.
 */
import type { SeedStep } from '../db/seed';
import { recordStart, transition } from '../workflow';

const DEMO_FEEDBACK = [
  {
    username: 'demo-hebei',
    daysAgo: 12,
    category: 'map',
    title: 'WFS 导出的行政区划是什么坐标系？',
    content: '我们用 ogr2ogr 从 WFS 服务导出了河北省的县级行政区划，想确认坐标系，以便与本地的国土调查数据叠加。',
    reply:
      '您好！平台地图服务中的行政区划为 WGS84 经纬度（EPSG:4326）；WMS 与 WMTS 还可按 Web 墨卡托（EPSG:3857）出图。边界源数据为 GCJ-02 坐标，入库前已逐点转换为 WGS84。与 CGCS2000 数据叠加时，两者在米级精度内可视为一致。',
    repliedDaysAgo: 11,
  },
  {
    username: 'demo-hebei',
    daysAgo: 3,
    category: 'suggestion',
    title: '建议省级节点页面增加按地市筛选',
    content: '省级节点页面目前只能按省查看，希望以后能看到各地市的对接联系人，方便基层单位直接联系。',
    reply: null,
    repliedDaysAgo: null,
  },
] as const;

export const feedbackSeed: SeedStep = {
  name: 'feedback (demo)',
  async run(db) {
    for (const item of DEMO_FEEDBACK) {
      await db.transaction(async (tx) => {
        const [row] = await tx.query<{ id: string; user_id: string; created_at: Date }>(
          `INSERT INTO feedback (user_id, category, title, content, locale, ip_hash, demo, created_at)
           SELECT u.id, $2, $3, $4, 'zh', 'demo', true, now() - make_interval(days => $5::int)
           FROM users u
           WHERE u.username = $1 AND NOT EXISTS (SELECT 1 FROM feedback f WHERE f.user_id = u.id AND f.demo AND f.title = $3)
           RETURNING id::text AS id, user_id::text AS user_id, created_at`,
          [item.username, item.category, item.title, item.content, item.daysAgo],
        );
        if (!row) return;
        await recordStart(tx, 'feedback', row.id, { role: 'owner', actorId: row.user_id, at: row.created_at });
        if (item.reply === null) return;
        const [admin] = await tx.query<{ id: string; at: Date }>(
          `SELECT id::text AS id, now() - make_interval(days => $1::int) AS at FROM users WHERE username = 'demo-admin'`,
          [item.repliedDaysAgo],
        );
        const at = admin?.at ?? new Date();
        await transition(
          tx,
          'feedback',
          row.id,
          { to: 'replied', role: 'admin', actorId: admin?.id ?? null, at },
          {
            write: async (t, _from, to) => {
              await t.query('UPDATE feedback SET status = $2, reply = $3, replied_at = $4, replied_by = $5 WHERE id = $1', [
                row.id,
                to,
                item.reply,
                at,
                admin?.id ?? null,
              ]);
            },
          },
        );
      });
    }
  },
};
