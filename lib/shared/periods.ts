/**
 * Periods of figures as UTC calendar months: a term is a year (`2026`), a quarter (`2026Q2`) or a month (`2026-05`),
 * and a period is a term or a range of two joined by `..` (`2025Q4..2026-02`: from the first month of the left to the
 * last of the right). The coverage statistics (issue 36.1) and the push statistics (36.3) read their periods so.
 */

/** A month as `YYYY-MM` (UTC). */
export type Month = string;

export interface MonthRange {
  from: Month;
  to: Month;
}

const monthOf = (year: number, month: number): Month => `${year}-${String(month).padStart(2, '0')}`;

/** The months one period term stands for (`2026`, `2026Q2`, `2026-05`), or null. */
function termRange(term: string): MonthRange | null {
  let m = /^(\d{4})$/.exec(term);
  if (m) return { from: monthOf(Number(m[1]), 1), to: monthOf(Number(m[1]), 12) };
  m = /^(\d{4})Q([1-4])$/i.exec(term);
  if (m) {
    const q = Number(m[2]);
    return { from: monthOf(Number(m[1]), 3 * q - 2), to: monthOf(Number(m[1]), 3 * q) };
  }
  m = /^(\d{4})-(\d{2})$/.exec(term);
  if (m && Number(m[2]) >= 1 && Number(m[2]) <= 12) return { from: term, to: term };
  return null;
}

/** Months from `from` to `to`, both included. */
export const monthSpan = ({ from, to }: MonthRange): number =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7)) + 1;

/** The months of a period segment, or null when it is not one. */
export function parsePeriod(text: string): MonthRange | null {
  const parts = text.split('..');
  if (parts.length > 2) return null;
  const first = termRange(parts[0]!);
  const last = termRange(parts[parts.length - 1]!);
  if (!first || !last) return null;
  return { from: first.from, to: last.to };
}
