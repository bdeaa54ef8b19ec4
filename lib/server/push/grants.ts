import 'server-only';
/**
 * Push users and their grants (tables push_users, push_image_grants, push_spot_grants; migration 0038_push). Only
 * administrators write them (the contracts say so and the routes check it); a push user reads their own, and anyone
 * else's answer is "not found", so the API does not say who is a push user.
 */
import type { Locale } from '../../../i18n/routing';
import { API_CODES } from '../../shared/contracts/api';
import type { PushCandidate, PushKind, PushUser, PushUserPage, PutPushUserBody, SpotType } from '../../shared/contracts/push';
import { putPushUserBodySchema } from '../../shared/contracts/push';
import { ApiError, notFound } from '../api/errors';
import { isAdministrator } from '../auth/roles';
import { containsPattern } from '../db/like';
import type { Database, Queryable, SqlParam } from '../db/types';
import { nameSql } from '../regions/names';
import type { Session } from '../session';

/** Administrators read anyone's grants and batches; a user their own. */
export function mayRead(session: Session, userId: string): boolean {
  return isAdministrator(session) || session.userId === userId;
}

interface GrantRow {
  kind: 'image' | 'spot';
  satellites: string[] | null;
  sensors: string[] | null;
  levels: string[] | null;
  spot_type: string | null;
  regions: Array<{ code: string; name: string }>;
}

/** Grants with their regions named in the reader's language (in the order granted). */
async function grantsOf(db: Queryable, userId: string, locale: Locale): Promise<GrantRow[]> {
  const named = (alias: string) =>
    `(SELECT coalesce(json_agg(json_build_object('code', c.code, 'name', coalesce(${nameSql(locale, 'r')}, c.code)) ORDER BY c.code), '[]'::json)
        FROM unnest(${alias}.region_codes) AS c(code) LEFT JOIN regions r ON r.code = c.code)`;
  return db.query<GrantRow>(
    `SELECT 'image' AS kind, g.satellites, g.sensors, g.levels, NULL AS spot_type, ${named('g')} AS regions, g.id
       FROM push_image_grants g WHERE g.user_id = $1::bigint
     UNION ALL
     SELECT 'spot', NULL, NULL, NULL, g.spot_type, ${named('g')}, g.id FROM push_spot_grants g WHERE g.user_id = $1::bigint
     ORDER BY kind, id`,
    [userId],
  );
}

/** A push user with their grants, or null when the user is not one. */
export async function getPushUser(db: Queryable, userId: string, locale: Locale): Promise<PushUser | null> {
  const [row] = await db.query<{
    username: string;
    real_name: string | null;
    organization: string | null;
    kind: PushKind;
    demo: boolean;
    created_at: Date;
  }>(
    `SELECT u.username, u.real_name, u.organization, p.kind, p.demo, p.created_at
       FROM push_users p JOIN users u ON u.id = p.user_id WHERE p.user_id = $1::bigint`,
    [userId],
  );
  if (!row) return null;
  const grants = await grantsOf(db, userId, locale);
  return {
    userId,
    username: row.username,
    realName: row.real_name,
    organization: row.organization,
    kind: row.kind,
    demo: row.demo,
    createdAt: new Date(row.created_at).toISOString(),
    imageGrants: grants
      .filter((g) => g.kind === 'image')
      .map((g) => ({ satellites: g.satellites ?? [], sensors: g.sensors ?? [], levels: g.levels ?? [], regions: g.regions })),
    spotGrants: grants.filter((g) => g.kind === 'spot').map((g) => ({ spotType: g.spot_type as SpotType, regions: g.regions })),
  };
}

/** The push user as the session may see it: not found when it is someone else's (or nobody's). */
export async function readPushUser(db: Queryable, session: Session, userId: string, locale: Locale): Promise<PushUser> {
  const user = mayRead(session, userId) ? await getPushUser(db, userId, locale) : null;
  if (!user) throw notFound();
  return user;
}

/**
 * Makes the user a push user with exactly these grants (administrators; the route checks). Unknown users and
 * region codes are refused; the grants are replaced in one transaction.
 */
