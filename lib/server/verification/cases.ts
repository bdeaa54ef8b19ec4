import 'server-only';
/**
 * Moving a verification case (issue 33): who may act on a case is decided here, on the server, from the user's
 * verification roles (table user_verification_roles) — a role reaches the cases whose county code starts with its
 * region's prefix (the one area-range rule, lib/shared/regions/codes.ts) — and what the role may do from the
 * case's stage is the machine's (lib/shared/workflow/machines/verification.ts), run by the one workflow engine.
 *
 * A case outside every range of the user answers 404, as one that does not exist (ids do not leak); a case in
 * range whose stage the user's roles cannot move answers 403. A form saved against a version the case has left
 * answers 409 and changes nothing (the screen keeps what was typed). A submit needs a verdict, a reason from the
 * dictionary for a legal or "other" verdict, and an approval number for a legal one.
 */
import type zh from '../../../messages/zh.json';
import { API_CODES } from '../../shared/contracts/api';
import { codeWithin } from '../../shared/regions/codes';
import {
  REASONED_VERDICTS,
  roleFor,
  verdictAllows,
  type Role,
  type VerificationStatus,
  type VerificationVerdict,
} from '../../shared/workflow';
import { ApiError, notFound } from '../api/errors';
import type { Database, Queryable } from '../db/types';
import type { ChainCheck } from '../../shared/workflow/chain';
import { isAdministrator } from '../auth/roles';
import { PERMISSIONS } from '../../shared/permissions';
import type { Session } from '../session';
import { machineOf, transition, verifyChain } from '../workflow';
import { evidenceFits, evidenceText, type EvidenceRef } from './rectification';

export type VerificationRoleName = 'checker' | 'reviewer' | 'confirmer';

export interface VerificationRole {
  role: VerificationRoleName;
  regionCode: string;
}

/** Who acts: the user, whether an administrator (MOD_ADMIN), and their verification roles. */
export interface VerificationActor {
  userId: string | number;
  admin: boolean;
  roles: readonly VerificationRole[];
}

/** The checker's form, sent with a submit (and kept on the case). */
export interface VerdictForm {
  verdict: VerificationVerdict;
  reasonCode?: string | null;
  approvalNo?: string | null;
  builder?: string | null;
  buildDate?: string | null;
  remarks?: string | null;
}

export interface CaseMove {
  to: VerificationStatus;
  /** The case's version when the form was loaded. */
  version: number;
  note?: string | null;
  form?: VerdictForm;
  /** Closing a rectified case: the scene or later spot it cites (one the case's page lists). */
  evidence?: EvidenceRef;
}

export async function verificationRolesOf(db: Queryable, userId: string | number): Promise<VerificationRole[]> {
  const rows = await db.query<{ role: VerificationRoleName; region_code: string }>(
    `SELECT role, region_code FROM user_verification_roles WHERE user_id = $1 ORDER BY role, region_code`,
    [String(userId)],
  );
  return rows.map((r) => ({ role: r.role, regionCode: r.region_code }));
}

/** The roles of `actor` that reach a case in county `xzqdm` (an administrator reaches every case). */
export function rolesReaching(actor: VerificationActor, xzqdm: string): Role[] {
  const roles = new Set<Role>(actor.roles.filter((r) => codeWithin(xzqdm, r.regionCode)).map((r) => r.role));
  if (actor.admin) roles.add('admin');
  return [...roles];
}

type VerificationErrorKey = keyof (typeof zh)['Verification']['errors'];
const refused = (key: VerificationErrorKey, status = 200, code: number = API_CODES.INVALID_INPUT) =>
  new ApiError(code, `Verification.errors.${key}`, {}, status);

interface CaseRow {
  xzqdm: string;
  status: VerificationStatus;
  version: number;
  verdict: VerificationVerdict | null;
}

/** The due date of the stage a case enters (SQL over the case `c` and its batch `b`). */
function stageDueSql(to: VerificationStatus): string {
  switch (to) {
    case 'pushed':
    case 'checking':
      return 'b.check_due';
    case 'submitted':
      return 'greatest(b.review_due, current_date + 7)';
    case 'passed':
      return 'greatest(b.confirm_due, current_date + 7)';
    case 'returned':
      return 'current_date + 15';
    case 'confirmed':
    case 'objected':
    case 'rectified':
      return 'current_date + 15';
    case 'ordered':
    case 'rectifying':
      return 'coalesce(c.stage_due, current_date + b.rectify_days)';
    case 'closed':
      return 'NULL::date';
  }
}

async function checkForm(tx: Queryable, form: VerdictForm | undefined): Promise<VerdictForm> {
  if (!form) throw refused('verdictRequired');
  if (REASONED_VERDICTS.includes(form.verdict)) {
    if (!form.reasonCode) throw refused('reasonRequired');
    const [known] = await tx.query(`SELECT 1 FROM dictionary_items WHERE code = 'VERIFY_REASON' AND item_value = $1`, [form.reasonCode]);
    if (!known) throw refused('reasonUnknown');
  }
  if (form.verdict === 'legal' && !form.approvalNo?.trim()) throw refused('approvalRequired');
  return form;
}

/**
 * What a move cites (issue 34.3): closing a rectified case must cite a scene acquired since or the next land-cover
 * batch's spot at the place — one the case's page lists, checked under the case's lock — and no other move cites
 * anything. The text recorded in the history, or null.
 */
