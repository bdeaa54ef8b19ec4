import 'server-only';
import type { Locale } from '../../../i18n/routing';
import type { AreaRange, UserDetail } from '../../shared/contracts/users';
import type { Queryable } from '../db';
import { inLocale } from '../../shared/locale';

const maskPhone = (t: string) => (t.length >= 7 ? `${t.slice(0, 3)}****${t.slice(-4)}` : t);
const maskEmail = (e: string) => e.replace(/^(.)(.*)(@.*)$/, (_, a: string, b: string, c: string) => `${a}${'*'.repeat(Math.min(b.length, 4))}${c}`);

export async function getUserDetail(db: Queryable, userId: string, locale: Locale): Promise<UserDetail | null> {
  const [row] = await db.query<{
    id: string;
    username: string;
    account_type: number;
    real_name: string | null;
    organization: string | null;
    telephone: string | null;
    email: string | null;
    person_info: { relatePushNodeInfo?: { nodeCode: string; nodeName: string }[] };
    node_code: string | null;
    node_name_zh: string | null;
    node_name_en: string | null;
    permissions: string[];
    roles: { code: string; name_zh: string; name_en: string }[] | null;
  }>(
    `SELECT u.id::text AS id, u.username, u.account_type, u.real_name, u.organization, u.telephone, u.email, u.person_info,
            n.code AS node_code, n.name_zh AS node_name_zh, n.name_en AS node_name_en,
            COALESCE((SELECT array_agg(DISTINCT rp.permission_code ORDER BY rp.permission_code)
                        FROM user_roles ur JOIN role_permissions rp ON rp.role_id = ur.role_id
                       WHERE ur.user_id = u.id), '{}') AS permissions,
            (SELECT json_agg(json_build_object('code', r.code, 'name_zh', r.name_zh, 'name_en', r.name_en) ORDER BY r.code)
               FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id) AS roles
       FROM users u
       LEFT JOIN node_types n ON n.code = u.node_type
      WHERE u.id = $1 AND u.status = 0`,
    [userId],
  );
  if (!row) return null;
  const name = (zh: string, en: string) => inLocale(locale, zh, en);
  return {
    id: row.id,
    username: row.username,
    accountType: row.account_type,
    realName: row.real_name,
    organization: row.organization,
    nodeType: row.node_code ? { code: row.node_code, name: name(row.node_name_zh ?? '', row.node_name_en ?? '') } : null,
    permissions: row.permissions,
    roles: (row.roles ?? []).map((r) => ({ code: r.code, name: name(r.name_zh, r.name_en) })),
    telephone: row.telephone ? { value: maskPhone(row.telephone), uri: `tel:+86${row.telephone}` } : null,
    email: row.email ? { value: maskEmail(row.email), uri: `mailto:${row.email}` } : null,
    personInfo: { relatePushNodeInfo: row.person_info.relatePushNodeInfo ?? [] },
  };
}

/** Spec §3: only active (status 0), non-deleted (isDelete 0) items count. */
export async function getAreaRanges(db: Queryable, userId: string): Promise<AreaRange[]> {
  const rows = await db.query<{ id: string; type: string; region_id: string; status: number; is_delete: number }>(
    `SELECT id::text AS id, type, region_id, status, is_delete FROM area_ranges
      WHERE user_id = $1 AND status = 0 AND is_delete = 0 ORDER BY id`,
    [userId],
  );
  return rows.map((r) => ({ id: r.id, type: r.type, regionId: r.region_id, status: r.status, isDelete: r.is_delete }));
}

export async function getAreaRangesByUsername(db: Queryable, username: string): Promise<AreaRange[]> {
  const [user] = await db.query<{ id: string }>('SELECT id::text AS id FROM users WHERE lower(username) = lower($1)', [username]);
  return user ? getAreaRanges(db, user.id) : [];
}

/** One active, non-deleted range with its owner, or null. */
export async function getAreaRangeById(db: Queryable, id: string): Promise<(AreaRange & { userId: string }) | null> {
  const [r] = await db.query<{ id: string; user_id: string; type: string; region_id: string; status: number; is_delete: number }>(
    `SELECT id::text AS id, user_id::text AS user_id, type, region_id, status, is_delete FROM area_ranges
      WHERE id = $1::bigint AND status = 0 AND is_delete = 0`,
    [id],
  );
  return r ? { id: r.id, userId: r.user_id, type: r.type, regionId: r.region_id, status: r.status, isDelete: r.is_delete } : null;
}
