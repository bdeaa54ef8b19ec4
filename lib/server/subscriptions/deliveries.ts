import 'server-only';
/**
 * Deliveries of a subscription's matched items — scenes of a search, spots of a theme (./items.ts) — (issue 35.4)
 * and their log.
 *
 * - Webhook: the undelivered items are taken into one delivery row (locked, so two workers never take the same
 *   item), its body fixed then — at most SUBSCRIPTION_LIMITS.webhookItems items, or, for a larger backlog, one
 *   summary with the count and a link — and a send job queued. The send job POSTs it signed (./webhook.ts); a
 *   failure is retried by the job queue with exponential backoff; when the last attempt fails (or the address is
 *   refused at sending) the subscription is disabled and its owner told by e-mail, in that same transaction.
 * - E-mail digest: a periodic task sends each owner one e-mail for their subscriptions that are due (daily or
 *   weekly), one section per subscription (its area, or its theme and region), at most SUBSCRIPTION_LIMITS.digestItems
 *   items listed each with a link to the rest.
 * - The log: every delivery (also tests, digests and re-sends) is a row the owner reads and re-sends from.
 */
import { SUBSCRIPTION_LIMITS, type Delivery } from '../../shared/contracts/subscriptions';
import { API_CODES } from '../../shared/contracts/api';
import { ApiError, tooManyRequests } from '../api/errors';
import type { Database, Queryable } from '../db/types';
import type { Locale } from '../../../i18n/routing';
import { translateMessage } from '../i18n';
import { enqueueJob } from '../jobs/enqueue';
import { PermanentJobError, type JobHandler, type PeriodicTask } from '../jobs/runner';
import { log } from '../log';
import { transportFor } from '../messaging';
import { itemNoun, subscriptionItems, type ItemView } from './items';
import { ownSubscription, SUBSCRIPTION_COLUMNS, subscriptionPageUrl, type SubscriptionRow } from './service';
import { postWebhook, WebhookFailure } from './webhook';

export const SEND_JOB = 'subscriptions.send';

type DeliveryKind = Delivery['kind'];

interface DeliveryRow {
  id: string;
  subscription_id: string;
  kind: DeliveryKind;
  item_count: number;
  body: string;
  status: Delivery['status'];
  attempts: number;
  response_status: number | null;
  last_error: string | null;
  created_at: Date | string;
  finished_at: Date | string | null;
}

const DELIVERY_COLUMNS = `d.id::text AS id, d.subscription_id::text AS subscription_id, d.kind, d.item_count, d.body, d.status, d.attempts,
  d.response_status, d.last_error, d.created_at, d.finished_at`;

function toDelivery(row: DeliveryRow, delivery: string): Delivery {
  return {
    id: row.id,
    kind: row.kind,
    itemCount: row.item_count,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.response_status,
    lastError: row.last_error,
    createdAt: new Date(row.created_at).toISOString(),
    finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
    resendable: delivery === 'webhook' && row.kind !== 'digest',
  };
}

/**
 * Takes every undelivered item (scene or spot) of a subscription into one new delivery row, and returns it (null when
 * none is waiting). The items are locked first, so concurrent callers split nothing and repeat nothing. A backlog
 * larger than `cap` becomes one summary (the count and a link), not a flood.
 */
