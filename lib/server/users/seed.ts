import 'server-only';
import { PERMISSIONS, type PermissionCode } from '../../shared/permissions';
import { hashPassword } from '../auth/password';
import type { SeedStep } from '../db/seed';
import { getEnv } from '../env';

const PERMISSION_NAMES: Record<PermissionCode, [string, string]> = {
  MOD_061: ['购物车', 'Shopping cart'],
  MOD_056: ['土地覆盖监测', 'Land cover monitoring'],
  MOD_076: ['地表形变监测', 'Surface deformation monitoring'],
  MOD_057: ['道路监测', 'Road monitoring'],
  MOD_068: ['非农化非粮化监测', 'Non-agricultural use monitoring'],
  MOD_069: ['种植结构监测', 'Planting structure monitoring'],
  MOD_058: ['光伏用地监测', 'Photovoltaic land monitoring'],
  MOD_059: ['风电监测', 'Wind power monitoring'],
  MOD_060: ['钢铁产能监测', 'Steel capacity monitoring'],
  MOD_054: ['意见反馈', 'Feedback'],
  MOD_EDITOR: ['内容编辑', 'Content editing'],
  MOD_ADMIN: ['系统管理', 'Administration'],
};

const MONITORING: PermissionCode[] = [
  PERMISSIONS.LANDCOVER, PERMISSIONS.SURFACE_DEFORM, PERMISSIONS.ROAD, PERMISSIONS.NON_AGRICULTURAL,
  PERMISSIONS.PLANTING_STRUCTURE, PERMISSIONS.PVLAND, PERMISSIONS.WINDMILL, PERMISSIONS.STEELPLANT,
];

const ROLES: { code: string; zh: string; en: string; permissions: PermissionCode[] }[] = [
  { code: 'admin', zh: '系统管理员', en: 'Administrator', permissions: Object.values(PERMISSIONS) },
  { code: 'province', zh: '省级节点用户', en: 'Provincial node user', permissions: [...MONITORING, PERMISSIONS.CART, PERMISSIONS.FEEDBACK] },
  { code: 'city', zh: '市级用户', en: 'City user', permissions: [PERMISSIONS.LANDCOVER, PERMISSIONS.CART, PERMISSIONS.FEEDBACK] },
  { code: 'personal', zh: '个人用户', en: 'Personal user', permissions: [PERMISSIONS.CART, PERMISSIONS.FEEDBACK] },
  { code: 'editor', zh: '内容编辑', en: 'Content editor', permissions: [PERMISSIONS.EDITOR] },
];

interface DemoUser {
  username: string;
  role: string;
  accountType: 0 | 1;
  nodeType?: 'provincial' | 'dedicated';
  ranges: string[];
  /** Area ranges seeded suspended (status 1): they exist but do not count (spec §3). */
  suspendedRanges?: string[];
  realName: string;
  organization: string;
  email: string;
  telephone: string;
  mustChangePassword?: boolean;
  relatePushNodeInfo?: { nodeCode: string; nodeName: string }[];
  /** Spot verification roles (issue 33), each for a region: the province confirms, the city reviews, the county checks. */
  verificationRoles?: Array<['checker' | 'reviewer' | 'confirmer', string]>;
}

/** Demo accounts (README): all share DEMO_PASSWORD. Names and contacts are invented for the demo. */
export const DEMO_USERS: DemoUser[] = [
  { username: 'demo-admin', role: 'admin', accountType: 1, ranges: ['100000'], realName: '演示管理员', organization: '卫星遥感云服务平台（演示）', email: 'demo-admin@rscloud.example', telephone: '13800000001' },
  { username: 'demo-hebei', role: 'province', accountType: 1, nodeType: 'provincial', ranges: ['130000'], verificationRoles: [['confirmer', '130000']], realName: '河北节点演示用户', organization: '河北省自然资源厅（演示）', email: 'demo-hebei@rscloud.example', telephone: '13800000002' },
  { username: 'demo-city', role: 'city', accountType: 1, ranges: ['130100'], verificationRoles: [['reviewer', '130100']], realName: '石家庄演示用户', organization: '石家庄市自然资源和规划局（演示）', email: 'demo-city@rscloud.example', telephone: '13800000003' },
  { username: 'demo-county', role: 'city', accountType: 1, ranges: ['130102'], verificationRoles: [['checker', '130102']], realName: '长安区核查演示用户', organization: '石家庄市长安区自然资源分局（演示）', email: 'demo-county@rscloud.example', telephone: '13800000057' },
  { username: 'demo-personal', role: 'personal', accountType: 0, ranges: [], realName: '个人演示用户', organization: '某高校遥感实验室（演示）', email: 'demo-personal@rscloud.example', telephone: '13800000004', relatePushNodeInfo: [{ nodeCode: '130000', nodeName: '河北省节点' }] },
  { username: 'demo-upgrade', role: 'personal', accountType: 0, ranges: [], realName: '待改密演示用户', organization: '演示', email: 'demo-upgrade@rscloud.example', telephone: '13800000005', mustChangePassword: true },
  { username: 'demo-editor', role: 'editor', accountType: 1, ranges: [], realName: '内容编辑演示用户', organization: '卫星遥感云服务平台（演示）', email: 'demo-editor@rscloud.example', telephone: '13800000006' },
  // Land-cover permission, but its only area range is suspended: detail, grid and sequence say 'not linked to a user permission range'.
  { username: 'demo-unassigned', role: 'city', accountType: 1, ranges: [], suspendedRanges: ['130100'], realName: '待分配范围演示用户', organization: '石家庄市自然资源和规划局（演示）', email: 'demo-unassigned@rscloud.example', telephone: '13800000056' },
];

