/** Answering feedback (administrators): all feedback with its sender, filters, and the reply (a transition of the feedback workflow). */
import 'server-only';
import type { Locale } from '../../../i18n/routing';
import type { FeedbackStatus, ManagedFeedbackDetail, ManagedFeedbackItem, ManagedFeedbackPage } from '../../shared/contracts/feedback';
import { containsPattern } from '../db/like';
import type { Database, Queryable } from '../db/types';
import { lockState, pagedReviewList, pendingCount, readHistory, transition, verifyChain } from '../workflow';
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
  const { rows, total } = await pagedReviewList<ManagedRow>(
    db,
    {
      columns: COLUMNS,
      from: FROM,
      countFrom: 'FROM feedback f JOIN users u ON u.id = f.user_id',
      where,
      params,
      orderBy: 'f.created_at DESC, f.id DESC',
    },
    { pageNum, pageSize },
  );
  return { list: rows.map(toManagedItem), total, pageNum, pageSize, unanswered: await pendingCount(db, 'feedback') };
}

/** One feedback with its history, or null. */
export async function getManagedFeedback(db: Queryable, id: string, locale: Locale): Promise<ManagedFeedbackDetail | null> {
  const [row] = await db.query<ManagedRow>(`SELECT ${COLUMNS} ${FROM} WHERE f.id = $1`, [id]);
  if (!row) return null;
  const history = (await readHistory(db, 'feedback', id, locale)).map(({ role: _role, ...entry }) => entry);
  return { ...toManagedItem(row), history, chain: await verifyChain(db, 'feedback', id) };
}

/**
 * Answers a feedback, or replaces the answer: the reply (already plain text), who saved it and when, as a
 * transition of the feedback workflow (received → replied, or replied → replied), recorded in its history.
 * Null when there is no such feedback.
 */
export async function replyToFeedback(
  db: Database,
  id: string,
  reply: string,
  adminUserId: string,
  locale: Locale,
): Promise<ManagedFeedbackDetail | null> {
  const found = await db.transaction(async (tx) => {
    if (!(await lockState(tx, 'feedback', id))) return false;
    await transition(
      tx,
      'feedback',
      id,
      { to: 'replied', role: 'admin', actorId: adminUserId },
      {
        write: async (t, _from, to) => {
          await t.query('UPDATE feedback SET reply = $2, status = $4, replied_at = now(), replied_by = $3 WHERE id = $1', [
            id,
            reply,
            adminUserId,
            to,
          ]);
        },
      },
    );
    return true;
  });
  return found ? getManagedFeedback(db, id, locale) : null;
}