async function takePending(
  tx: Queryable,
  sub: Pick<SubscriptionRow, 'id' | 'name' | 'kind'>,
  kind: 'items' | 'digest',
  cap: number,
): Promise<{ deliveryId: string; total: number; items: ItemView[] } | null> {
  const locked = await tx.query<{ item_id: string }>(
    `SELECT item_id FROM subscription_items WHERE subscription_id = $1::bigint AND delivery_id IS NULL FOR UPDATE`,
    [sub.id],
  );
  const total = locked.length;
  if (total === 0) return null;
  const items = await subscriptionItems(tx, sub, 'pending', cap);
  const summary = total > cap;
  const noun = itemNoun(sub);
  const body =
    kind === 'digest'
      ? ''
      : JSON.stringify(
          summary
            ? {
                type: 'summary',
                subscription: { id: sub.id, name: sub.name, kind: sub.kind },
                count: total,
                message: translateMessage('en', `Subscriptions.webhook.summary${noun === 'Spots' ? 'Spots' : ''}`, { count: total }),
                link: subscriptionPageUrl('en', sub.id),
              }
            : {
                type: noun.toLowerCase(),
                subscription: { id: sub.id, name: sub.name, kind: sub.kind },
                count: total,
                [noun.toLowerCase()]: items.map((i) => i.entry),
              },
        );
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO subscription_deliveries (subscription_id, kind, item_count, body, status)
     VALUES ($1::bigint, $2, $3, $4, CASE WHEN $2 = 'digest' THEN 'delivered' ELSE 'pending' END) RETURNING id::text AS id`,
    [sub.id, kind === 'digest' ? 'digest' : summary ? 'summary' : 'items', total, body],
  );
  await tx.query(
    `UPDATE subscription_items SET delivery_id = $2::bigint WHERE subscription_id = $1::bigint AND item_id = ANY ($3::text[])`,
    [sub.id, row!.id, locked.map((r) => r.item_id)],
  );
  return { deliveryId: row!.id, total, items };
}

/** Queues the send of a delivery row (at most SUBSCRIPTION_LIMITS.webhookAttempts tries). */
async function queueSend(tx: Queryable, deliveryId: string): Promise<void> {
  await enqueueJob(tx, {
    kind: SEND_JOB,
    payload: { deliveryId },
    dedupeKey: `${SEND_JOB}:${deliveryId}`,
    maxAttempts: SUBSCRIPTION_LIMITS.webhookAttempts,
  });
}

/** A webhook subscription's waiting items, as one delivery with its send queued (nothing when none waits). */
export async function queueWebhookDelivery(tx: Queryable, subscriptionId: string): Promise<string | null> {
  const [sub] = await tx.query<Pick<SubscriptionRow, 'id' | 'name' | 'kind'>>(
    `SELECT id::text AS id, name, kind FROM subscriptions WHERE id = $1::bigint AND status = 'active' AND delivery = 'webhook' FOR UPDATE`,
    [subscriptionId],
  );
  if (!sub) return null;
  const taken = await takePending(tx, sub, 'items', SUBSCRIPTION_LIMITS.webhookItems);
  if (!taken) return null;
  await queueSend(tx, taken.deliveryId);
  return taken.deliveryId;
}

interface SendTarget {
  delivery: DeliveryRow;
  sub: SubscriptionRow;
}

async function sendTarget(db: Queryable, deliveryId: string): Promise<SendTarget | null> {
  const [delivery] = await db.query<DeliveryRow>(`SELECT ${DELIVERY_COLUMNS} FROM subscription_deliveries d WHERE d.id = $1::bigint`, [
    deliveryId,
  ]);
  if (!delivery) return null;
  const [sub] = await db.query<SubscriptionRow>(`SELECT ${SUBSCRIPTION_COLUMNS} FROM subscriptions s WHERE s.id = $1::bigint`, [
    delivery.subscription_id,
  ]);
  return sub ? { delivery, sub } : null;
}

/** POSTs a delivery's body to the subscription's webhook; records the attempt. Throws WebhookFailure. */
async function postDelivery(db: Queryable, target: SendTarget): Promise<{ status: number }> {
  const { delivery, sub } = target;
  try {
    const result = await postWebhook(sub.webhook_url!, delivery.body, sub.webhook_secret, {
      'X-Delivery-Id': delivery.id,
      'X-Subscription-Id': sub.id,
    });
    return { status: result.status };
  } catch (error) {
    const failure = error instanceof WebhookFailure ? error : new WebhookFailure(error instanceof Error ? error.message : String(error));
    await db.query(
      `UPDATE subscription_deliveries SET attempts = attempts + 1, response_status = $2, last_error = $3 WHERE id = $1::bigint`,
      [delivery.id, failure.responseStatus, failure.message.slice(0, 1000)],
    );
    throw failure;
  }
}

/** The owner's e-mail: the webhook of `sub` is disabled (both languages). */
async function mailDisabled(tx: Queryable, sub: SubscriptionRow, reason: string): Promise<void> {
  const [owner] = await tx.query<{ email: string | null; name: string }>(
    `SELECT email, coalesce(nullif(trim(real_name), ''), username) AS name FROM users WHERE id = $1::bigint`,
    [sub.user_id],
  );
  if (!owner?.email) return;
  const part = (locale: 'zh' | 'en') =>
    [
      translateMessage(locale, 'Subscriptions.mail.greeting', { name: owner.name }),
      '',
      translateMessage(locale, 'Subscriptions.mail.disabledBody', {
        name: sub.name,
        url: sub.webhook_url ?? '',
        attempts: SUBSCRIPTION_LIMITS.webhookAttempts,
        reason,
        kind: sub.kind,
      }),
      translateMessage(locale, 'Subscriptions.mail.manage', { url: subscriptionPageUrl(locale, sub.id) }),
    ].join('\n');
  await transportFor('email').send(tx, {
    channel: 'email',
    recipient: owner.email.toLowerCase(),
    subject: `${translateMessage('zh', 'Subscriptions.mail.disabledSubject', { name: sub.name })} / ${translateMessage('en', 'Subscriptions.mail.disabledSubject', { name: sub.name })}`,
    body: `${part('zh')}\n\n————————\n\n${part('en')}`,
  });
}

const deliveryIdOf = (payload: Record<string, unknown>) => {
  const id = String(payload.deliveryId ?? '');
  if (!/^[1-9][0-9]{0,17}$/.test(id)) throw new PermanentJobError(`bad delivery id ${id}`);
  return id;
};

/** The send job: one signed POST per attempt; the queue retries with backoff; the last failure disables. */
export const sendHandler: JobHandler = {
  async run(db, job) {
    const target = await sendTarget(db, deliveryIdOf(job.payload));
    if (!target || target.delivery.status !== 'pending') return {};
    if (target.sub.status !== 'active' || target.sub.delivery !== 'webhook' || !target.sub.webhook_url) {
      return {
        commit: async (tx) => {
          await tx.query(
            `UPDATE subscription_deliveries SET status = 'failed', last_error = 'subscription paused or no longer a webhook', finished_at = now()
              WHERE id = $1::bigint AND status = 'pending'`,
            [target.delivery.id],
          );
        },
      };
    }
    try {
      const { status } = await postDelivery(db, target);
      return {
        commit: async (tx) => {
          await tx.query(
            `UPDATE subscription_deliveries SET status = 'delivered', attempts = attempts + 1, response_status = $2, last_error = NULL, finished_at = now()
              WHERE id = $1::bigint`,
            [target.delivery.id, status],
          );
        },
      };
    } catch (error) {
      // An address refused at sending will not become acceptable by waiting: no more tries.
      if (error instanceof WebhookFailure && error.message.startsWith('refused:')) throw new PermanentJobError(error.message);
      throw error;
    }
  },
  async onFailure(tx, job, error) {
    const id = String(job.payload.deliveryId ?? '');
    if (!/^[1-9][0-9]{0,17}$/.test(id)) return;
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 300);
    const [delivery] = await tx.query<{ subscription_id: string }>(
      `UPDATE subscription_deliveries SET status = 'failed', finished_at = now(), last_error = coalesce(last_error, $2)
        WHERE id = $1::bigint RETURNING subscription_id::text AS subscription_id`,
      [id, reason],
    );
    if (!delivery) return;
    const [sub] = await tx.query<SubscriptionRow>(
      `UPDATE subscriptions s SET status = 'disabled', disabled_reason = $2, updated_at = now()
        WHERE s.id = $1::bigint AND s.status = 'active' RETURNING ${SUBSCRIPTION_COLUMNS}`,
      [delivery.subscription_id, reason],
    );
    if (!sub) return;
    log.warn('subscription webhook disabled', { subscriptionId: sub.id, reason });
    await mailDisabled(tx, sub, reason);
  },
};

// ——— Tests, re-sends and the log ———

const notFound = () => new ApiError(API_CODES.NOT_FOUND, 'Subscriptions.errors.notFound');

async function deliveryOf(db: Queryable, subscriptionId: string, deliveryId: string): Promise<DeliveryRow> {
  const [row] = await db.query<DeliveryRow>(
    `SELECT ${DELIVERY_COLUMNS} FROM subscription_deliveries d WHERE d.id = $1::bigint AND d.subscription_id = $2::bigint`,
    [deliveryId, subscriptionId],
  );
  if (!row) throw notFound();
  return row;
}

/** Tests and re-sends one user may ask for in MANUAL_WINDOW_MINUTES (across processes: counted in the log). */
export const MANUAL_DELIVERIES = { max: 10, windowMinutes: 10 } as const;

async function checkManualRate(db: Queryable, userId: string): Promise<void> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM subscription_deliveries d JOIN subscriptions s ON s.id = d.subscription_id
      WHERE s.user_id = $1::bigint AND d.kind IN ('test', 'resend') AND d.created_at > now() - make_interval(mins => $2)`,
    [userId, MANUAL_DELIVERIES.windowMinutes],
  );
  if ((row?.n ?? 0) >= MANUAL_DELIVERIES.max)
    throw tooManyRequests('Subscriptions.errors.tooManyManual', MANUAL_DELIVERIES.windowMinutes * 60, { max: MANUAL_DELIVERIES.max });
}