export async function putPushUser(
  db: Database,
  userId: string,
  input: PutPushUserBody,
  by: { userId: string; demo?: boolean },
  locale: Locale,
): Promise<PushUser> {
  const body = putPushUserBodySchema.parse(input);
  const [user] = await db.query<{ id: string }>(`SELECT id::text AS id FROM users WHERE id = $1::bigint`, [userId]);
  if (!user) throw new ApiError(API_CODES.NOT_FOUND, 'Push.errors.unknownUser');
  const codes = [...new Set([...body.imageGrants, ...body.spotGrants].flatMap((g) => g.regionCodes))];
  if (codes.length > 0) {
    const known = await db.query<{ code: string }>(`SELECT code FROM regions WHERE code = ANY ($1::text[])`, [codes]);
    const unknown = codes.filter((c) => !known.some((k) => k.code === c));
    if (unknown.length > 0)
      throw new ApiError(API_CODES.INVALID_INPUT, 'Push.errors.unknownRegion', { codes: unknown.slice(0, 5).join(', ') });
  }
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO push_users (user_id, kind, demo, created_by) VALUES ($1::bigint, $2, $3, $4::bigint)
       ON CONFLICT (user_id) DO UPDATE SET kind = excluded.kind, updated_at = now()`,
      [userId, body.kind, by.demo ?? false, by.userId],
    );
    await tx.query(`DELETE FROM push_image_grants WHERE user_id = $1::bigint`, [userId]);
    await tx.query(`DELETE FROM push_spot_grants WHERE user_id = $1::bigint`, [userId]);
    for (const g of body.imageGrants) {
      await tx.query(
        `INSERT INTO push_image_grants (user_id, satellites, sensors, levels, region_codes) VALUES ($1::bigint, $2::text[], $3::text[], $4::text[], $5::text[])`,
        [userId, g.satellites, g.sensors, g.levels, g.regionCodes],
      );
    }
    for (const g of body.spotGrants) {
      await tx.query(`INSERT INTO push_spot_grants (user_id, spot_type, region_codes) VALUES ($1::bigint, $2, $3::text[])`, [
        userId,
        g.spotType,
        g.regionCodes,
      ]);
    }
  });
  return (await getPushUser(db, userId, locale))!;
}

/** Stops pushing to the user: the grants go with the push-user row; batches already cut stay theirs. */
export async function deletePushUser(db: Queryable, userId: string): Promise<{ removed: boolean }> {
  const rows = await db.query<{ user_id: string }>(`DELETE FROM push_users WHERE user_id = $1::bigint RETURNING user_id::text`, [userId]);
  return { removed: rows.length > 0 };
}

export type PushUserFilter = 'push' | 'all' | 'image' | 'spot';

/** Accounts with their push kind and counts, paged: push users only, every account, or holders of image / spot grants. */
export async function listPushUsers(
  db: Queryable,
  query: { pageNum: number; pageSize: number; keyword?: string },
  filter: PushUserFilter,
): Promise<PushUserPage> {
  const params: SqlParam[] = [];
  const where: string[] = [];
  if (filter === 'push') where.push('p.user_id IS NOT NULL');
  if (filter === 'image') where.push('EXISTS (SELECT 1 FROM push_image_grants g WHERE g.user_id = u.id)');
  if (filter === 'spot') where.push('EXISTS (SELECT 1 FROM push_spot_grants g WHERE g.user_id = u.id)');
  if (query.keyword) {
    params.push(containsPattern(query.keyword));
    where.push(`(u.username ILIKE $${params.length} OR u.real_name ILIKE $${params.length} OR u.organization ILIKE $${params.length})`);
  }
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const [count] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM users u LEFT JOIN push_users p ON p.user_id = u.id ${whereSql}`,
    params,
  );
  params.push(query.pageSize, (query.pageNum - 1) * query.pageSize);
  const rows = await db.query<{
    id: string;
    username: string;
    real_name: string | null;
    organization: string | null;
    kind: PushKind | null;
    image_n: number;
    spot_n: number;
    batch_n: number;
  }>(
    `SELECT u.id::text AS id, u.username, u.real_name, u.organization, p.kind,
            (SELECT count(*)::int FROM push_image_grants g WHERE g.user_id = u.id) AS image_n,
            (SELECT count(*)::int FROM push_spot_grants g WHERE g.user_id = u.id) AS spot_n,
            (SELECT count(*)::int FROM push_batches b WHERE b.user_id = u.id) AS batch_n
       FROM users u LEFT JOIN push_users p ON p.user_id = u.id ${whereSql}
      ORDER BY (p.user_id IS NULL), lower(u.username) LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  const list: PushCandidate[] = rows.map((r) => ({
    userId: r.id,
    username: r.username,
    realName: r.real_name,
    organization: r.organization,
    kind: r.kind,
    imageGrantCount: r.image_n,
    spotGrantCount: r.spot_n,
    batchCount: r.batch_n,
  }));
  return { list, total: count?.n ?? 0, pageNum: query.pageNum, pageSize: query.pageSize };
}
