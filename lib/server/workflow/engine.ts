import 'server-only';
/**
 * The one engine of every workflow (ADR 0018): in the caller's transaction it locks the subject's row
 * (FOR UPDATE), checks the change against the workflow's machine (the transition exists, the role may
 * take it, a note is given where one is needed), writes the new status, and writes the history row
 * (who, role, note, when) chained to the subject's previous row by its hash. Anything refused changes
 * nothing. The history is read, and its chain verified, here too.
 */
import type { Locale } from '../../../i18n/routing';
import { API_CODES } from '../../shared/contracts/api';
import { checkTransition, parseState, type Refusal, type Role, type WorkflowId } from '../../shared/workflow';
import { checkChain, historyRowHash, type ChainCheck, type ChainedContent } from '../../shared/workflow/chain';
import { ApiError, notFound } from '../api/errors';
import type { Queryable } from '../db/types';
import { machineOf, SUBJECTS, type StateOf } from './subjects';

type Id = string | number;

export interface Change<S> {
  to: S;
  role: Role;
  /** The user making the change; null for the system. */
  actorId: Id | null;
  note?: string | null;
  /** What the change cites, recorded in the history row and covered by its hash (e.g. `scene:<id>`). */
  evidence?: string | null;
  /** When it happened, if not now (demo data, imports). */
  at?: Date;
}

export interface TransitionOptions<S> {
  /** The error a refusal answers with, in the caller's words (default: Workflow.errors.*). */
  refuse?: (refusal: Refusal, from: S, to: S) => Error | Promise<Error>;
  /**
   * Writes the new status together with the workflow's own columns (a reply, a review note, a ready
   * time). Default: the status alone, and `updated_at` where the table has it.
   */
  write?: (tx: Queryable, from: S, to: S, note: string | null) => Promise<void>;
}

const defaultRefusal = (refusal: Refusal) =>
  new ApiError(API_CODES.INVALID_INPUT, refusal === 'refused' ? 'Workflow.errors.transitionRefused' : 'Workflow.errors.noteRequired');

/** Locks the subject's row and returns its state, or null when there is no such row. */
export async function lockState<W extends WorkflowId>(tx: Queryable, workflow: W, id: Id): Promise<StateOf<W> | null> {
  const { table } = SUBJECTS[workflow];
  const [row] = await tx.query<{ status: string }>(`SELECT status::text AS status FROM ${table} WHERE id = $1 FOR UPDATE`, [String(id)]);
  return row ? parseState(machineOf(workflow), row.status) : null;
}

/** Moves the subject to `change.to` along its machine, or throws (and changes nothing). Returns the state it left. */
export async function transition<W extends WorkflowId>(
  tx: Queryable,
  workflow: W,
  id: Id,
  change: Change<StateOf<W>>,
  options: TransitionOptions<StateOf<W>> = {},
): Promise<StateOf<W>> {
  const from = await lockState(tx, workflow, id);
  if (from === null) throw notFound();
  const note = change.note?.trim() || null;
  const check = checkTransition(machineOf(workflow), from, change.to, change.role, note);
  if (!check.ok) throw await (options.refuse ?? defaultRefusal)(check.refusal, from, change.to);
  if (options.write) await options.write(tx, from, change.to, note);
  else {
    const { table, touches } = SUBJECTS[workflow];
    await tx.query(`UPDATE ${table} SET status = $2${touches ? ', updated_at = now()' : ''} WHERE id = $1`, [String(id), change.to]);
  }
  await writeHistory(tx, workflow, id, from, change.to, change.role, change.actorId, note, change.at, change.evidence ?? null);
  return from;
}

/** Records a new subject's first history row: from nothing to the machine's initial state. */
export async function recordStart<W extends WorkflowId>(
  tx: Queryable,
  workflow: W,
  id: Id,
  by: { role: Role; actorId: Id | null; at?: Date },
): Promise<void> {
  await writeHistory(tx, workflow, id, null, machineOf(workflow).initial, by.role, by.actorId, null, by.at);
}

