import 'server-only';
/**
 * Demo feedback for demo-hebei (marked demo, so it never counts against rate limits): one answered,
 * one waiting, so the "my feedback" list shows both states. Added once per account.
 */
import type { SeedStep } from '../db/seed';

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
      await db.query(
        `INSERT INTO feedback (user_id, category, title, content, locale, status, reply, replied_at, replied_by, ip_hash, demo, created_at)
         SELECT u.id, $2, $3, $4, 'zh', CASE WHEN $5::text IS NULL THEN 'received' ELSE 'replied' END, $5::text,
                CASE WHEN $5::text IS NULL THEN NULL ELSE now() - make_interval(days => $6::int) END,
                CASE WHEN $5::text IS NULL THEN NULL ELSE (SELECT id FROM users WHERE username = 'demo-admin') END, 'demo', true,
                now() - make_interval(days => $7::int)
         FROM users u
         WHERE u.username = $1 AND NOT EXISTS (SELECT 1 FROM feedback f WHERE f.user_id = u.id AND f.demo AND f.title = $3)`,
        [item.username, item.category, item.title, item.content, item.reply, item.repliedDaysAgo ?? 0, item.daysAgo],
      );
    }
  },
};