export const accountsSeed: SeedStep = {
  name: 'accounts (permissions, roles, demo users)',
  async run(db) {
    let sort = 0;
    for (const [code, [zh, en]] of Object.entries(PERMISSION_NAMES)) {
      await db.query(
        `INSERT INTO permissions (code, name_zh, name_en, sort) VALUES ($1, $2, $3, $4)
         ON CONFLICT (code) DO UPDATE SET name_zh = EXCLUDED.name_zh, name_en = EXCLUDED.name_en, sort = EXCLUDED.sort`,
        [code, zh, en, sort++],
      );
    }
    await db.query(
      `INSERT INTO node_types (code, name_zh, name_en) VALUES ('provincial', '省级节点用户', 'Provincial node user'), ('dedicated', '专线用户', 'Dedicated-line user')
       ON CONFLICT (code) DO NOTHING`,
    );
    for (const role of ROLES) {
      await db.query('INSERT INTO roles (code, name_zh, name_en) VALUES ($1, $2, $3) ON CONFLICT (code) DO NOTHING', [role.code, role.zh, role.en]);
      await db.query(
        `INSERT INTO role_permissions (role_id, permission_code)
         SELECT r.id, p FROM roles r, unnest($2::text[]) AS p WHERE r.code = $1
         ON CONFLICT DO NOTHING`,
        [role.code, role.permissions],
      );
    }
    const existing = new Set(
      (await db.query<{ username: string }>('SELECT username FROM users WHERE username = ANY($1::text[])', [DEMO_USERS.map((u) => u.username)])).map((r) => r.username),
    );
    const password = getEnv().DEMO_PASSWORD;
    for (const user of DEMO_USERS.filter((u) => !existing.has(u.username))) {
      const [row] = await db.query<{ id: string }>(
        `INSERT INTO users (username, email, telephone, password_hash, account_type, node_type, real_name, organization, person_info, must_change_password)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10) RETURNING id::text AS id`,
        [
          user.username, user.email, user.telephone, await hashPassword(password), user.accountType, user.nodeType ?? null,
          user.realName, user.organization, JSON.stringify({ relatePushNodeInfo: user.relatePushNodeInfo ?? [] }), user.mustChangePassword ?? false,
        ],
      );
      if (!row) continue;
      await db.query('INSERT INTO user_roles (user_id, role_id) SELECT $1::bigint, id FROM roles WHERE code = $2', [row.id, user.role]);
      for (const region of user.ranges) {
        await db.query("INSERT INTO area_ranges (user_id, type, region_id) VALUES ($1, 'regionId', $2)", [row.id, region]);
      }
      for (const region of user.suspendedRanges ?? []) {
        await db.query("INSERT INTO area_ranges (user_id, type, region_id, status) VALUES ($1, 'regionId', $2, 1)", [row.id, region]);
      }
    }
    // Verification roles also for demo accounts made before the roles existed (idempotent).
    for (const user of DEMO_USERS.filter((u) => u.verificationRoles?.length)) {
      for (const [role, region] of user.verificationRoles!) {
        await db.query(
          `INSERT INTO user_verification_roles (user_id, role, region_code) SELECT id, $2, $3 FROM users WHERE username = $1 ON CONFLICT DO NOTHING`,
          [user.username, role, region],
        );
      }
    }
  },
};