async function checkEvidence(tx: Queryable, id: string, from: VerificationStatus, move: CaseMove): Promise<string | null> {
  const needed = from === 'rectified' && move.to === 'closed';
  if (!needed) {
    if (move.evidence) throw refused('evidenceUnexpected');
    return null;
  }
  if (!move.evidence) throw refused('evidenceRequired');
  if (!(await evidenceFits(tx, id, move.evidence))) throw refused('evidenceNotListed');
  return evidenceText(move.evidence);
}

/**
 * Moves case `id` for `actor`, in one transaction: scope (404), role (403), version (409), form (400), then the
 * engine (lock, machine, status, history). Returns the case's new version.
 */
export function moveCase(db: Database, actor: VerificationActor, id: string, move: CaseMove): Promise<{ version: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<CaseRow>(`SELECT xzqdm, status, version, verdict FROM verification_cases WHERE id = $1 FOR UPDATE`, [id]);
    if (!row) throw notFound();
    const reaching = rolesReaching(actor, row.xzqdm);
    if (reaching.length === 0) throw notFound();
    if (row.version !== move.version) throw refused('stale', 409, API_CODES.CONFLICT);
    const machine = machineOf('verification');
    const role = roleFor(machine, row.status, move.to, reaching);
    if (!role) throw refused('roleCannot', 403, API_CODES.FORBIDDEN);
    if (!verdictAllows(row.status, move.to, row.verdict)) throw refused('verdictDoesNotFit');
    const form = move.to === 'submitted' ? await checkForm(tx, move.form) : undefined;
    const evidence = await checkEvidence(tx, id, row.status, move);
    let version = row.version;
    await transition(
      tx,
      'verification',
      id,
      { to: move.to, role, actorId: actor.userId, note: move.note, evidence },
      {
        refuse: (refusal) => refused(refusal === 'noteRequired' ? 'noteRequired' : 'roleCannot', refusal === 'noteRequired' ? 200 : 403),
        write: async (q, _from, to) => {
          const params: unknown[] = [id, to];
          let formSql = '';
          if (form) {
            params.push(form.verdict, form.reasonCode ?? null, form.approvalNo?.trim() || null, form.builder?.trim() || null);
            params.push(form.buildDate ?? null, form.remarks?.trim() || null);
            formSql = `, verdict = $3, reason_code = $4, approval_no = $5, builder = $6, build_date = $7::date, remarks = $8`;
          }
          const [updated] = await q.query<{ version: number }>(
            `UPDATE verification_cases c SET status = $2, version = c.version + 1, updated_at = now(),
                    stage_due = ${stageDueSql(to)}, stage_since = now(),
                    first_submitted_at = coalesce(c.first_submitted_at, CASE WHEN $2 = 'submitted' THEN now() END),
                    submitted_on_time = coalesce(c.submitted_on_time, CASE WHEN $2 = 'submitted' THEN current_date <= b.check_due END)${formSql}
               FROM verification_batches b WHERE b.id = c.batch_id AND c.id = $1 RETURNING c.version`,
            params as never[],
          );
          version = updated!.version;
        },
      },
    );
    return { version };
  });
}

/** The acting user of a request: their verification roles, and whether an administrator. */
export async function actorOf(db: Queryable, session: Session): Promise<VerificationActor> {
  return { userId: session.userId, admin: isAdministrator(session), roles: await verificationRolesOf(db, session.userId) };
}

/**
 * A user as a verification actor, read from the database (work done later on their behalf, e.g. an export's job):
 * null when the account is gone or disabled. Administrators hold MOD_ADMIN through one of their roles.
 */
export async function actorOfUser(db: Queryable, userId: string | number): Promise<VerificationActor | null> {
  const [row] = await db.query<{ admin: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM user_roles ur JOIN role_permissions rp ON rp.role_id = ur.role_id
                     WHERE ur.user_id = u.id AND rp.permission_code = $2) AS admin
       FROM users u WHERE u.id = $1 AND u.status = 0`,
    [String(userId), PERMISSIONS.ADMIN],
  );
  if (!row) return null;
  return { userId: String(userId), admin: row.admin, roles: await verificationRolesOf(db, userId) };
}

/** A case's record chain, for the roles whose regions reach it and administrators (404 for anyone else). */
export async function caseChain(db: Queryable, actor: VerificationActor, id: string): Promise<ChainCheck> {
  const [row] = await db.query<{ xzqdm: string }>(`SELECT xzqdm FROM verification_cases WHERE id = $1`, [id]);
  if (!row || rolesReaching(actor, row.xzqdm).length === 0) throw notFound();
  return verifyChain(db, 'verification', id);
}

/**
 * Moves several cases to the same stage (bulk accept into checking): each in its own transaction, so one refusal
 * does not undo the others; the answer says per case whether it moved, with the refusal in the caller's words.
 */
export async function moveCases(
  db: Database,
  actor: VerificationActor,
  move: { to: VerificationStatus; note?: string | null; cases: readonly { id: string; version: number }[] },
  explain: (error: ApiError) => string,
): Promise<{ moved: { id: string; version: number }[]; refused: { id: string; message: string }[] }> {
  const moved: { id: string; version: number }[] = [];
  const refused: { id: string; message: string }[] = [];
  for (const c of move.cases) {
    try {
      moved.push({ id: c.id, ...(await moveCase(db, actor, c.id, { to: move.to, version: c.version, note: move.note })) });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      refused.push({ id: c.id, message: explain(error) });
    }
  }
  return { moved, refused };
}
