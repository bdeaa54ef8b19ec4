import 'server-only';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Queryable } from '../db';
import { getEnv } from '../env';
import { log } from '../log';

export type Channel = 'email' | 'telephone';

export interface OutgoingMessage {
  channel: Channel;
  recipient: string;
  subject: string;
  body: string;
}

/** Where a message goes: SMTP for e-mail when configured; otherwise, and for SMS, the outbox. */
export interface MessageTransport {
  send(db: Queryable, message: OutgoingMessage): Promise<void>;
}

/** The embedded default: a table the README explains, plus a console line for whoever runs the server. */
export const outboxTransport: MessageTransport = {
  async send(db, message) {
    await db.query('INSERT INTO outbox (channel, recipient, subject, body) VALUES ($1, $2, $3, $4)', [
      message.channel,
      message.recipient,
      message.subject,
      message.body,
    ]);
    log.info('outbox', { channel: message.channel, to: message.recipient, subject: message.subject, body: message.body });
  },
};

let smtp: Transporter | undefined;

const smtpTransport: MessageTransport = {
  async send(_db, message) {
    const env = getEnv();
    smtp ??= nodemailer.createTransport(env.SMTP_URL);
    await smtp.sendMail({ from: env.MAIL_FROM, to: message.recipient, subject: message.subject, text: message.body });
  },
};

/** SMS providers plug in here; none is configured in this codebase, so SMS goes to the outbox. */
export function transportFor(channel: Channel): MessageTransport {
  return channel === 'email' && getEnv().SMTP_URL ? smtpTransport : outboxTransport;
}

export async function readOutbox(db: Queryable, recipient: string | undefined, limit: number) {
  const rows = await db.query<{ id: string; channel: Channel; recipient: string; subject: string; body: string; created_at: Date }>(
    `SELECT id::text AS id, channel, recipient, subject, body, created_at FROM outbox
      WHERE ($1::text IS NULL OR recipient = lower($1::text) OR recipient = $1::text)
      ORDER BY id DESC LIMIT $2`,
    [recipient ?? null, limit],
  );
  return rows.map((r) => ({ id: r.id, channel: r.channel, recipient: r.recipient, subject: r.subject, body: r.body, createdAt: new Date(r.created_at).toISOString() }));
}