/** `changed_at` in the chain's canonical form (CHANGED_AT_FORMAT): UTC, microseconds. */
const CHANGED_AT_TEXT = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Appends a history row to the subject's chain (lib/shared/workflow/chain.ts): its content hash covers the
 * previous row's. Race-free because every writer holds the subject's row — `transition` has locked it FOR
 * UPDATE, `recordStart` runs in the transaction that created it — so no other row of this subject is written
 * between reading the previous hash and inserting.
 */
async function writeHistory(
  tx: Queryable,
  workflow: WorkflowId,
  id: Id,
  from: string | number | null,
  to: string | number,
  role: Role,
  actorId: Id | null,
  note: string | null,
  at?: Date,
  evidence: string | null = null,
): Promise<void> {
  const [head] = await tx.query<{ changed_at: string; prev_hash: string | null }>(
    `SELECT ${CHANGED_AT_TEXT('coalesce($3::timestamptz, now())')} AS changed_at,
            (SELECT content_hash FROM workflow_history WHERE workflow = $1 AND subject_id = $2 ORDER BY id DESC LIMIT 1) AS prev_hash`,
    [workflow, String(id), at ?? null],
  );
  const content: ChainedContent = {
    workflow,
    subjectId: String(id),
    fromStatus: from === null ? null : String(from),
    toStatus: String(to),
    actorId: actorId === null ? null : String(actorId),
    actorRole: role,
    note,
    changedAt: head!.changed_at,
    prevHash: head!.prev_hash,
    evidence,
  };
  await tx.query(
    `INSERT INTO workflow_history (workflow, subject_id, from_status, to_status, changed_by, actor_role, note, changed_at, prev_hash, content_hash, evidence)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::timestamptz, $9, $10, $11)`,
    [
      content.workflow,
      content.subjectId,
      content.fromStatus,
      content.toStatus,
      content.actorId,
      content.actorRole,
      content.note,
      content.changedAt,
      content.prevHash,
      historyRowHash(content),
      evidence,
    ],
  );
}

export interface HistoryEntry<S> {
  fromStatus: S | null;
  toStatus: S;
  /** The new state's name in the caller's language (the machine's dictionary). */
  toStatusName: string;
  /** Username of who changed it; null for the system (or an account that is gone). */
  by: string | null;
  role: Role;
  note: string | null;
  /** What the change cited (e.g. `scene:<id>`), or null. */
  evidence: string | null;
  at: string;
}

/** A subject's status history, oldest first. */
export async function readHistory<W extends WorkflowId>(
  db: Queryable,
  workflow: W,
  id: Id,
  locale: Locale,
): Promise<HistoryEntry<StateOf<W>>[]> {
  const machine = machineOf(workflow);
  const rows = await db.query<{
    from_status: string | null;
    to_status: string;
    to_status_name: string | null;
    by: string | null;
    actor_role: Role;
    note: string | null;
    evidence: string | null;
    at: Date;
  }>(
    `SELECT h.from_status, h.to_status, ${locale === 'en' ? 'd.name_en' : 'd.name_zh'} AS to_status_name, u.username AS by, h.actor_role,
            h.note, h.evidence, h.changed_at AS at
       FROM workflow_history h
       LEFT JOIN users u ON u.id = h.changed_by
       LEFT JOIN dictionary_items d ON d.code = $3 AND d.item_value = h.to_status
      WHERE h.workflow = $1 AND h.subject_id = $2 ORDER BY h.id`,
    [workflow, String(id), machine.dictionary],
  );
  return rows.map((h) => ({
    fromStatus: parseState(machine, h.from_status),
    toStatus: parseState(machine, h.to_status)!,
    toStatusName: h.to_status_name ?? h.to_status,
    by: h.by,
    role: h.actor_role,
    note: h.note,
    evidence: h.evidence,
    at: new Date(h.at).toISOString(),
  }));
}

/** How many changes a subject has had (its creation included): a round number for once-per-change work. */
export async function countHistory(db: Queryable, workflow: WorkflowId, id: Id): Promise<number> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM workflow_history WHERE workflow = $1 AND subject_id = $2', [
    workflow,
    String(id),
  ]);
  return row?.n ?? 0;
}

