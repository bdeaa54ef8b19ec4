/**
 * RFC 3339 instants and dates as STAC writes them (`datetime` parameter, CQL2 TIMESTAMP/DATE/INTERVAL):
 * `2024-01-01T00:00:00Z`, `2024-01-01t00:00:00.5+08:00` (lower-case t/z allowed), `2024-01-01`.
 */
import { Cql2Error, echo } from './errors';

const INSTANT = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function validDay(y: number, m: number, d: number): boolean {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/**
 * The instant in UTC as `YYYY-MM-DDTHH:MM:SS.ffffffZ`, keeping microseconds (the database's precision;
 * further digits are cut), or a Cql2Error `badTimestamp`.
 */
export function parseInstant(text: string): string {
  const m = INSTANT.exec(text);
  if (!m || !validDay(Number(m[1]), Number(m[2]), Number(m[3])) || Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6]) > 59) {
    throw new Cql2Error('badTimestamp', { value: echo(text) });
  }
  const zone = m[8]!;
  const offsetMinutes = /^[Zz]$/.test(zone) ? 0 : (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));
  if (Math.abs(offsetMinutes) >= 24 * 60) throw new Cql2Error('badTimestamp', { value: echo(text) });
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])) - offsetMinutes * 60_000;
  const fraction = (m[7] ?? '.').slice(1).padEnd(6, '0').slice(0, 6);
  return `${new Date(ms).toISOString().slice(0, 19)}.${fraction}Z`;
}

/** A calendar date `YYYY-MM-DD` as the UTC day [start, next day start). */
export function parseDate(text: string): { start: string; endExclusive: string } {
  const m = DATE.exec(text);
  if (!m || !validDay(Number(m[1]), Number(m[2]), Number(m[3]))) throw new Cql2Error('badTimestamp', { value: echo(text) });
  const start = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return { start: new Date(start).toISOString(), endExclusive: new Date(start + 86_400_000).toISOString() };
}

/** A time span: `start` inclusive, `end` inclusive (or exclusive when `endExclusive`); null = open. */
export interface TimeSpan {
  start: string | null;
  end: string | null;
  endExclusive: boolean;
}

/** An instant or a date as a span (an instant is the span of one moment). */
export function parseTimeValue(text: string): TimeSpan {
  if (DATE.test(text)) {
    const d = parseDate(text);
    return { start: d.start, end: d.endExclusive, endExclusive: true };
  }
  const t = parseInstant(text);
  return { start: t, end: t, endExclusive: false };
}

/**
 * The STAC `datetime` parameter: one instant/date, or `start/end` with `..` or an empty side for an
 * open end. Both ends inclusive (a date end includes its whole day).
 */
export function parseDatetimeParameter(text: string): TimeSpan {
  const parts = text.split('/');
  if (parts.length === 1) {
    if (text === '..' || text === '') throw new Cql2Error('badTimestamp', { value: echo(text) });
    return parseTimeValue(text);
  }
  if (parts.length !== 2) throw new Cql2Error('badTimestamp', { value: echo(text) });
  const [a, b] = parts as [string, string];
  const open = (s: string) => s === '..' || s === '';
  if (open(a) && open(b)) throw new Cql2Error('badTimestamp', { value: echo(text) });
  const from = open(a) ? null : parseTimeValue(a);
  const to = open(b) ? null : parseTimeValue(b);
  const span: TimeSpan = { start: from?.start ?? null, end: to?.end ?? null, endExclusive: to?.endExclusive ?? false };
  if (span.start && span.end && (span.endExclusive ? span.start >= span.end : span.start > span.end)) {
    throw new Cql2Error('badTimestamp', { value: echo(text) });
  }
  return span;
}
