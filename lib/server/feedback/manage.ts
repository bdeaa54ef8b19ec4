/** Answering feedback (administrators): all feedback with its sender, filters, and the reply; all SQL of it. */
import 'server-only';
import type { FeedbackStatus, ManagedFeedbackItem, ManagedFeedbackPage } from '../../shared/contracts/feedback';
import { containsPattern } from '../db/like';
import type { Queryable } from '../db/types';
import { toFeedbackItem, type FeedbackRow } from './repository';

interface ManagedRow extends FeedbackRow {
  locale: 'zh' | 'en';
  author_username: string;
  author_real_name: string | null;
  author_organization: string | null;
  replied_by: string | null;
}

const COLUMNS = `f.id::text AS id, f.category, f.title, f.content, f.contact, f.status, f.reply, f.replied_at, f.created_at,
  f.demo, f.locale, u.username AS author_username, u.real_name AS author_real_name, u.organization AS author_organization,
  r.username AS replied_by`;
const FROM = 'FROM feedback f JOIN users u ON u.id = f.user_id LEFT JOIN users r ON r.id = f.replied_by';

function toManagedItem(row: ManagedRow): ManagedFeedbackItem {
  return {
    ...toFeedbackItem(row),
    locale: row.locale,
    author: { username: row.author_username, realName: row.author_real_name, organization: row.author_organization },
    repliedBy: row.replied_by,
  };
}

export interface ManagedFeedbackFilter {
  status?: FeedbackStatus;
  keyword?: string;
}

/**
 * All feedback, newest first. The keyword matches (case-insensitively, literally) the title, the
 * description, the reply, the sender's username or contact; a number also matches the feedback number.
 */
export async function listManagedFeedback(
  db: Queryable,
  filter: ManagedFeedbackFilter,
  pageNum: number,
  pageSize: number,
): Promise<ManagedFeedbackPage> {
  const keyword = filter.keyword?.trim() || null;
  const where = `
    WHERE ($1::text IS NULL OR f.status = $1)
      AND ($2::text IS NULL OR f.title ILIKE $2 OR f.content ILIKE $2 OR f.reply ILIKE $2 OR u.username ILIKE $2
           OR f.contact ILIKE $2 OR f.id::text = $3)`;
  const params = [filter.status ?? null, keyword ? containsPattern(keyword) : null, keyword && /^\d{1,18}$/.test(keyword) ? keyword : null];
  const rows = await db.query<ManagedRow & { total: number }>(
    `SELECT ${COLUMNS}, count(*) OVER ()::int AS total ${FROM} ${where}
     ORDER BY f.created_at DESC, f.id DESC LIMIT $4 OFFSET $5`,
    [...params, pageSize, (pageNum - 1) * pageSize],
  );
  let total = rows[0]?.total ?? 0;
  if (!rows.length && pageNum > 1) {
    const [count] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM feedback f JOIN users u ON u.id = f.user_id ${where}`,
      params,
    );
    total = count?.n ?? 0;
  }
  const [waiting] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM feedback WHERE status = 'received'");
  return { list: rows.map(toManagedItem), total, pageNum, pageSize, unanswered: waiting?.n ?? 0 };
}

/** One feedback, or null. */
export async function getManagedFeedback(db: Queryable, id: string): Promise<ManagedFeedbackItem | null> {
  const [row] = await db.query<ManagedRow>(`SELECT ${COLUMNS} ${FROM} WHERE f.id = $1`, [id]);
  return row ? toManagedItem(row) : null;
}

/**
 * Answers a feedback, or replaces the answer: the reply (already plain text), who saved it and when.
 * Null when there is no such feedback.
 */
export async function replyToFeedback(db: Queryable, id: string, reply: string, adminUserId: string): Promise<ManagedFeedbackItem | null> {
  const updated = await db.query<{ id: string }>(
    `UPDATE feedback SET reply = $2, status = 'replied', replied_at = now(), replied_by = $3
     WHERE id = $1 RETURNING id::text AS id`,
    [id, reply, adminUserId],
  );
  return updated.length ? getManagedFeedback(db, id) : null;
}
