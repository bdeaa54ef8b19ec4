import 'server-only';
/**
 * What a GET asks of a stored file of `size` bytes (RFC 9110 §14): the whole file, one byte range, or a
 * range that cannot be served (416). Decisions, recorded in docs/adr/0026:
 * - one range of bytes is answered 206 with Content-Range; a suffix (`bytes=-500`) is the file's last bytes;
 * - several ranges (`bytes=0-1,5-9`) are answered with the whole file (200): RFC 9110 lets a server
 *   ignore Range, and a multipart answer buys clients nothing here;
 * - a Range in another unit or with a syntax error is ignored (200, whole file), as the RFC says;
 * - If-Range that does not name the file's current ETag asks for the whole file;
 * - a range that starts at or past the end (or an empty suffix, or any range of an empty file) is 416.
 */

export type BodyPlan =
  | { kind: 'whole' }
  | { kind: 'range'; start: number; end: number }
  | { kind: 'unsatisfiable' };

const SINGLE = /^bytes=(\d*)-(\d*)$/i;

export function planBody(range: string | null, ifRange: string | null, etag: string, size: number): BodyPlan {
  if (range === null) return { kind: 'whole' };
  if (ifRange !== null && ifRange.trim() !== etag) return { kind: 'whole' };
  const spec = range.replace(/\s+/g, '');
  if (!/^bytes=/i.test(spec) || spec.includes(',')) return { kind: 'whole' };
  const match = SINGLE.exec(spec);
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'range', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Number(last);
  if (last !== '' && end < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'range', start, end: Math.min(end, size - 1) };
}

/** Whether an answer of this plan sends the file from its first byte to its last: that is one download. */
export function sendsWholeFile(plan: BodyPlan, size: number): boolean {
  return plan.kind === 'whole' || (plan.kind === 'range' && plan.start === 0 && plan.end === size - 1);
}