/**
 * A test delivery, now: a webhook gets a signed `{"type":"test"}` POST (same checks as every delivery, one try), an
 * e-mail subscription a test e-mail, a feed nothing to send (the log says it is reachable). Logged either way.
 */
export async function testDelivery(db: Database, userId: string, id: string): Promise<Delivery> {
  const sub = await ownSubscription(db, userId, id);
  await checkManualRate(db, userId);
  const body = JSON.stringify({ type: 'test', subscription: { id: sub.id, name: sub.name }, sentAt: new Date().toISOString() });
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO subscription_deliveries (subscription_id, kind, item_count, body) VALUES ($1::bigint, 'test', 0, $2) RETURNING id::text AS id`,
    [sub.id, sub.delivery === 'webhook' ? body : ''],
  );
  const deliveryId = row!.id;
  if (sub.delivery === 'webhook' && sub.webhook_url) {
    const delivery = await deliveryOf(db, sub.id, deliveryId);
    try {
      const { status } = await postDelivery(db, { delivery, sub });
      await db.query(
        `UPDATE subscription_deliveries SET status = 'delivered', attempts = attempts + 1, response_status = $2, finished_at = now() WHERE id = $1::bigint`,
        [deliveryId, status],
      );
    } catch {
      await db.query(`UPDATE subscription_deliveries SET status = 'failed', finished_at = now() WHERE id = $1::bigint`, [deliveryId]);
    }
  } else {
    await db.transaction(async (tx) => {
      if (sub.delivery === 'email') {
        const [owner] = await tx.query<{ email: string | null }>(`SELECT email FROM users WHERE id = $1::bigint`, [sub.user_id]);
        if (owner?.email) {
          const t = (locale: 'zh' | 'en') =>
            translateMessage(locale, 'Subscriptions.mail.testBody', {
              name: sub.name,
              url: subscriptionPageUrl(locale, sub.id),
              kind: sub.kind,
            });
          await transportFor('email').send(tx, {
            channel: 'email',
            recipient: owner.email.toLowerCase(),
            subject: `${translateMessage('zh', 'Subscriptions.mail.testSubject')} / ${translateMessage('en', 'Subscriptions.mail.testSubject')}`,
            body: `${t('zh')}\n\n————————\n\n${t('en')}`,
          });
        }
        await tx.query(
          `UPDATE subscription_deliveries SET status = $2, attempts = 1, finished_at = now(), last_error = $3 WHERE id = $1::bigint`,
          [deliveryId, owner?.email ? 'delivered' : 'failed', owner?.email ? null : 'no e-mail address on the account'],
        );
      } else {
        await tx.query(`UPDATE subscription_deliveries SET status = 'delivered', attempts = 1, finished_at = now() WHERE id = $1::bigint`, [
          deliveryId,
        ]);
      }
    });
  }
  return toDelivery(await deliveryOf(db, sub.id, deliveryId), sub.delivery);
}

/** Queues a webhook delivery of the log again: the same body, signed afresh, in a new log row. */
export async function resendDelivery(db: Database, userId: string, id: string, deliveryId: string): Promise<Delivery> {
  return db.transaction(async (tx) => {
    const sub = await ownSubscription(tx, userId, id, true);
    await checkManualRate(tx, userId);
    const original = await deliveryOf(tx, sub.id, deliveryId);
    if (sub.delivery !== 'webhook' || original.kind === 'digest' || !original.body)
      throw new ApiError(API_CODES.INVALID_INPUT, 'Subscriptions.errors.notResendable');
    if (sub.status !== 'active') throw new ApiError(API_CODES.INVALID_INPUT, 'Subscriptions.errors.notActive');
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO subscription_deliveries (subscription_id, kind, item_count, body, resend_of)
       VALUES ($1::bigint, 'resend', $2, $3, $4::bigint) RETURNING id::text AS id`,
      [sub.id, original.item_count, original.body, original.id],
    );
    await queueSend(tx, row!.id);
    return toDelivery(await deliveryOf(tx, sub.id, row!.id), sub.delivery);
  });
}