/**
 * SQL for when a subject came to its current state: the time of its last history row (NULL when it has none).
 * `subjectId` is the SQL of the subject's id in the caller's query (e.g. `c.id`): lists that say how long each
 * row has waited (verification deadlines) read the history through this.
 */
export function lastChangeSql(workflow: WorkflowId, subjectId: string): string {
  return `(SELECT h.changed_at FROM workflow_history h WHERE h.workflow = '${workflow}' AND h.subject_id = ${subjectId} ORDER BY h.id DESC LIMIT 1)`;
}

/**
 * Recomputes a subject's history chain (issue 33.5): every row's content hash, and that each row names the row
 * before it. Answers intact with the head hash, or the first row that does not hold and why.
 */
export async function verifyChain(db: Queryable, workflow: WorkflowId, id: Id): Promise<ChainCheck> {
  const rows = await db.query<{
    id: string;
    subject_id: string;
    from_status: string | null;
    to_status: string;
    changed_by: string | null;
    actor_role: string;
    note: string | null;
    evidence: string | null;
    changed_at: string;
    prev_hash: string | null;
    content_hash: string;
  }>(
    `SELECT id::text AS id, subject_id::text AS subject_id, from_status, to_status, changed_by::text AS changed_by, actor_role, note,
            evidence, ${CHANGED_AT_TEXT('changed_at')} AS changed_at, prev_hash, content_hash
       FROM workflow_history h WHERE workflow = $1 AND subject_id = $2 ORDER BY h.id`,
    [workflow, String(id)],
  );
  return checkChain(
    rows.map((r) => ({
      historyId: r.id,
      workflow,
      subjectId: r.subject_id,
      fromStatus: r.from_status,
      toStatus: r.to_status,
      actorId: r.changed_by,
      actorRole: r.actor_role,
      note: r.note,
      evidence: r.evidence,
      changedAt: r.changed_at,
      prevHash: r.prev_hash,
      contentHash: r.content_hash,
    })),
  );
}

/** One step of an imported history (demo data, a migration of another system's records), oldest first. */
export interface ImportedStep<S> {
  from: S | null;
  to: S;
  role: Role;
  actorId: Id | null;
  note?: string | null;
  at: Date;
}

const HISTORY_IMPORT_CHUNK = 2000;

/**
 * Records whole histories of subjects that have none yet (demo data, imports), chained as `writeHistory` chains
 * them, in a few statements instead of two per row. The steps are taken as given (they are a record of what
 * happened elsewhere, not moves of this portal's machine); the caller writes the subjects' status itself.
 */
export async function importHistories<W extends WorkflowId>(
  tx: Queryable,
  workflow: W,
  histories: readonly { id: Id; steps: readonly ImportedStep<StateOf<W>>[] }[],
): Promise<number> {
  const rows: (ChainedContent & { contentHash: string })[] = [];
  for (const { id, steps } of histories) {
    let prevHash: string | null = null;
    for (const step of steps) {
      const content: ChainedContent = {
        workflow,
        subjectId: String(id),
        fromStatus: step.from === null ? null : String(step.from),
        toStatus: String(step.to),
        actorId: step.actorId === null ? null : String(step.actorId),
        actorRole: step.role,
        note: step.note?.trim() || null,
        changedAt: `${step.at.toISOString().slice(0, 23)}000Z`,
        prevHash,
      };
      const contentHash = historyRowHash(content);
      rows.push({ ...content, contentHash });
      prevHash = contentHash;
    }
  }
  for (let i = 0; i < rows.length; i += HISTORY_IMPORT_CHUNK) {
    await tx.query(
      `INSERT INTO workflow_history (workflow, subject_id, from_status, to_status, changed_by, actor_role, note, changed_at, prev_hash, content_hash)
       SELECT e.j->>'workflow', (e.j->>'subjectId')::bigint, e.j->>'fromStatus', e.j->>'toStatus', (e.j->>'actorId')::bigint,
              e.j->>'actorRole', e.j->>'note', (e.j->>'changedAt')::timestamptz, e.j->>'prevHash', e.j->>'contentHash'
         FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS e(j, n)
        ORDER BY e.n`,
      [JSON.stringify(rows.slice(i, i + HISTORY_IMPORT_CHUNK))],
    );
  }
  return rows.length;
}
