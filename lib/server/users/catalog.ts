import 'server-only';
import type { Locale } from '../../../i18n/routing';
import type { Queryable } from '../db';

export async function listPermissions(db: Queryable, locale: Locale) {
  return db.query<{ code: string; name: string }>(
    `SELECT code, CASE WHEN $1 = 'zh' THEN name_zh ELSE name_en END AS name FROM permissions ORDER BY sort, code`,
    [locale],
  );
}

export async function listRoles(db: Queryable, locale: Locale) {
  return db.query<{ code: string; name: string; permissions: string[] }>(
    `SELECT r.code, CASE WHEN $1 = 'zh' THEN r.name_zh ELSE r.name_en END AS name,
            COALESCE(array_agg(rp.permission_code ORDER BY rp.permission_code) FILTER (WHERE rp.permission_code IS NOT NULL), '{}') AS permissions
       FROM roles r LEFT JOIN role_permissions rp ON rp.role_id = r.id
      GROUP BY r.id ORDER BY r.id`,
    [locale],
  );
}

export async function listNodeTypes(db: Queryable, locale: Locale) {
  return db.query<{ code: string; name: string }>(
    `SELECT code, CASE WHEN $1 = 'zh' THEN name_zh ELSE name_en END AS name FROM node_types ORDER BY code`,
    [locale],
  );
}
