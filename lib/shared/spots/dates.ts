/** The spot filters' compact dates (spec §3: `batchStart` / `batchEnd` as YYYYMMDD). */

/** `20240315` → `2024-03-15`, or null unless it is a real calendar day between 1900 and 2999. */
export function parseCompactDate(text: string): string | null {
  const match = /^([12]\d{3})(\d{2})(\d{2})$/.exec(text);
  if (!match) return null;
  const [, y, m, d] = match as unknown as [string, string, string, string];
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  if (year < 1900 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${y}-${m}-${d}`;
}

/** `2024-03-15` → `20240315`. */
export function toCompactDate(iso: string): string {
  return iso.slice(0, 10).replaceAll('-', '');
}

/** A quarter `2025Q3` → its first and last day (ISO). */
export function quarterPeriod(quarter: string): { start: string; end: string } {
  const match = /^(\d{4})Q([1-4])$/.exec(quarter);
  if (!match) throw new Error(`not a quarter: ${quarter}`);
  const year = Number(match[1]);
  const q = Number(match[2]);
  const start = new Date(Date.UTC(year, (q - 1) * 3, 1));
  const end = new Date(Date.UTC(year, q * 3, 0));
  return { start: start.toISOString().slice(0, 10), end: end.toISOString().slice(0, 10) };
}
