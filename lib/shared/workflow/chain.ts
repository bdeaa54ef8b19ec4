/**
 * A record nobody can quietly change (issue 33.5, ADR 0018): every workflow history row carries the SHA-256
 * of its content, and that content includes the hash of the subject's previous row. Editing a row changes
 * its hash ("content"); deleting or inserting one breaks the next row's link ("link").
 *
 * The canonical form is defined here once. It is a version tag and then each field on its own line as
 * `<UTF-8 byte length>:<text>`, or `-` for a null — length-prefixed, so no value can imitate a separator
 * and a null never equals a text. Migration 0030 computes the same form in SQL to backfill existing rows
 * (frozen there, as shipped migrations are); an integration test holds the two equal.
 *
 * Server code only (node:crypto): the browser shows the server's answer and never hashes.
 */
import { createHash } from 'node:crypto';

/** The tag opening every canonical form; a new form gets a new tag, and old rows keep theirs. */
export const CHAIN_FORMAT = 'workflow-history/1';
/**
 * The form of a row that cites evidence (issue 34.3: a rectification closed on a scene or a later spot): the nine
 * fields of /1 and the evidence as a tenth. A row without evidence keeps /1, so every row written before stays
 * valid; blanking a row's evidence in SQL changes its form and so its hash.
 */
export const CHAIN_FORMAT_WITH_EVIDENCE = 'workflow-history/2';

/** `changed_at` as hashed: UTC, microseconds (PostgreSQL's precision), e.g. `2026-11-29T03:02:30.634000Z`. */
export const CHANGED_AT_FORMAT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** A lowercase hex SHA-256, as stored in `content_hash` and `prev_hash`. */
export const HASH_FORMAT = /^[0-9a-f]{64}$/;

/** What a history row's hash covers, every value as the database's text. */
export interface ChainedContent {
  workflow: string;
  subjectId: string;
  fromStatus: string | null;
  toStatus: string;
  /** The account that made the change (kept after the account is deleted); null for the system. */
  actorId: string | null;
  actorRole: string;
  note: string | null;
  /** In CHANGED_AT_FORMAT. */
  changedAt: string;
  /** The subject's previous row's content hash; null for its first row. */
  prevHash: string | null;
  /** What the move cites (e.g. `scene:<id>`, `spot:<id>`); absent or null for most moves. */
  evidence?: string | null;
}

const field = (value: string | null) => (value === null ? '-' : `${Buffer.byteLength(value, 'utf8')}:${value}`);

/** The exact text a history row's hash is taken over. */
export function canonicalHistoryRow(row: ChainedContent): string {
  if (!CHANGED_AT_FORMAT.test(row.changedAt)) throw new Error(`changedAt is not canonical: ${row.changedAt}`);
  if (row.prevHash !== null && !HASH_FORMAT.test(row.prevHash)) throw new Error(`prevHash is not a SHA-256: ${row.prevHash}`);
  const fields = [
    row.workflow,
    row.subjectId,
    row.fromStatus,
    row.toStatus,
    row.actorId,
    row.actorRole,
    row.note,
    row.changedAt,
    row.prevHash,
  ];
  const evidence = row.evidence ?? null;
  if (evidence === null) return [CHAIN_FORMAT, ...fields.map(field)].join('\n');
  return [CHAIN_FORMAT_WITH_EVIDENCE, ...[...fields, evidence].map(field)].join('\n');
}

/** The row's content hash: SHA-256 of its canonical form (UTF-8), lowercase hex. */
export function historyRowHash(row: ChainedContent): string {
  return createHash('sha256').update(canonicalHistoryRow(row), 'utf8').digest('hex');
}

/** A stored history row: its content with the hash stored beside it. */
export interface StoredChainRow extends ChainedContent {
  historyId: string;
  contentHash: string;
}

/**
 * What a check of a subject's history found. `head` is the stored hash of its last row (null with no rows):
 * a value to note down and compare later, since removing rows from the end leaves a shorter chain intact.
 */
export type ChainCheck =
  | { intact: true; rows: number; head: string | null }
  | {
      intact: false;
      rows: number;
      head: string | null;
      /** The first row that does not hold: its content was changed, or the row before it is not the one it was written after. */
      brokenAt: { historyId: string; position: number; reason: 'content' | 'link' };
    };

/** Walks a subject's rows in the order they were written (by id) and reports the first one that does not hold. */
export function checkChain(rows: readonly StoredChainRow[]): ChainCheck {
  const head = rows.length ? rows[rows.length - 1]!.contentHash : null;
  let previous: string | null = null;
  for (const [i, row] of rows.entries()) {
    const broken = (reason: 'content' | 'link'): ChainCheck => ({
      intact: false,
      rows: rows.length,
      head,
      brokenAt: { historyId: row.historyId, position: i + 1, reason },
    });
    if (row.prevHash !== previous) return broken('link');
    if (!HASH_FORMAT.test(row.contentHash) || !CHANGED_AT_FORMAT.test(row.changedAt) || historyRowHash(row) !== row.contentHash)
      return broken('content');
    previous = row.contentHash;
  }
  return { intact: true, rows: rows.length, head };
}
