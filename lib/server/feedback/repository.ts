/** Feedback: submission with rate limits, and the sender's own list; all SQL of the feedback domain. */
import 'server-only';
import { createHmac, randomBytes } from 'node:crypto';
import type { Locale } from '@/i18n/routing';
import type { FeedbackCategory, FeedbackInput, FeedbackItem, FeedbackStatus } from '../../shared/contracts/feedback';
import { tooManyRequests } from '../api/errors';
import { getOrCreateSecret } from '../db/secrets';
import type { Database, Queryable } from '../db/types';
import type { Page } from '../news/repository';
import { recordStart } from '../workflow';

/**
 * Limits per sender: an hour and a day per user, and an hour per address (several accounts behind one
 * address). Counted from the feedback rows themselves; seeded demo rows do not count.
 */
export const FEEDBACK_RATE_LIMITS = [
  { scope: 'user', windowSeconds: 3600, max: 5, messageKey: 'Feedback.errors.rateLimitedHour', unit: 'minutes' },
  { scope: 'user', windowSeconds: 86_400, max: 20, messageKey: 'Feedback.errors.rateLimitedDay', unit: 'hours' },
  { scope: 'ip', windowSeconds: 3600, max: 10, messageKey: 'Feedback.errors.rateLimitedAddress', unit: 'minutes' },
] as const;

export interface FeedbackRow {
  id: string;
  category: FeedbackCategory;
  title: string;
  content: string;
  contact: string | null;
  status: FeedbackStatus;
  reply: string | null;
  replied_at: Date | null;
  created_at: Date;
  demo: boolean;
}

const COLUMNS = 'f.id::text AS id, f.category, f.title, f.content, f.contact, f.status, f.reply, f.replied_at, f.created_at, f.demo';

/** A feedback row as the API gives it (also the base of the administrators' view). */
export function toFeedbackItem(row: FeedbackRow): FeedbackItem {
  return {
    id: row.id,
    category: row.category,
    title: row.title,
    content: row.content,
    contact: row.contact,
    status: row.status,
    reply: row.reply,
    repliedAt: row.replied_at ? new Date(row.replied_at).toISOString() : null,
    createdAt: new Date(row.created_at).toISOString(),
    demo: row.demo,
  };
}

/** HMAC of the address under a secret kept in the database: comparable, not reversible by trying all IPv4 addresses. */
export async function hashAddress(db: Queryable, ip: string): Promise<string> {
  const secret = await getOrCreateSecret(db, 'feedback_ip_secret', () => randomBytes(32).toString('base64url'));
  return createHmac('sha256', secret).update(ip).digest('hex').slice(0, 40);
}

/**
 * Seconds until the sender may send again under one limit, or 0: with `max` sends inside the window,
 * a slot frees when the max-th newest leaves it. `ages` are seconds since each send, newest first.
 */
export function retryAfterSeconds(ages: readonly number[], windowSeconds: number, max: number): number {
  const inWindow = ages.filter((age) => age < windowSeconds);
  if (inWindow.length < max) return 0;
  return Math.max(1, Math.ceil(windowSeconds - inWindow[max - 1]!));
}

async function agesOf(tx: Queryable, column: 'user_id' | 'ip_hash', value: string, limit: number): Promise<number[]> {
  const rows = await tx.query<{ age: number }>(
    `SELECT extract(epoch FROM now() - created_at)::float8 AS age FROM feedback
     WHERE ${column} = $1 AND NOT demo AND created_at > now() - interval '1 day'
     ORDER BY created_at DESC LIMIT $2`,
    [value, limit],
  );
  return rows.map((r) => Number(r.age));
}

/** Stores one feedback after the rate limits (a user's sends are serialised by locking the user's row). */
export async function submitFeedback(
  db: Database,
  input: FeedbackInput,
  sender: { userId: string; ip: string; locale: Locale },
): Promise<FeedbackItem> {
  const ipHash = await hashAddress(db, sender.ip);
  return db.transaction(async (tx) => {
    await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [sender.userId]);
    const ages = {
      user: await agesOf(tx, 'user_id', sender.userId, 100),
      ip: await agesOf(tx, 'ip_hash', ipHash, 100),
    };
    for (const limit of FEEDBACK_RATE_LIMITS) {
      const wait = retryAfterSeconds(ages[limit.scope], limit.windowSeconds, limit.max);
      if (wait > 0) throw tooManyRequests(limit.messageKey, wait, { max: limit.max, hours: Math.ceil(wait / 3600) });
    }
    const [row] = await tx.query<FeedbackRow>(
      `INSERT INTO feedback AS f (user_id, category, title, content, contact, locale, ip_hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
      [sender.userId, input.category, input.title, input.content, input.contact || null, sender.locale, ipHash],
    );
    if (!row) throw new Error('feedback insert returned no row');
    await recordStart(tx, 'feedback', row.id, { role: 'owner', actorId: sender.userId });
    return toFeedbackItem(row);
  });
}

/** The user's own feedback, newest first. */
export async function listOwnFeedback(db: Queryable, userId: string, pageNum: number, pageSize: number): Promise<Page<FeedbackItem>> {
  const rows = await db.query<FeedbackRow & { total: number }>(
    `SELECT ${COLUMNS}, count(*) OVER ()::int AS total FROM feedback f
     WHERE f.user_id = $1 ORDER BY f.created_at DESC, f.id DESC LIMIT $2 OFFSET $3`,
    [userId, pageSize, (pageNum - 1) * pageSize],
  );
  let total = rows[0]?.total ?? 0;
  if (!rows.length && pageNum > 1) {
    const [count] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM feedback WHERE user_id = $1', [userId]);
    total = count?.n ?? 0;
  }
  return { list: rows.map(toFeedbackItem), total, pageNum, pageSize };
}