export async function listDeliveries(
  db: Queryable,
  userId: string,
  id: string,
  page: { pageNum: number; pageSize: number },
): Promise<{ list: Delivery[]; total: number; pageNum: number; pageSize: number }> {
  const sub = await ownSubscription(db, userId, id);
  const rows = await db.query<DeliveryRow & { total: number }>(
    `SELECT ${DELIVERY_COLUMNS}, count(*) OVER ()::int AS total FROM subscription_deliveries d
      WHERE d.subscription_id = $1::bigint ORDER BY d.id DESC LIMIT $2 OFFSET $3`,
    [sub.id, page.pageSize, (page.pageNum - 1) * page.pageSize],
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page.pageNum > 1) {
    const [count] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM subscription_deliveries WHERE subscription_id = $1::bigint`,
      [sub.id],
    );
    total = count?.n ?? 0;
  }
  return { list: rows.map((r) => toDelivery(r, sub.delivery)), total, pageNum: page.pageNum, pageSize: page.pageSize };
}

// ——— E-mail digests ———

/** Owners handled per pass of the worker (each in a transaction of its own). */
const DIGEST_OWNERS_PER_PASS = 50;

interface DigestSection {
  sub: SubscriptionRow;
  total: number;
  items: ItemView[];
}

/** Where a section's items come from: the search's area, or the theme and region of a theme subscription. */
async function areaLabel(db: Queryable, locale: Locale, sub: SubscriptionRow): Promise<string> {
  const regionNames = async (codes: readonly string[]) =>
    (
      await db.query<{ name: string }>(
        `SELECT CASE WHEN $2 = 'zh' THEN name_zh ELSE coalesce(name_en, name_zh) END AS name FROM regions WHERE code = ANY ($1::text[]) ORDER BY code`,
        [[...codes], locale],
      )
    )
      .map((r) => r.name)
      .join(locale === 'zh' ? '、' : ', ');
  if (sub.kind === 'theme')
    return translateMessage(locale, 'Subscriptions.area.theme', {
      theme: translateMessage(locale, `Themes.${sub.query.theme}.title`),
      region: (await regionNames([sub.query.regionCode])) || sub.query.regionCode,
    });
  const area = sub.query.filter.area;
  if (!area) return translateMessage(locale, 'Subscriptions.area.anywhere');
  if ('regionCodes' in area) return regionNames(area.regionCodes);
  if ('bbox' in area) return translateMessage(locale, 'Subscriptions.area.extent', { bbox: area.bbox.map((n) => n.toFixed(3)).join(', ') });
  return translateMessage(locale, 'Subscriptions.area.drawn');
}

/** "3 new scenes and 2 new spots": the counts of a digest, or of one section, in `locale`. */
function countsText(locale: Locale, sections: readonly DigestSection[]): string {
  const count = (noun: 'Scenes' | 'Spots') => sections.filter((s) => itemNoun(s.sub) === noun).reduce((n, s) => n + s.total, 0);
  return (['Scenes', 'Spots'] as const)
    .filter((noun) => count(noun) > 0)
    .map((noun) => translateMessage(locale, `Subscriptions.mail.count${noun}`, { count: count(noun) }))
    .join(translateMessage(locale, 'Subscriptions.mail.and'));
}

async function composeDigestMail(db: Queryable, name: string, sections: readonly DigestSection[]) {
  const part = async (locale: Locale) => {
    const t = (key: string, values?: Record<string, string | number>) => translateMessage(locale, `Subscriptions.mail.${key}`, values);
    const lines = [t('greeting', { name }), '', t('digestIntro', { what: countsText(locale, sections) })];
    for (const section of sections) {
      const area = await areaLabel(db, locale, section.sub);
      lines.push('', t('section', { name: section.sub.name, area, what: countsText(locale, [section]) }));
      for (const item of section.items) lines.push(item.line(locale));
      if (section.total > section.items.length)
        lines.push(
          t('more', {
            count: section.total - section.items.length,
            url: subscriptionPageUrl(locale, section.sub.id),
            kind: section.sub.kind,
          }),
        );
    }
    lines.push('', t('footer'));
    return lines.join('\n');
  };
  const subject = (locale: Locale) => translateMessage(locale, 'Subscriptions.mail.digestSubject', { what: countsText(locale, sections) });
  return {
    subject: `${subject('zh')} / ${subject('en')}`,
    body: `${await part('zh')}\n\n————————\n\n${await part('en')}`,
  };
}

/**
 * Sends the digests that are due: per owner, in one transaction, the due e-mail subscriptions are locked (SKIP
 * LOCKED: another worker takes other owners), their waiting scenes taken into a digest row each, the next digest
 * scheduled and one e-mail written. Returns how many e-mails went out.
 */
export async function sendDueDigests(db: Database): Promise<number> {
  const owners = await db.query<{ user_id: string }>(
    `SELECT DISTINCT user_id::text AS user_id FROM subscriptions
      WHERE delivery = 'email' AND status = 'active' AND next_digest_at <= now() LIMIT $1`,
    [DIGEST_OWNERS_PER_PASS],
  );
  let sent = 0;
  for (const { user_id } of owners) {
    const mailed = await db.transaction(async (tx) => {
      const subs = await tx.query<SubscriptionRow>(
        `SELECT ${SUBSCRIPTION_COLUMNS} FROM subscriptions s
          WHERE s.user_id = $1::bigint AND s.delivery = 'email' AND s.status = 'active' AND s.next_digest_at <= now()
          ORDER BY s.id FOR UPDATE SKIP LOCKED`,
        [user_id],
      );
      if (subs.length === 0) return false;
      const sections: DigestSection[] = [];
      for (const sub of subs) {
        const taken = await takePending(tx, sub, 'digest', SUBSCRIPTION_LIMITS.digestItems);
        if (taken) sections.push({ sub, total: taken.total, items: taken.items });
        await tx.query(
          `UPDATE subscriptions SET next_digest_at = greatest(next_digest_at, now()) + (CASE WHEN frequency = 'weekly' THEN 7 ELSE 1 END) * interval '1 day'
            WHERE id = $1::bigint`,
          [sub.id],
        );
      }
      if (sections.length === 0) return false;
      const [owner] = await tx.query<{ email: string | null; name: string }>(
        `SELECT email, coalesce(nullif(trim(real_name), ''), username) AS name FROM users WHERE id = $1::bigint AND status = 0`,
        [user_id],
      );
      if (!owner?.email) return false;
      const mail = await composeDigestMail(tx, owner.name, sections);
      await transportFor('email').send(tx, {
        channel: 'email',
        recipient: owner.email.toLowerCase(),
        subject: mail.subject,
        body: mail.body,
      });
      return true;
    });
    if (mailed) sent++;
  }
  return sent;
}

export const SUBSCRIPTION_PERIODIC_TASKS: readonly PeriodicTask[] = [
  { name: 'send due subscription digests', run: (db: Database) => sendDueDigests(db) },
];
